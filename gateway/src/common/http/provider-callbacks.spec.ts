import { declareProviderCallback, providerCallbackRoutes, redactPath } from './provider-callbacks';

describe('provider callbacks: every path parameter is a secret, redacted from logged paths', () => {
  beforeAll(() => {
    declareProviderCallback('/api/test-provider/callback/:token');
    declareProviderCallback('/api/test-provider/status/:token/timeout');
    declareProviderCallback('/api/test-provider/:account/hooks/:key');
    declareProviderCallback('/api/test-provider/webhook');
  });

  it('lists what was declared, once', () => {
    declareProviderCallback('/api/test-provider/callback/:token');
    expect(providerCallbackRoutes().filter((route) => route.startsWith('/api/test-provider/'))).toEqual([
      '/api/test-provider/callback/:token',
      '/api/test-provider/status/:token/timeout',
      '/api/test-provider/:account/hooks/:key',
      '/api/test-provider/webhook',
    ]);
  });

  it('replaces each parameter, keeps the rest of the path', () => {
    expect(redactPath('/api/test-provider/callback/s3cr3t-t0ken')).toBe('/api/test-provider/callback/[redacted]');
    expect(redactPath('/api/test-provider/status/s3cr3t/timeout')).toBe('/api/test-provider/status/[redacted]/timeout');
    expect(redactPath('/api/test-provider/acct-1/hooks/k3y')).toBe('/api/test-provider/[redacted]/hooks/[redacted]');
  });

  it('also on paths no route serves (a near miss with more segments, another case, a trailing slash)', () => {
    expect(redactPath('/api/test-provider/callback/s3cr3t/extra')).toBe('/api/test-provider/callback/[redacted]/extra');
    expect(redactPath('/API/Test-Provider/callback/s3cr3t')).toBe('/API/Test-Provider/callback/[redacted]');
    expect(redactPath('/api/test-provider/callback/s3cr3t/')).toBe('/api/test-provider/callback/[redacted]/');
    expect(redactPath('/api/test-provider/callback/')).toBe('/api/test-provider/callback/[redacted]');
  });

  it('leaves other paths, and callbacks without parameters, as they are', () => {
    expect(redactPath('/api/test-provider/webhook')).toBe('/api/test-provider/webhook');
    expect(redactPath('/api/test-provider/callbacks/s3cr3t')).toBe('/api/test-provider/callbacks/s3cr3t');
    expect(redactPath('/api/appointments/12')).toBe('/api/appointments/12');
  });
});
