import { createHash } from 'node:crypto';
import { BadRequestException, ConflictException, Logger, UnprocessableEntityException } from '@nestjs/common';
import Redis from 'ioredis';
import { busNamespace } from '@afya/service-shared';
import type { CallInput } from './call-errors';

/**
 * Idempotency keys (issue 35, decision 0099). A phone on a mobile link sends a booking or a payment start, the link
 * drops before the reply arrives, and the page sends it again: with the same `Idempotency-Key` header, the second
 * request gets the first one's reply instead of a second booking (or a 409 for the patient's own slot).
 *
 * Per key (scoped to the call and the signed-in user): the first request claims it as running; its success is kept for
 * 24 hours and replayed to every later request with the same key and the same input; the same key with another input
 * is a 422, and a request arriving while the first still runs a 409 (the draft's codes). A failed first attempt keeps
 * nothing: a retry runs again and meets the same rule that refused it (a slot taken, a field missing), or succeeds once
 * a provider is back.
 */
export const REPLAY_MS = 24 * 3_600_000;
/** How long a claim holds while its request runs: past the longest bus deadline, so a crashed gateway frees the key. */
export const RUNNING_MS = 60_000;

export const KEY_INVALID = 'Idempotency-Key must be 1 to 255 visible characters';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const KEY_RUNNING = 'A request with this Idempotency-Key is still being processed. Please try again in a moment.';

interface Entry {
  fingerprint: string;
  state: 'running' | 'done';
  reply?: unknown;
}

export type Claim = { outcome: 'claimed' } | { outcome: 'running' } | { outcome: 'reused' } | { outcome: 'replay'; reply: unknown };

/** Where the keys live: Redis when the gateway has one (shared by replicas), else this process. */
export interface IdempotencyStore {
  claim(key: string, fingerprint: string): Promise<Claim>;
  keep(key: string, fingerprint: string, reply: unknown): Promise<void>;
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

function judge(entry: Entry, fingerprint: string): Claim {
  if (entry.fingerprint !== fingerprint) return { outcome: 'reused' };
  return entry.state === 'done' ? { outcome: 'replay', reply: entry.reply } : { outcome: 'running' };
}

export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, { entry: Entry; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async claim(key: string, fingerprint: string): Promise<Claim> {
    const now = this.now();
    if (this.entries.size > 50_000) for (const [k, v] of this.entries) if (v.expiresAt <= now) this.entries.delete(k);
    const current = this.entries.get(key);
    if (current && current.expiresAt > now) return judge(current.entry, fingerprint);
    this.entries.set(key, { entry: { fingerprint, state: 'running' }, expiresAt: now + RUNNING_MS });
    return { outcome: 'claimed' };
  }

  async keep(key: string, fingerprint: string, reply: unknown): Promise<void> {
    this.entries.set(key, { entry: { fingerprint, state: 'done', reply }, expiresAt: this.now() + REPLAY_MS });
  }

  async release(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

/**
 * SET NX claims a key atomically across replicas. While Redis cannot answer, this process's memory stands in (logged
 * once per outage): a retry reaching the same gateway is still answered from its first attempt.
 */
export class RedisIdempotencyStore implements IdempotencyStore {
  private readonly logger = new Logger('IdempotencyKeys');
  private readonly fallback = new MemoryIdempotencyStore();
  private degraded = false;
  private readonly redis: Redis;
  /** Settles on the first connection's outcome: the first requests wait for it, not for later reconnects. */
  private readonly firstConnection: Promise<void>;

  constructor(url: string) {
    // No offline queue: while Redis is away a command fails at once and the memory stands in.
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    this.redis.on('error', () => undefined); // reported once per outage by orFallback
    this.firstConnection = new Promise((resolve) => {
      this.redis.once('ready', resolve);
      this.redis.once('error', () => resolve());
      this.redis.once('end', resolve);
    });
  }

  private async orFallback<T>(work: () => Promise<T>, instead: () => Promise<T>): Promise<T> {
    await this.firstConnection;
    try {
      const result = await work();
      if (this.degraded) this.logger.log('Redis answers again: idempotency keys are shared by every gateway replica again');
      this.degraded = false;
      return result;
    } catch (error) {
      if (!this.degraded) this.logger.warn(`Redis unavailable (${(error as Error).message}): idempotency keys kept in this process meanwhile`);
      this.degraded = true;
      return instead();
    }
  }

  claim(key: string, fingerprint: string): Promise<Claim> {
    return this.orFallback(
      async () => {
        const claimed = await this.redis.set(key, JSON.stringify({ fingerprint, state: 'running' } satisfies Entry), 'PX', RUNNING_MS, 'NX');
        if (claimed === 'OK') return { outcome: 'claimed' } as const;
        const text = await this.redis.get(key);
        // gone between the two commands (its claim expired): claim it again
        if (text === null) return this.claim(key, fingerprint);
        return judge(JSON.parse(text) as Entry, fingerprint);
      },
      () => this.fallback.claim(key, fingerprint),
    );
  }

  keep(key: string, fingerprint: string, reply: unknown): Promise<void> {
    return this.orFallback(
      async () => void (await this.redis.set(key, JSON.stringify({ fingerprint, state: 'done', reply } satisfies Entry), 'PX', REPLAY_MS)),
      () => this.fallback.keep(key, fingerprint, reply),
    );
  }

  release(key: string): Promise<void> {
    return this.orFallback(
      async () => void (await this.redis.del(key)),
      () => this.fallback.release(key),
    );
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

let shared: IdempotencyStore | undefined;

/** The process's store (REDIS_URL as the rate-limit counters read it). */
export function idempotencyStore(): IdempotencyStore {
  if (!shared) {
    const url = process.env.REDIS_URL;
    shared = url ? new RedisIdempotencyStore(url) : new MemoryIdempotencyStore();
  }
  return shared;
}

export async function closeIdempotencyStore(): Promise<void> {
  const current = shared;
  shared = undefined;
  await current?.close();
}

/**
 * The header's key: a token (Stripe's form) or a structured-field string (the draft's, in double quotes), of visible
 * ASCII; undefined when the request has none.
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  const key = /^".*"$/.test(value) ? value.slice(1, -1) : value;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new BadRequestException(KEY_INVALID);
  return key;
}

/** What makes two requests the same request: the validated path parameters, query and body. */
export function fingerprintOf(input: CallInput): string {
  return createHash('sha256').update(JSON.stringify([input.params ?? null, input.query ?? null, input.body ?? null])).digest('base64url');
}

/**
 * Runs `work` once per key: the first request with a key runs it, a retry with the same key and input gets its
 * reply. `scope` names the call and the user, so one user's key never answers another's call.
 */
export async function oncePerKey(store: IdempotencyStore, scope: string, key: string, input: CallInput, work: () => Promise<unknown>): Promise<unknown> {
  const storeKey = `${busNamespace()}:idem:${scope}:${createHash('sha256').update(key).digest('base64url')}`;
  const fingerprint = fingerprintOf(input);
  const claim = await store.claim(storeKey, fingerprint);
  if (claim.outcome === 'replay') return claim.reply;
  if (claim.outcome === 'reused') throw new UnprocessableEntityException(KEY_REUSED);
  if (claim.outcome === 'running') throw new ConflictException(KEY_RUNNING);
  let reply: unknown;
  try {
    reply = await work();
  } catch (error) {
    await store.release(storeKey);
    throw error;
  }
  await store.keep(storeKey, fingerprint, reply);
  return reply;
}
