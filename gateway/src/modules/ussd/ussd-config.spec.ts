import { UssdConfig, ussdConfigProblems } from './ussd-config';

const token = 'k3yJ2xvQyq0W0mV1kqgqj0cVJcR8QfZp_8-1';

describe('the USSD settings', () => {
  it('are required, with no default, and must look like a secret and a service code', () => {
    expect(ussdConfigProblems({})).toEqual([expect.stringContaining('USSD_CALLBACK_TOKEN is required'), expect.stringContaining('USSD_SERVICE_CODE is required')]);
    expect(ussdConfigProblems({ USSD_CALLBACK_TOKEN: 'short', USSD_SERVICE_CODE: '384' })).toHaveLength(2);
    expect(ussdConfigProblems({ USSD_CALLBACK_TOKEN: token, USSD_SERVICE_CODE: '*384*42#' })).toEqual([]);
    expect(() => new UssdConfig({})).toThrow(/Refusing to start without the USSD settings/);
  });

  it('match the callback secret exactly', () => {
    const config = new UssdConfig({ USSD_CALLBACK_TOKEN: token, USSD_SERVICE_CODE: '*384*42#' });
    expect(config.tokenMatches(token)).toBe(true);
    expect(config.tokenMatches(`${token}x`)).toBe(false);
    expect(config.tokenMatches(token.slice(1))).toBe(false);
    expect(config.tokenMatches(undefined)).toBe(false);
  });
});
