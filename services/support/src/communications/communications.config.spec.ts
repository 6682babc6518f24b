import { MESSAGING_SECRET_NAMES, readCommunicationsConfig } from './communications.config';

// Issue 22: the support service's messaging credentials fail closed, whatever NODE_ENV says. readCommunicationsConfig
// runs when the module is built (COMMUNICATIONS_CONFIG's factory), so a missing or published value stops the service
// at start-up; only the sandboxes (local runner, tests) hand it values, that run's own.
describe('readCommunicationsConfig fails closed', () => {
  const saved = { ...process.env };
  const real: Record<string, string> = {
    AT_USERNAME: 'afya',
    AT_API_KEY: 'atsk_0123456789abcdef0123456789abcdef0123456789abcdef',
    SMS_DELIVERY_REPORT_TOKEN: 'Rk3v_9QmT2xW7pLr4sNb8yHc1dGf6jAe0uIo5',
    SMTP_URL: 'smtps://afya:relay-password@smtp.example.org:465',
  };

  beforeEach(() => {
    for (const name of MESSAGING_SECRET_NAMES) delete process.env[name];
  });

  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  it('starts with real values for every credential', () => {
    Object.assign(process.env, real);
    expect(readCommunicationsConfig()).toMatchObject({ sms: { username: 'afya', apiKey: real.AT_API_KEY }, smsDeliveryReportToken: real.SMS_DELIVERY_REPORT_TOKEN, smtpUrl: real.SMTP_URL });
  });

  it.each(['development', 'test', undefined])('has no sandbox default when NODE_ENV is %s', (nodeEnv) => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    expect(() => readCommunicationsConfig()).toThrow(/AT_USERNAME is required.*AT_API_KEY is required.*SMS_DELIVERY_REPORT_TOKEN is required.*SMTP_URL is required/);
  });

  it.each(MESSAGING_SECRET_NAMES)('refuses to start without %s', (name) => {
    Object.assign(process.env, real);
    delete process.env[name];
    expect(() => readCommunicationsConfig()).toThrow(new RegExp(`${name} is required`));
  });

  it.each([
    ['AT_API_KEY', 'atsk_afya_sandbox', /published sandbox value/],
    ['SMS_DELIVERY_REPORT_TOKEN', 'afya-sandbox-sms-report-token', /published sandbox value/],
    ['SMS_DELIVERY_REPORT_TOKEN', 'short', /32-128 random/],
    ['SMTP_URL', 'relay.example.org:25', /smtp:\/\/ or smtps:\/\//],
    ['AT_USERNAME', '  ', /is required/],
  ])('refuses %s = %s', (name, value, message) => {
    Object.assign(process.env, real, { [name]: value });
    expect(() => readCommunicationsConfig()).toThrow(message);
  });
});
