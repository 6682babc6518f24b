// The antd pages of the public top bar, one chunk fetched with the first of them (App.tsx); the dashboard
// never needs it.
export { ForgotPasswordPage } from './features/auth/ForgotPasswordPage';
export { ResetPasswordPage } from './features/auth/ResetPasswordPage';
export { ContactPage } from './features/contact/ContactPage';
export { PaymentCancelPage } from './features/public-site/PaymentCancelPage';
export { PaymentSuccessPage } from './features/payments/PaymentSuccessPage';
