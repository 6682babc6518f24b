/**
 * @jest-environment jsdom
 */
// /login and /register are the first pages many patients open on a phone: their chunk must not pull antd (or its
// icons) in. Any import of either, however indirect, makes this test fail.
jest.mock('antd', () => {
  throw new Error('antd was imported by the sign-in and registration pages');
});
jest.mock('@ant-design/icons', () => {
  throw new Error('@ant-design/icons was imported by the sign-in and registration pages');
});

it('the sign-in and registration chunk loads without antd', async () => {
  const pages = await import('../../auth-pages');
  expect(typeof pages.LoginPage).toBe('function');
  expect(typeof pages.RegisterPage).toBe('function');
});
