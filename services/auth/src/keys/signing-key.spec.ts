import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { decode } from 'jsonwebtoken';
import { TokenIssuer } from '../sessions/token-issuer';
import type { UserEntity } from '../users/user.entity';
import { kidOf, loadKeySet, publishedKeys, SigningKeyProvider } from './signing-key';

/**
 * Auth's side of a JWT signing-key rotation (k8s/README.md "Rotating the JWT signing key"): which key it signs
 * with and which it publishes on `auth.keys`, from the files of Secret afya-auth-jwt. The gateway's side:
 * gateway/src/common/auth/key-rotation.spec.ts.
 */
describe('auth key set across a rotation', () => {
  const logger = new Logger('test');
  jest.spyOn(logger, 'log').mockImplementation(() => undefined);
  const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();
  const oldKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const newKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** The Secret mounted as a folder, loaded as auth does at start. */
  const secret = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'afya-jwt-'));
    dirs = [...dirs, dir];
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return loadKeySet(logger, { JWT_PRIVATE_KEY_FILE: join(dir, 'jwt-private.pem'), JWT_VERIFY_KEYS_DIR: dir });
  };
  const user = { userId: 7, role: 'user', sessionVersion: 0, mustChangePassword: false } as UserEntity;
  const headerOf = (keys: ReturnType<typeof secret>) => decode(new TokenIssuer({ key: keys.signing, keySet: keys } as SigningKeyProvider).issue(user), { complete: true })!.header;
  const [oldKid, newKid] = [kidOf(oldKey.publicKey), kidOf(newKey.publicKey)];

  it('signs with jwt-private.pem (its kid in the header) and publishes it first, then every *.pub.pem', () => {
    const before = secret({ 'jwt-private.pem': pem(oldKey.privateKey, 'pkcs8') });
    expect(headerOf(before)).toEqual({ alg: 'RS256', typ: 'JWT', kid: oldKid });
    expect(publishedKeys(before).keys.map((k) => k.kid)).toEqual([oldKid]);

    const step1 = secret({ 'jwt-private.pem': pem(oldKey.privateKey, 'pkcs8'), 'next.pub.pem': pem(newKey.publicKey, 'spki') });
    expect(headerOf(step1).kid).toBe(oldKid);
    expect(publishedKeys(step1).keys.map((k) => k.kid)).toEqual([oldKid, newKid]);

    const step2 = secret({ 'jwt-private.pem': pem(newKey.privateKey, 'pkcs8'), 'previous.pub.pem': pem(oldKey.publicKey, 'spki') });
    expect(headerOf(step2).kid).toBe(newKid);
    expect(publishedKeys(step2).keys).toEqual([
      { kid: newKid, pem: pem(newKey.publicKey, 'spki') },
      { kid: oldKid, pem: pem(oldKey.publicKey, 'spki') },
    ]);

    const step3 = secret({ 'jwt-private.pem': pem(newKey.privateKey, 'pkcs8') });
    expect(publishedKeys(step3).keys.map((k) => k.kid)).toEqual([newKid]);
  });

  it('publishes a key once, ignores other files, and keeps kids stable (the same key has the same kid everywhere)', () => {
    const keys = secret({ 'jwt-private.pem': pem(newKey.privateKey, 'pkcs8'), 'self.pub.pem': pem(newKey.publicKey, 'spki'), 'README.txt': 'notes' });
    expect(publishedKeys(keys).keys.map((k) => k.kid)).toEqual([newKid]);
    expect(kidOf(newKey.publicKey)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses to start with a private key or something unreadable among the verification keys', () => {
    expect(() => secret({ 'jwt-private.pem': pem(newKey.privateKey, 'pkcs8'), 'oops.pub.pem': pem(oldKey.privateKey, 'pkcs8') })).toThrow(/private key/);
    expect(() => secret({ 'jwt-private.pem': pem(newKey.privateKey, 'pkcs8'), 'typo.pub.pem': 'not a key' })).toThrow();
  });
});
