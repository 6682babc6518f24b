'use strict';
// The RSA key pair auth signs JWTs with, generated once per checkout into .local/keys (0700 dir, 0600 files).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * Returns {privateKeyFile, publicKeyFile, created}. Keeps an existing valid pair (tokens stay valid
 * across restarts); replaces a missing or unreadable one.
 */
function ensureJwtKeys(keysDir) {
  const privateKeyFile = path.join(keysDir, 'jwt-private.pem');
  const publicKeyFile = path.join(keysDir, 'jwt-public.pem');
  fs.mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(keysDir, 0o700);
  if (fs.existsSync(privateKeyFile)) {
    try {
      const privateKey = crypto.createPrivateKey(fs.readFileSync(privateKeyFile));
      if (privateKey.asymmetricKeyType === 'rsa' && privateKey.asymmetricKeyDetails.modulusLength >= 2048) {
        const publicPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' });
        if (!fs.existsSync(publicKeyFile) || fs.readFileSync(publicKeyFile, 'utf8') !== publicPem) {
          writeSecret(publicKeyFile, publicPem);
        }
        fs.chmodSync(privateKeyFile, 0o600);
        return { privateKeyFile, publicKeyFile, created: false };
      }
    } catch {
      // fall through: regenerate
    }
  }
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  writeSecret(privateKeyFile, privateKey);
  writeSecret(publicKeyFile, publicKey);
  return { privateKeyFile, publicKeyFile, created: true };
}

/** Writes through a temp file + rename so a half-written key never exists; mode 0600 from the start. */
function writeSecret(file, content) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
}

module.exports = { ensureJwtKeys };
