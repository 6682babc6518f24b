import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { PublicKeysReply } from '@afya/auth-service/contracts';
import type { ServiceClient } from '../bus/service-client';
import { toAuthException } from './jwt-auth.guard';
import { KeyStore } from './key-store';
import type { RevocationStore } from './revocation-store';
import { TokenVerifier } from './token-verifier';

/**
 * A JWT signing-key rotation as the gateway sees it (k8s/README.md "Rotating the JWT signing key"): auth's
 * `auth.keys` reply changes at each step, tokens carry the kid of the key that signed them. The gateway's
 * KeyStore and TokenVerifier are the real ones; the bus is replaced by the reply auth gives at that step
 * (auth's side, which keys it signs with and publishes from the Secret: services/auth/src/keys/signing-key.spec.ts).
 */
describe('JWT signing key rotation at the gateway', () => {
  const pem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();
  const oldKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const newKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signer = new JwtService();
  const sign = (privateKey: KeyObject, kid: string) =>
    signer.sign({ sub: '7', role: 'user', sv: 0, jti: `j-${Math.random()}` }, { privateKey, algorithm: 'RS256', keyid: kid, expiresIn: 600 });

  let published: PublicKeysReply;
  let store: KeyStore;
  let verifier: TokenVerifier;
  /** What the caller gets: the user id, or the HTTP status the guard answers with. */
  const outcome = (token: string) =>
    verifier.verify(token).then(
      (caller) => caller.userId,
      (error: unknown) => toAuthException(error).getStatus(),
    );

  beforeEach(() => {
    published = { keys: [{ kid: 'old', pem: pem(oldKey.publicKey) }] };
    const bus = { send: async () => published } as unknown as ServiceClient;
    store = new KeyStore(bus);
    store.minRefreshIntervalMs = 0;
    const revocations = { ready: async () => undefined, isRevoked: () => false } as unknown as RevocationStore;
    verifier = new TokenVerifier(store, revocations);
  });

  it('verifies the previous key\'s tokens after the rotation, and refuses them once the key is retired', async () => {
    const before = sign(oldKey.privateKey, 'old');
    expect(await outcome(before)).toBe(7);

    // 1. auth publishes the next key too; 2. signs with it and keeps publishing the old one
    published = { keys: [{ kid: 'new', pem: pem(newKey.publicKey) }, { kid: 'old', pem: pem(oldKey.publicKey) }] };
    const after = sign(newKey.privateKey, 'new');
    expect(await outcome(after)).toBe(7); // an unknown kid makes the gateway fetch the set
    expect(await outcome(before)).toBe(7); // a token of the previous key still verifies
    expect(store.publishedKids().sort()).toEqual(['new', 'old']);

    // 3. the old key's tokens have expired: auth stops publishing it, the gateway's next refresh drops it
    published = { keys: [{ kid: 'new', pem: pem(newKey.publicKey) }] };
    await store.refresh();
    expect(store.publishedKids()).toEqual(['new']);
    expect(await outcome(before)).toBe(401); // verified (and cached) before: refused all the same
    expect(await outcome(sign(oldKey.privateKey, 'old'))).toBe(401);
    expect(await outcome(after)).toBe(7);
  });

  it('refuses a token whose kid no published key has, and one signed by another key under a known kid', async () => {
    expect(await outcome(sign(stranger.privateKey, 'not-ours'))).toBe(401);
    expect(await outcome(sign(stranger.privateKey, 'old'))).toBe(401);
    expect(await outcome(signer.sign({ sub: '7' }, { privateKey: oldKey.privateKey, algorithm: 'RS256' }))).toBe(401); // no kid
  });

  it('drops a retired key by itself once the set is older than KEY_SET_MAX_AGE_MS, in the background', async () => {
    published = { keys: [{ kid: 'new', pem: pem(newKey.publicKey) }, { kid: 'old', pem: pem(oldKey.publicKey) }] };
    const old = sign(oldKey.privateKey, 'old');
    expect(await outcome(old)).toBe(7);
    published = { keys: [{ kid: 'new', pem: pem(newKey.publicKey) }] };
    store.maxKeySetAgeMs = 0;
    const fetched = store.refreshCount;
    // this request starts the refresh and goes on with the set it has (auth being slow must not stall calls)
    expect(await outcome(old)).toBe(7);
    await new Promise((resolve) => setImmediate(resolve)); // the background refresh's reply
    expect(store.refreshCount).toBe(fetched + 1);
    expect(store.publishedKids()).toEqual(['new']);
    expect(await outcome(old)).toBe(401);
  });

  it('keeps the set it has when a refresh fails (auth unreachable must not log everyone out)', async () => {
    const token = sign(oldKey.privateKey, 'old');
    expect(await outcome(token)).toBe(7);
    store.maxKeySetAgeMs = 0;
    published = undefined as unknown as PublicKeysReply; // the next fetch fails (reply.keys of undefined)
    expect(await outcome(token)).toBe(7);
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.publishedKids()).toEqual(['old']);
    expect(await outcome(token)).toBe(7);
  });

  it('builds one KeyObject per key and keeps it across refreshes (a PEM is parsed once, not per verify)', async () => {
    const token = sign(oldKey.privateKey, 'old');
    const key = await store.keyFor(token);
    await store.refresh();
    await store.refresh();
    expect(await store.keyFor(token)).toBe(key);
  });
});
