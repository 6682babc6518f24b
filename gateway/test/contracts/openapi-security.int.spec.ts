import { startTestPlatform, TestPlatform } from '../support/platform';

type Operation = { security?: Record<string, string[]>[]; parameters?: { name: string; in: string }[] };

/**
 * Issue 43: /api/docs said the public profile-picture route needs a token. The document says which operations need
 * one, and it is held to what the gateway does: an operation documented without security answers a caller without a
 * token (anything but 401), one documented with the bearer token refuses them with 401. The gateway runs alone here
 * (no service answers), which is enough: the token check comes before anything is sent to a service.
 */
describe('the OpenAPI document says which operations need a token, as the gateway enforces it', () => {
  let platform: TestPlatform;
  let document: { security?: Record<string, string[]>[]; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    platform = await startTestPlatform({});
    document = (await platform.api('GET', '/docs-json')).body;
  });
  afterAll(() => platform?.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })));
  const needsToken = (operation: Operation) => (operation.security ?? document.security ?? []).some((requirement) => Object.keys(requirement).length > 0);

  it('documents the public profile picture as public, and the upload as needing a token', () => {
    expect(document.paths['/api/user/profile-picture/{id}'].get.security).toEqual([]);
    expect(document.paths['/api/user/profile-picture'].post.security).toEqual([{ bearer: [] }]);
  });

  it('documents every public route (sign-in, registration, passwords, contact, provider callbacks) as public', () => {
    const publicOnes = operations().filter(({ operation }) => !needsToken(operation)).map(({ method, path }) => `${method} ${path}`);
    expect(publicOnes).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/register',
        'POST /api/auth/forgot-password',
        'POST /api/auth/reset-password',
        'POST /api/contact',
        'GET /api/user/profile-picture/{id}',
        'POST /api/payments/stripe/webhook',
        'POST /api/mpesa/callback/{token}',
        'POST /api/notifications/sms/delivery-reports/{token}',
      ]),
    );
  });

  it('holds every operation to it: documented public ones answer without a token, the others answer 401', async () => {
    const wrong: string[] = [];
    for (const { path, method, operation } of operations()) {
      const url = path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, '1');
      const response = await fetch(`${platform.baseUrl}/api${url}`, {
        method,
        headers: method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' },
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
        signal: AbortSignal.timeout(15_000),
      });
      await response.body?.cancel();
      if (needsToken(operation) !== (response.status === 401)) wrong.push(`${method} ${path}: documented ${needsToken(operation) ? 'with' : 'without'} a token, answered ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
