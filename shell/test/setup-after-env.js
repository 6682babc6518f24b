require('@testing-library/jest-dom');
// Components translate with the page's i18next instance: English, as the tests read them (bundled: no await).
require('shell/i18n').initI18n({ language: 'en' });
jest.setTimeout(30000); // a ceiling for a stuck test, not a budget: tests here take well under a second

// findBy/waitFor give up after 4 s instead of 1 s: a CI machine under load must not fail a correct test.
require('@testing-library/react').configure({ asyncUtilTimeout: 4000 });

// user-event checks `pointer-events` through getComputedStyle on every pointer action and waits between
// keystrokes; in jsdom with antd's CSS-in-JS that dominates test time. Tests here never rely on either.
{
  const userEvent = require('@testing-library/user-event').default;
  const setup = userEvent.setup.bind(userEvent);
  userEvent.setup = (options = {}) => setup({ pointerEventsCheck: 0, delay: null, ...options });
}
