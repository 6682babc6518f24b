'use strict';
// The provider sandboxes, started together by the local runner (`npm start`), the browser journeys and the
// services' tests. `env` is the configuration the payment and support services read: the same variables that
// point them at api.stripe.com, api.safaricom.co.ke and api.africastalking.com in production (see
// services/payment/src/payment.config.ts and services/support/src/communications/communications.config.ts).
// The mail inbox (MailDev, mail-inbox.js) is the SMTP server email goes to locally.
const crypto = require('node:crypto');
const { startStripeSandbox, signPayload } = require('./stripe-sandbox');
const { startDarajaSandbox } = require('./daraja-sandbox');
const { startAfricasTalkingSandbox } = require('./africastalking-sandbox');
const { startMailInbox } = require('./mail-inbox');
const { startUssdSimulator } = require('./ussd-simulator');

/**
 * Credentials made for one run of the sandboxes and handed to the payment and support services and the gateway with their
 * addresses. Random each time: a published default would let anyone who read this repository sign a webhook or
 * call the M-Pesa callback of a platform that forgot to set its own (the services refuse to start without them).
 */
function sandboxCredentials() {
  const random = (bytes) => crypto.randomBytes(bytes).toString('base64url');
  return Object.freeze({
    stripeSecretKey: `sk_test_${random(24)}`,
    stripeWebhookSecret: `whsec_${random(24)}`,
    darajaConsumerKey: random(24),
    darajaConsumerSecret: random(24),
    // Safaricom's published sandbox shortcode (a public test value); the passkey is this run's own.
    darajaShortcode: '174379',
    darajaPasskey: crypto.randomBytes(32).toString('hex'),
    darajaInitiatorName: `afya_api_${random(6)}`,
    darajaSecurityCredential: random(48),
    mpesaCallbackToken: random(32),
    africasTalkingUsername: 'sandbox',
    africasTalkingApiKey: `atsk_${random(24)}`,
    smsDeliveryReportToken: random(32),
    // Issue 42: the secret in the USSD callback's URL, and the code the simulator dials (AT's sandbox codes look so).
    ussdCallbackToken: random(32),
    ussdServiceCode: '*384*42#',
  });
}

/**
 * @param {object} options
 * @param {string} options.gatewayUrl   where the platform's /api is reached (webhooks and callbacks go there)
 * @param {number} [options.stripePort] 0 = any free port
 * @param {number} [options.darajaPort]
 * @param {number} [options.darajaDelayMs]
 * @param {number} [options.smsPort]
 * @param {number} [options.smsReportDelayMs]
 * @param {number} [options.ussdPort]
 * @param {(line: string) => void} [options.log]
 */
