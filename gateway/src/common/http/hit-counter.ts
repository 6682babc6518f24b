import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { busNamespace } from '@afya/service-shared';

/** Counts hits on a key within a fixed window; answers the count including this hit. */
export interface HitCounter {
  hit(key: string, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

/** One process's counters: right for one gateway, N times too lenient with N replicas. */
export class MemoryHitCounter implements HitCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    if (this.windows.size > 100_000) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    }
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    current.count += 1;
    return current.count;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

/** INCR and, on the window's first hit, PEXPIRE: one round trip, atomic across gateway replicas. */
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n`;

/**
 * Counters in Redis, shared by every gateway replica. When Redis cannot answer, the hit is counted in this
 * process's memory instead (logged once per outage): a Redis outage must neither lock everyone out of
 * signing in nor lift the limit entirely.
 */
export class RedisHitCounter implements HitCounter {
  private readonly logger = new Logger('RateLimit');
  private readonly fallback = new MemoryHitCounter();
  private degraded = false;
  /** Settles on the first connection's outcome: commands wait for it, not for later reconnects. */
  private readonly firstConnection: Promise<void>;
  readonly redis: Redis;

  constructor(url: string) {
    // No offline queue: while Redis is away a command fails at once instead of waiting for a reconnect.
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false, connectTimeout: 2000 });
    this.redis.on('error', () => undefined); // reported through hit()'s fallback below, once per outage
    this.firstConnection = new Promise((resolve) => {
      this.redis.once('ready', resolve);
      this.redis.once('error', () => resolve());
      this.redis.once('end', resolve);
    });
  }

  async hit(key: string, windowMs: number): Promise<number> {
    await this.firstConnection;
    try {
      const count = Number(await this.redis.eval(HIT_SCRIPT, 1, key, windowMs));
      if (this.degraded) this.logger.log('Redis is back: rate-limit counters are shared again');
      this.degraded = false;
      return count;
    } catch (error) {
      if (!this.degraded) this.logger.warn(`Redis unavailable (${(error as Error).message}): counting in this process until it is back`);
      this.degraded = true;
      return this.fallback.hit(key, windowMs);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    await this.fallback.close();
  }
}

let shared: RedisHitCounter | undefined;

/**
 * A gateway's counters: Redis when REDIS_URL is set (k8s, CI, several replicas; one client per process), else
 * a new in-process counter with a log line saying so (`npm start` on one machine works without Redis; each
 * gateway app, like each replica, then counts on its own). Keys are under the bus namespace, so test runs and
 * platforms sharing one Redis never count each other's hits.
 */
export function hitCounter(): HitCounter {
  const url = process.env.REDIS_URL;
  const logger = new Logger('RateLimit');
  if (!url) {
    logger.log('rate-limit counters in this process (REDIS_URL not set): each gateway replica counts on its own');
    return new MemoryHitCounter();
  }
  if (!shared) {
    shared = new RedisHitCounter(url);
    logger.log(`rate-limit counters in Redis (${url.replace(/\/\/[^@]*@/, '//')}), shared by every gateway replica`);
  }
  return shared;
}

/** Closes the process's Redis client (the gateway's onClose). */
export async function closeHitCounter(): Promise<void> {
  const current = shared;
  shared = undefined;
  await current?.close();
}

export function counterKey(...parts: string[]): string {
  return `${busNamespace()}:rl:${parts.join(':')}`;
}
