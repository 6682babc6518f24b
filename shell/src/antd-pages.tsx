// The antd pages of the public top bar, one chunk fetched with the first of them (App.tsx); the dashboard
// never needs it.
export { ContactPage } from './features/contact/ContactPage';
export { PaymentCancelPage } from './features/public-site/PaymentCancelPage';
export { PaymentSuccessPage } from './features/payments/PaymentSuccessPage';