async function startSandboxes(options) {
  const c = sandboxCredentials();
  const gatewayUrl = options.gatewayUrl.replace(/\/$/, '');
  const stripe = await startStripeSandbox({
    port: options.stripePort ?? 0,
    secretKey: c.stripeSecretKey,
    webhookSecret: c.stripeWebhookSecret,
    webhookUrl: `${gatewayUrl}/api/payments/stripe/webhook`,
    log: options.log && ((line) => options.log(`stripe sandbox: ${line}`)),
  });
  let daraja;
  try {
    daraja = await startDarajaSandbox({
      port: options.darajaPort ?? 0,
      consumerKey: c.darajaConsumerKey,
      consumerSecret: c.darajaConsumerSecret,
      shortcode: c.darajaShortcode,
      passkey: c.darajaPasskey,
      initiatorName: c.darajaInitiatorName,
      securityCredential: c.darajaSecurityCredential,
      delayMs: options.darajaDelayMs,
      log: options.log && ((line) => options.log(`daraja sandbox: ${line}`)),
    });
  } catch (error) {
    await stripe.close();
    throw error;
  }
  let sms;
  try {
    sms = await startAfricasTalkingSandbox({
      port: options.smsPort ?? 0,
      username: c.africasTalkingUsername,
      apiKey: c.africasTalkingApiKey,
      deliveryReportUrl: `${gatewayUrl}/api/notifications/sms/delivery-reports/${c.smsDeliveryReportToken}`,
      delayMs: options.smsReportDelayMs,
      log: options.log && ((line) => options.log(`sms sandbox: ${line}`)),
    });
  } catch (error) {
    await Promise.all([stripe.close(), daraja.close()]);
    throw error;
  }
  let ussd;
  try {
    ussd = await startUssdSimulator({
      port: options.ussdPort ?? 0,
      callbackUrl: `${gatewayUrl}/api/ussd/callback/${c.ussdCallbackToken}`,
      serviceCode: c.ussdServiceCode,
      log: options.log && ((line) => options.log(`ussd simulator: ${line}`)),
    });
  } catch (error) {
    await Promise.all([stripe.close(), daraja.close(), sms.close()]);
    throw error;
  }
  const env = {
    STRIPE_API_BASE: stripe.url,
    STRIPE_SECRET_KEY: c.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: c.stripeWebhookSecret,
    DARAJA_BASE_URL: daraja.url,
    DARAJA_CONSUMER_KEY: c.darajaConsumerKey,
    DARAJA_CONSUMER_SECRET: c.darajaConsumerSecret,
    DARAJA_SHORTCODE: c.darajaShortcode,
    DARAJA_PASSKEY: c.darajaPasskey,
    DARAJA_INITIATOR_NAME: c.darajaInitiatorName,
    DARAJA_SECURITY_CREDENTIAL: c.darajaSecurityCredential,
    MPESA_CALLBACK_TOKEN: c.mpesaCallbackToken,
    MPESA_CALLBACK_BASE_URL: gatewayUrl,
    PUBLIC_APP_URL: gatewayUrl,
    AT_BASE_URL: sms.url,
    AT_USERNAME: c.africasTalkingUsername,
    AT_API_KEY: c.africasTalkingApiKey,
    SMS_DELIVERY_REPORT_TOKEN: c.smsDeliveryReportToken,
    USSD_CALLBACK_TOKEN: c.ussdCallbackToken,
    USSD_SERVICE_CODE: c.ussdServiceCode,
  };
  return {
    env,
    credentials: c,
    stripe,
    daraja,
    sms,
    ussd,
    describe: `Stripe ${stripe.url}, Daraja ${daraja.url}, Africa's Talking SMS ${sms.url} (sent messages: ${sms.url}/messages), USSD simulator ${ussd.url} (dial ${c.ussdServiceCode})`,
    async close() {
      await Promise.all([stripe.close(), daraja.close(), sms.close(), ussd.close()]);
    },
  };
}

/**
 * The local runner's SMTP server: MailDev on SMTP_SANDBOX_PORT / MAIL_INBOX_PORT (default any free ports), unless
 * SMTP_URL is set (then email goes there) or AFYA_SANDBOXES=false. Resolves to null when none is started.
 */
async function provideMailInbox({ env = process.env } = {}) {
  if (String(env.AFYA_SANDBOXES || '').toLowerCase() === 'false') return null;
  if (env.SMTP_URL) return null;
  const port = (name) => (env[name] ? Number(env[name]) : 0);
  return startMailInbox({ smtpPort: port('SMTP_SANDBOX_PORT'), webPort: port('MAIL_INBOX_PORT') });
}

/**
 * The local runner's choice: the sandboxes unless AFYA_SANDBOXES=false or the environment already points the
 * payment service at a provider (STRIPE_API_BASE / DARAJA_BASE_URL set: e.g. Stripe test mode with real keys).
 * Ports: STRIPE_SANDBOX_PORT / DARAJA_SANDBOX_PORT (default: any free port); DARAJA_SANDBOX_DELAY_MS (default 3000).
 * Resolves to null when no sandbox is wanted.
 */
async function provideSandboxes({ env = process.env, gatewayUrl, log }) {
  if (String(env.AFYA_SANDBOXES || '').toLowerCase() === 'false') return null;
  if (env.STRIPE_API_BASE || env.DARAJA_BASE_URL) return null;
  const port = (name) => (env[name] ? Number(env[name]) : 0);
  return startSandboxes({
    gatewayUrl,
    stripePort: port('STRIPE_SANDBOX_PORT'),
    darajaPort: port('DARAJA_SANDBOX_PORT'),
    darajaDelayMs: env.DARAJA_SANDBOX_DELAY_MS ? Number(env.DARAJA_SANDBOX_DELAY_MS) : undefined,
    smsPort: port('SMS_SANDBOX_PORT'),
    ussdPort: port('USSD_SIMULATOR_PORT'),
    log: env.AFYA_VERBOSE === '1' ? log : undefined,
  });
}

module.exports = {
  startSandboxes,
  provideSandboxes,
  provideMailInbox,
  startMailInbox,
  startStripeSandbox,
  startDarajaSandbox,
  startAfricasTalkingSandbox,
  startUssdSimulator,
  signPayload,
  sandboxCredentials,
};
