import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { dbPoolReaders, outboxBacklogReaders, outboxOldestAgeReaders } from './metrics';

/**
 * Registers a service's DataSource with the scrape-time gauges: its pg pool's usage (TypeORM's PostgresDriver
 * keeps the pool as its public `master`: totalCount, idleCount and waitingCount are pg.Pool's public counters)
 * and its outbox backlog with the age of the oldest unpublished row (one indexed query per scrape). Every service
 * schema has the outbox table (the event-tables migration runs first for all of them). A destroyed DataSource
 * reports nothing.
 */
export function observeDataSource(dataSource: DataSource): void {
  const schema = (dataSource.options as { schema?: string }).schema ?? 'public';
  const pool = (dataSource.driver as PostgresDriver).master as Pool | undefined;
  if (pool) {
    dbPoolReaders.set(schema, async () =>
      dataSource.isInitialized
        ? [
            { labels: { schema, state: 'total' }, value: pool.totalCount },
            { labels: { schema, state: 'idle' }, value: pool.idleCount },
            { labels: { schema, state: 'waiting' }, value: pool.waitingCount },
          ]
        : [],
    );
  }
  // Both outbox gauges come from one query per scrape, shared by the two readers.
  let pending: Promise<{ backlog: number; age: number }> | undefined;
  const outbox = () => {
    pending ??= dataSource
      .query(`SELECT count(*)::int AS backlog, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS age FROM outbox WHERE published_at IS NULL`)
      .then((rows: Array<{ backlog: number; age: number }>) => rows[0])
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  outboxBacklogReaders.set(schema, async () => (dataSource.isInitialized ? [{ labels: { schema }, value: (await outbox()).backlog }] : []));
  outboxOldestAgeReaders.set(schema, async () => (dataSource.isInitialized ? [{ labels: { schema }, value: Math.max(0, (await outbox()).age) }] : []));
}

export function forgetDataSource(schema: string): void {
  dbPoolReaders.delete(schema);
  outboxBacklogReaders.delete(schema);
  outboxOldestAgeReaders.delete(schema);
}
