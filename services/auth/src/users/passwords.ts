import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum profile: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when no account matches keeps login timing the same for unknown emails. */
export const DUMMY_HASH_PROMISE = hashPassword('no-such-account-password');

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const SYMBOLS = '#@%+=';

/** A one-time password for admin-created accounts: 14 characters, letters, digits and a symbol. */
export function generateOneTimePassword(): string {
  let password = '';
  for (let i = 0; i < 12; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return `${password}${SYMBOLS[randomInt(SYMBOLS.length)]}${randomInt(10)}`;
}
