import { generateKeyPairSync } from 'node:crypto';
import type { ServiceClient } from '../bus/service-client';
import { KeyStore } from './key-store';

const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const tokenWithKid = (kid: string) => `${Buffer.from(JSON.stringify({ alg: 'RS256', kid })).toString('base64url')}.e30.sig`;

describe('KeyStore: unknown kids are throttled', () => {
  let sends: number;
  let store: KeyStore;
  beforeEach(() => {
    sends = 0;
    const bus = { send: async () => (sends++, { keys: [{ kid: 'k1', pem }] }) } as unknown as ServiceClient;
    store = new KeyStore(bus);
  });

  it('fetches once for the known kid, then at most once per interval for unknown ones', async () => {
    await expect(store.keyFor(tokenWithKid('k1'))).resolves.toBeDefined();
    expect(sends).toBe(1);
    // The first unknown kid after the interval may refresh (a rotation); the next 200 inside the interval may not.
    store.minRefreshIntervalMs = 0;
    await expect(store.keyFor(tokenWithKid('nope-0'))).rejects.toThrow();
    expect(sends).toBe(2);
    store.minRefreshIntervalMs = 60_000;
    await Promise.all(Array.from({ length: 200 }, (_, i) => expect(store.keyFor(tokenWithKid(`nope-${i + 1}`))).rejects.toThrow()));
    expect(sends).toBe(2);
    expect(store.refreshCount).toBe(2);
    await expect(store.keyFor(tokenWithKid('k1'))).resolves.toBeDefined();
  });

  it('refuses an oversized kid without asking', async () => {
    await expect(store.keyFor(tokenWithKid('x'.repeat(500)))).rejects.toThrow();
    expect(sends).toBe(0);
  });
});
