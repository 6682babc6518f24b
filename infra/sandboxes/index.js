'use strict';
// The provider sandboxes, started together by the local runner (`npm start`), the browser journeys and the
// services' tests. `env` is the configuration the payment and support services read: the same variables that
// point them at api.stripe.com, api.safaricom.co.ke and api.africastalking.com in production (see
// services/payment/src/payment.config.ts and services/support/src/communications/communications.config.ts).
// The mail inbox (MailDev, mail-inbox.js) is the SMTP server email goes to locally.
const { startStripeSandbox, signPayload } = require('./stripe-sandbox');
const { startDarajaSandbox } = require('./daraja-sandbox');
const { startAfricasTalkingSandbox } = require('./africastalking-sandbox');
const { startMailInbox } = require('./mail-inbox');

/** Development credentials: they only open these sandboxes. */
const SANDBOX_CREDENTIALS = Object.freeze({
  stripeSecretKey: 'sk_test_afya_sandbox',
  stripeWebhookSecret: 'whsec_afya_sandbox',
  darajaConsumerKey: 'afya-sandbox-consumer-key',
  darajaConsumerSecret: 'afya-sandbox-consumer-secret',
  // Safaricom's published sandbox shortcode and passkey (public test values).
  darajaShortcode: '174379',
  darajaPasskey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  mpesaCallbackToken: 'afya-sandbox-callback-token',
  africasTalkingUsername: 'sandbox',
  africasTalkingApiKey: 'atsk_afya_sandbox',
  smsDeliveryReportToken: 'afya-sandbox-sms-report-token',
});

/**
 * @param {object} options
 * @param {string} options.gatewayUrl   where the platform's /api is reached (webhooks and callbacks go there)
 * @param {number} [options.stripePort] 0 = any free port
 * @param {number} [options.darajaPort]
 * @param {number} [options.darajaDelayMs]
 * @param {number} [options.smsPort]
 * @param {number} [options.smsReportDelayMs]
 * @param {(line: string) => void} [options.log]
 */
async function startSandboxes(options) {
  const c = SANDBOX_CREDENTIALS;
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
  const env = {
    STRIPE_API_BASE: stripe.url,
    STRIPE_SECRET_KEY: c.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: c.stripeWebhookSecret,
    DARAJA_BASE_URL: daraja.url,
    DARAJA_CONSUMER_KEY: c.darajaConsumerKey,
    DARAJA_CONSUMER_SECRET: c.darajaConsumerSecret,
    DARAJA_SHORTCODE: c.darajaShortcode,
    DARAJA_PASSKEY: c.darajaPasskey,
    MPESA_CALLBACK_TOKEN: c.mpesaCallbackToken,
    MPESA_CALLBACK_BASE_URL: gatewayUrl,
    PUBLIC_APP_URL: gatewayUrl,
    AT_BASE_URL: sms.url,
    AT_USERNAME: c.africasTalkingUsername,
    AT_API_KEY: c.africasTalkingApiKey,
    SMS_DELIVERY_REPORT_TOKEN: c.smsDeliveryReportToken,
  };
  return {
    env,
    stripe,
    daraja,
    sms,
    describe: `Stripe ${stripe.url}, Daraja ${daraja.url}, Africa's Talking SMS ${sms.url} (sent messages: ${sms.url}/messages)`,
    async close() {
      await Promise.all([stripe.close(), daraja.close(), sms.close()]);
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
  signPayload,
  SANDBOX_CREDENTIALS,
};
