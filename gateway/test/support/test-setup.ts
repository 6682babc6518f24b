import { randomBytes } from 'node:crypto';

// Integration tests sign in many times a second; the rate-limit test sets its own low limit.
process.env.AUTH_RATE_LIMIT ||= '100000';
// The test client stands where the ingress would (loopback is the trusted proxy), so a test can say which
// address a request comes from with X-Forwarded-For, as the ingress would append it.
process.env.TRUSTED_PROXIES ||= '127.0.0.1,::1';
// The gateway and the payment service refuse to start without the providers' secrets (no defaults exist): random
// ones per test process; the payment tests replace them with their sandboxes' own before they start anything.
const random = () => randomBytes(32).toString('base64url');
process.env.STRIPE_SECRET_KEY ||= `sk_test_${random()}`;
process.env.STRIPE_WEBHOOK_SECRET ||= `whsec_${random()}`;
process.env.DARAJA_CONSUMER_KEY ||= random();
process.env.DARAJA_CONSUMER_SECRET ||= random();
process.env.DARAJA_PASSKEY ||= random();
process.env.DARAJA_INITIATOR_NAME ||= `afya_api_${random().slice(0, 8)}`;
process.env.DARAJA_SECURITY_CREDENTIAL ||= random();
process.env.MPESA_CALLBACK_TOKEN ||= random();
// The USSD callback's secret and service code (issue 42): the gateway refuses to start without them.
process.env.USSD_CALLBACK_TOKEN ||= random();
process.env.USSD_SERVICE_CODE ||= '*384*42#';
// Likewise the support service's messaging credentials; email goes to a port nobody listens on unless a test starts
// its own inbox (SMTP_URL), as the SMS goes to the sandbox only when a test starts the sandboxes.
process.env.AT_USERNAME ||= 'sandbox';
process.env.AT_API_KEY ||= `atsk_${random()}`;
process.env.SMS_DELIVERY_REPORT_TOKEN ||= random();
process.env.SMTP_URL ||= 'smtp://127.0.0.1:1025';
