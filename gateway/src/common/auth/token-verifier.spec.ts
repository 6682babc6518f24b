import { generateKeyPairSync, KeyObject } from 'node:crypto';
import { UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { SESSION_ENDED } from './auth-messages';
import type { KeyStore } from './key-store';
import type { RevocationStore } from './revocation-store';
import { TokenVerifier } from './token-verifier';

describe('TokenVerifier', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signer = new JwtService();
  const sign = (claims: Record<string, unknown>, expiresIn = 60, key: KeyObject = privateKey) =>
    signer.sign({ sub: '7', role: 'user', sv: 0, jti: `j-${Math.random()}`, ...claims }, { privateKey: key, algorithm: 'RS256', keyid: 'k1', expiresIn });

  let keyLookups: number;
  let revoked: Set<string>;
  let verifier: TokenVerifier;

  beforeEach(() => {
    keyLookups = 0;
    revoked = new Set();
    const keys = { keyFor: async () => (keyLookups++, publicKey), isPublished: () => true } as unknown as KeyStore;
    const revocations = { ready: async () => undefined, isRevoked: (claims: { jti: string }) => revoked.has(claims.jti) } as unknown as RevocationStore;
    verifier = new TokenVerifier(keys, revocations);
  });

  it('checks a token once and remembers it, answering the same caller', async () => {
    const token = sign({ jti: 'a', mcp: true });
    const first = await verifier.verify(token);
    const second = await verifier.verify(token);
    expect(first).toEqual({ userId: 7, role: 'user', jti: 'a', exp: expect.any(Number), sv: 0, mustChangePassword: true });
    expect(second).toEqual(first);
    expect(keyLookups).toBe(1);
  });

  it('checks revocation on every call, cached or not', async () => {
    const token = sign({ jti: 'b' });
    await verifier.verify(token);
    revoked.add('b');
    await expect(verifier.verify(token)).rejects.toEqual(new UnauthorizedException(SESSION_ENDED));
  });

  it('forgets a token at its exp, then refuses it as expired', async () => {
    const token = sign({ jti: 'c' }, 1);
    await verifier.verify(token);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(verifier.verify(token)).rejects.toMatchObject({ name: 'TokenExpiredError' });
    expect(keyLookups).toBe(2);
  });

  it('refuses a correctly signed token without exp (it would never expire)', async () => {
    const token = signer.sign({ sub: '7', role: 'user', sv: 0, jti: 'e' }, { privateKey, algorithm: 'RS256', keyid: 'k1' });
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(UnauthorizedException);
  });

  it('refuses a token signed with another key, and does not remember it', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const token = sign({ jti: 'd' }, 60, other);
    await expect(verifier.verify(token)).rejects.toMatchObject({ name: 'JsonWebTokenError' });
    await expect(verifier.verify(token)).rejects.toMatchObject({ name: 'JsonWebTokenError' });
    expect(keyLookups).toBe(2);
  });
});
