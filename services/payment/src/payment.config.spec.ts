import { PROVIDER_SECRET_NAMES } from '../contracts';
import { readPaymentConfig } from './payment.config';

// Issue 22, item 1: the payment service has no default for any provider secret. readPaymentConfig runs when the
// module is built (PAYMENT_CONFIG's factory), so a missing or published value stops the service at start-up.
describe('readPaymentConfig fails closed', () => {
  const saved = { ...process.env };
  const real: Record<string, string> = {
    STRIPE_SECRET_KEY: 'sk_live_0123456789abcdefghijklmnop',
    STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefghijklmnopqrstuv',
    DARAJA_CONSUMER_KEY: 'consumer-key-0123456789',
    DARAJA_CONSUMER_SECRET: 'consumer-secret-0123456789',
    DARAJA_PASSKEY: 'f'.repeat(64),
    DARAJA_INITIATOR_NAME: 'afya_api_operator',
    DARAJA_SECURITY_CREDENTIAL: 'c'.repeat(344),
    MPESA_CALLBACK_TOKEN: 'Zk3v_9QmT2xW7pLr4sNb8yHc1dGf6jAe0uIo5',
  };

  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  it('starts with real values for every secret', () => {
    Object.assign(process.env, real);
    expect(readPaymentConfig()).toMatchObject({ stripe: { webhookSecret: real.STRIPE_WEBHOOK_SECRET }, mpesaCallbackToken: real.MPESA_CALLBACK_TOKEN });
  });

  it.each(PROVIDER_SECRET_NAMES)('refuses to start without %s', (name) => {
    Object.assign(process.env, real);
    delete process.env[name];
    expect(() => readPaymentConfig()).toThrow(new RegExp(`${name} is required`));
  });

  it.each([
    ['STRIPE_WEBHOOK_SECRET', 'whsec_afya_sandbox', /published sandbox value/],
    ['STRIPE_SECRET_KEY', 'sk_test_afya_sandbox', /published sandbox value/],
    ['MPESA_CALLBACK_TOKEN', 'afya-sandbox-callback-token', /published sandbox value/],
    ['DARAJA_CONSUMER_KEY', 'afya-sandbox-consumer-key', /published sandbox value/],
    ['MPESA_CALLBACK_TOKEN', 'short', /32-128 random/],
    ['STRIPE_WEBHOOK_SECRET', 'not-a-webhook-secret', /whsec_/],
    ['DARAJA_PASSKEY', '   ', /is required/],
  ])('refuses %s = %s', (name, value, message) => {
    Object.assign(process.env, real, { [name]: value });
    expect(() => readPaymentConfig()).toThrow(message);
  });
});
