import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import type { PublicKeysReply } from '../../contracts';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicPem: string;
}

/** A public key the gateways accept tokens from, though auth no longer (or not yet) signs with it. */
export interface VerificationKey {
  kid: string;
  publicPem: string;
  /** where it was read from, for the start-up log */
  file: string;
}

/**
 * The keys auth publishes on `auth.keys`: the one it signs with, and the verification-only ones of a rotation
 * (k8s/README.md "Rotating the JWT signing key"): the next key before auth signs with it, the previous key until
 * the last token it signed has expired.
 */
export interface KeySet {
  signing: SigningKey;
  verifyOnly: VerificationKey[];
}

/** A key's id: the first 16 hex of the SHA-256 of its public key (SPKI DER), so the same key has the same kid everywhere. */
export function kidOf(publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
}

/**
 * Only the auth service holds the private key (RS256); the gateway verifies with the public key it
 * fetches from here. The key comes from JWT_PRIVATE_KEY_FILE or JWT_PRIVATE_KEY (PEM); without either,
 * outside production, an ephemeral key is generated (tokens then die with the process).
 */
export function loadSigningKey(logger = new Logger('SigningKey'), env: NodeJS.ProcessEnv = process.env): SigningKey {
  let pem = env.JWT_PRIVATE_KEY;
  if (!pem && env.JWT_PRIVATE_KEY_FILE) pem = readFileSync(env.JWT_PRIVATE_KEY_FILE, 'utf8');
  let privateKey: KeyObject;
  if (pem) {
    privateKey = createPrivateKey(pem);
  } else {
    if (env.NODE_ENV === 'production') throw new Error('JWT_PRIVATE_KEY_FILE or JWT_PRIVATE_KEY is required in production');
    logger.warn('No JWT private key configured: using an ephemeral key for this process');
    privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  }
  const publicKey = createPublicKey(privateKey);
  return { kid: kidOf(publicKey), privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/** The suffix of a verification-only key's file in JWT_VERIFY_KEYS_DIR. */
export const VERIFY_KEY_SUFFIX = '.pub.pem';

/**
 * The signing key and every `*.pub.pem` in JWT_VERIFY_KEYS_DIR (in the cluster: the keys of Secret afya-auth-jwt
 * named so, mounted beside jwt-private.pem). A file there that is not a public key stops the start: a typo must
 * not silently log every user out. Its own signing key listed there too is published once.
 */
export function loadKeySet(logger = new Logger('SigningKey'), env: NodeJS.ProcessEnv = process.env): KeySet {
  const signing = loadSigningKey(logger, env);
  const dir = env.JWT_VERIFY_KEYS_DIR;
  const verifyOnly: VerificationKey[] = [];
  if (dir) {
    for (const name of readdirSync(dir).filter((n) => n.endsWith(VERIFY_KEY_SUFFIX)).sort()) {
      const file = join(dir, name);
      const text = readFileSync(file, 'utf8');
      if (text.includes('PRIVATE KEY')) throw new Error(`${file} holds a private key: only public keys go in JWT_VERIFY_KEYS_DIR`);
      const publicKey = createPublicKey(text);
      const kid = kidOf(publicKey);
      if (kid === signing.kid || verifyOnly.some((k) => k.kid === kid)) continue;
      verifyOnly.push({ kid, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), file });
    }
  }
  logger.log(`Signing JWTs with kid ${signing.kid}; also publishing ${verifyOnly.length ? verifyOnly.map((k) => `${k.kid} (${k.file})`).join(', ') : 'no other key'}`);
  return { signing, verifyOnly };
}

/** The `auth.keys` reply: the signing key first, then the verification-only ones. */
export function publishedKeys(keys: KeySet): PublicKeysReply {
  return { keys: [{ kid: keys.signing.kid, pem: keys.signing.publicPem }, ...keys.verifyOnly.map(({ kid, publicPem }) => ({ kid, pem: publicPem }))] };
}

@Injectable()
export class SigningKeyProvider {
  readonly keySet: KeySet = loadKeySet();
  /** The key new tokens are signed with (their header's kid). */
  readonly key: SigningKey = this.keySet.signing;
}
