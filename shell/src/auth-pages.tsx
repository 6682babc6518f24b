// /login and /register, one small chunk fetched with the first of them (App.tsx). Plain React and styles.css:
// no antd and no ui-kit, like the public pages.
export { LoginPage } from './features/auth/LoginPage';
export { RegisterPage } from './features/auth/RegisterPage';
