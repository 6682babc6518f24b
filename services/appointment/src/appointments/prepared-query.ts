import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Hot reads as named prepared statements on TypeORM's own pg pool: PostgreSQL plans them once per connection
 * (a generic plan after a few runs) instead of on every request. Planning the list query cost more than
 * running it (~0.8 ms against ~0.3 ms measured).
 */
export async function preparedQuery<T extends QueryResultRow>(dataSource: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const result = await pool.query<T>({ name, text, values });
  return result.rows;
}
