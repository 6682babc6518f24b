import { createPublicKey, KeyObject } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthPatterns, PublicKeysReply } from '@afya/auth-service/contracts';
import { subject } from '@afya/service-shared';
import { ServiceClient } from '../bus/service-client';
import { AUTH_REQUIRED } from './auth-messages';

/**
 * Public keys of the auth service by key id, fetched over the bus on first use and when an unknown
 * kid appears (key rotation). Kept as KeyObjects: parsing a PEM on every verify costs ~50x more.
 */
@Injectable()
export class KeyStore {
  private readonly keys = new Map<string, KeyObject>();
  private refreshing?: Promise<void>;

  constructor(private readonly bus: ServiceClient) {}

  async keyFor(rawJwt: string): Promise<KeyObject> {
    const kid = kidOf(rawJwt);
    let key = this.keys.get(kid);
    if (!key) {
      await this.refresh();
      key = this.keys.get(kid);
    }
    if (!key) throw new UnauthorizedException(AUTH_REQUIRED);
    return key;
  }

  private refresh(): Promise<void> {
    this.refreshing ??= this.bus
      .send<PublicKeysReply>(subject(AuthPatterns.publicKeys), {})
      .then((reply) => {
        for (const { kid, pem } of reply.keys) this.keys.set(kid, createPublicKey(pem));
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }
}

function kidOf(rawJwt: string): string {
  try {
    const header = JSON.parse(Buffer.from(rawJwt.split('.')[0], 'base64url').toString('utf8')) as { kid?: unknown };
    if (typeof header.kid === 'string') return header.kid;
  } catch {
    // fall through
  }
  throw new UnauthorizedException(AUTH_REQUIRED);
}
