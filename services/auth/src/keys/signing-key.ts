import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Injectable, Logger } from '@nestjs/common';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicPem: string;
}

/**
 * Only the auth service holds the private key (RS256); the gateway verifies with the public key it
 * fetches from here. The key comes from JWT_PRIVATE_KEY_FILE or JWT_PRIVATE_KEY (PEM); without either,
 * outside production, an ephemeral key is generated (tokens then die with the process).
 */
export function loadSigningKey(logger = new Logger('SigningKey')): SigningKey {
  let pem = process.env.JWT_PRIVATE_KEY;
  if (!pem && process.env.JWT_PRIVATE_KEY_FILE) pem = readFileSync(process.env.JWT_PRIVATE_KEY_FILE, 'utf8');
  let privateKey: KeyObject;
  if (pem) {
    privateKey = createPrivateKey(pem);
  } else {
    if (process.env.NODE_ENV === 'production') throw new Error('JWT_PRIVATE_KEY_FILE or JWT_PRIVATE_KEY is required in production');
    logger.warn('No JWT private key configured: using an ephemeral key for this process');
    privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  }
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    kid: createHash('sha256').update(der).digest('hex').slice(0, 16),
    privateKey,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

@Injectable()
export class SigningKeyProvider {
  readonly key: SigningKey = loadSigningKey();
}
