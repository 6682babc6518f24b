require('@testing-library/jest-dom');
jest.setTimeout(30000); // antd forms typed field by field are slow in jsdom (testTimeout is global-only under projects)

// user-event checks `pointer-events` through getComputedStyle on every pointer action and waits between
// keystrokes; in jsdom with antd's CSS-in-JS that dominates test time. Tests here never rely on either.
{
  const userEvent = require('@testing-library/user-event').default;
  const setup = userEvent.setup.bind(userEvent);
  userEvent.setup = (options = {}) => setup({ pointerEventsCheck: 0, delay: null, ...options });
}
