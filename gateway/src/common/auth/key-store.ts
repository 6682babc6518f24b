import { createPublicKey, KeyObject } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthPatterns, PublicKeysReply } from '@afya/auth-service/contracts';
import { envInt, subject } from '@afya/service-shared';
import { ServiceClient } from '../bus/service-client';
import { AUTH_REQUIRED } from './auth-messages';

/** Longest `kid` looked up (ours are short): a longer one is refused without a refresh. */
const MAX_KID_LENGTH = 128;

/**
 * Public keys of the auth service by key id, fetched over the bus on first use and when an unknown
 * kid appears (key rotation). Kept as KeyObjects: parsing a PEM on every verify costs ~50x more.
 * Refreshes for an unknown kid are throttled: at most one per KEY_REFRESH_INTERVAL_MS (default 30 s) once
 * keys are loaded, concurrent ones share one request. A token with a made-up kid cost a bus request each time.
 */
@Injectable()
export class KeyStore {
  private readonly keys = new Map<string, KeyObject>();
  private refreshing?: Promise<void>;
  private lastRefreshAt = Number.NEGATIVE_INFINITY;
  /** How many key requests went to the bus (read by tests). */
  refreshCount = 0;

  minRefreshIntervalMs = envInt('KEY_REFRESH_INTERVAL_MS', 30_000);

  constructor(private readonly bus: ServiceClient) {}

  async keyFor(rawJwt: string): Promise<KeyObject> {
    const kid = kidOf(rawJwt);
    let key = this.keys.get(kid);
    if (!key && (this.keys.size === 0 || this.refreshing || Date.now() - this.lastRefreshAt >= this.minRefreshIntervalMs)) {
      await this.refresh();
      key = this.keys.get(kid);
    }
    if (!key) throw new UnauthorizedException(AUTH_REQUIRED);
    return key;
  }

  private refresh(): Promise<void> {
    if (!this.refreshing) this.refreshCount += 1;
    this.refreshing ??= this.bus
      .send<PublicKeysReply>(subject(AuthPatterns.publicKeys), {})
      .then((reply) => {
        this.lastRefreshAt = Date.now();
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
    if (typeof header.kid === 'string' && header.kid.length <= MAX_KID_LENGTH) return header.kid;
  } catch {
    // fall through
  }
  throw new UnauthorizedException(AUTH_REQUIRED);
}
