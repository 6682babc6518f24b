/**
 * @jest-environment node
 */
import { isHashedAsset, isShellEntry } from './routes';

describe("what the service worker keeps (sw.ts's routes)", () => {
  it.each([
    ['/1450.1ae59922.js', true],
    ['/mfe/patient/0.3.0-1a2b3c4d/remoteEntry.js', true],
    ['/mfe/patient/0.3.0-1a2b3c4d/__federation_expose_routes.9f8e7d6c.js', true],
    ['/main.js', false],
    ['/index.html', false],
    ['/api/appointments', false],
    ['/mfe/patient/remoteEntry.js', false],
  ])('%s is a hashed file (cache first): %s', (path, hashed) => {
    expect(isHashedAsset(path)).toBe(hashed);
  });

  it.each([
    ['/main.js', true],
    ['/remoteEntry.js', true],
    ['/mf-manifest.json', true],
    ['/config/remotes.json', true],
    ['/api/appointments', false],
    ['/api/user/profile', false],
    ['/1450.1ae59922.js', false],
  ])('%s is an entry file (network first, kept for offline): %s', (path, entry) => {
    expect(isShellEntry(path)).toBe(entry);
  });

  it('never keeps an API reply (no personal data in the worker)', () => {
    for (const path of ['/api/appointments', '/api/prescriptions/user', '/api/medical-history/self', '/api/payments/history']) {
      expect(isHashedAsset(path) || isShellEntry(path)).toBe(false);
    }
  });
});
