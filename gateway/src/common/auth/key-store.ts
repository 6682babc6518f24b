import { createPublicKey, KeyObject } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthPatterns, PublicKeysReply } from '@afya/auth-service/contracts';
import { envInt, subject } from '@afya/service-shared';
import { ServiceClient } from '../bus/service-client';
import { AUTH_REQUIRED } from './auth-messages';

/** Longest `kid` looked up (ours are short): a longer one is refused without a refresh. */
const MAX_KID_LENGTH = 128;

/**
 * Public keys of the auth service by key id, fetched over the bus on first use, when an unknown kid appears
 * (the first token of a new signing key), and when the set is older than KEY_SET_MAX_AGE_MS (default 5 min).
 * Each refresh REPLACES the set: a key auth no longer publishes (retired after a rotation) is dropped, and
 * its tokens get 401 from then on (TokenVerifier also asks `isPublished` before trusting a cached token).
 * Kept as KeyObjects, built once per key (a kid already known keeps its object): parsing a PEM on every
 * verify costs ~50x more (STACK-NOTES "JWT verification cost").
 * Refreshes for an unknown kid are throttled: at most one per KEY_REFRESH_INTERVAL_MS (default 30 s) once
 * keys are loaded, concurrent ones share one request. A token with a made-up kid cost a bus request each time.
 * The age-based refresh runs in the background: requests go on with the current set meanwhile, and a
 * failed refresh keeps it (auth briefly unreachable must not log everyone out).
 */
@Injectable()
export class KeyStore {
  private keys = new Map<string, KeyObject>();
  private refreshing?: Promise<void>;
  private lastRefreshAt = Number.NEGATIVE_INFINITY;
  private lastAgeRefreshAttemptAt = Number.NEGATIVE_INFINITY;
  /** How many key requests went to the bus (read by tests). */
  refreshCount = 0;

  minRefreshIntervalMs = envInt('KEY_REFRESH_INTERVAL_MS', 30_000);
  maxKeySetAgeMs = envInt('KEY_SET_MAX_AGE_MS', 5 * 60_000);

  constructor(private readonly bus: ServiceClient) {}

  async keyFor(rawJwt: string): Promise<KeyObject> {
    const kid = kidOf(rawJwt);
    this.refreshIfOld();
    let key = this.keys.get(kid);
    if (!key && (this.keys.size === 0 || this.refreshing || Date.now() - this.lastRefreshAt >= this.minRefreshIntervalMs)) {
      await this.refresh();
      key = this.keys.get(kid);
    }
    if (!key) throw new UnauthorizedException(AUTH_REQUIRED);
    return key;
  }

  /** Whether auth still publishes `kid` (synchronous: asked for every cached token). */
  isPublished(kid: string): boolean {
    this.refreshIfOld();
    return this.keys.has(kid);
  }

  /** The kids of the current set (tests, diagnostics). */
  publishedKids(): string[] {
    return [...this.keys.keys()];
  }

  /** Fetches the key set now and replaces the current one. */
  refresh(): Promise<void> {
    if (!this.refreshing) this.refreshCount += 1;
    this.refreshing ??= this.bus
      .send<PublicKeysReply>(subject(AuthPatterns.publicKeys), {})
      .then((reply) => {
        this.lastRefreshAt = Date.now();
        const next = new Map<string, KeyObject>();
        for (const { kid, pem } of reply.keys) next.set(kid, this.keys.get(kid) ?? createPublicKey(pem));
        this.keys = next;
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private refreshIfOld(): void {
    const now = Date.now();
    if (this.keys.size === 0 || this.refreshing || now - this.lastRefreshAt < this.maxKeySetAgeMs) return;
    // auth unreachable: one attempt per KEY_REFRESH_INTERVAL_MS, not one per request
    if (now - this.lastAgeRefreshAttemptAt < this.minRefreshIntervalMs) return;
    this.lastAgeRefreshAttemptAt = now;
    this.refresh().catch(() => {
      // keep the current set; the next request past the age tries again
    });
  }
}

/** The `kid` of a token's header; UnauthorizedException when it has none (or an oversized one). */
export function kidOf(rawJwt: string): string {
  try {
    const header = JSON.parse(Buffer.from(rawJwt.split('.')[0], 'base64url').toString('utf8')) as { kid?: unknown };
    if (typeof header.kid === 'string' && header.kid.length <= MAX_KID_LENGTH) return header.kid;
  } catch {
    // fall through
  }
  throw new UnauthorizedException(AUTH_REQUIRED);
}
