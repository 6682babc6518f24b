import { Client } from 'pg';
import { EXACT_TOTAL_UP_TO, listTotal } from './list-total';

/** listTotal against real PostgreSQL: a temporary table (this session's own) of 12,000 rows, analysed. */
describe('listTotal (admin list totals: exact up to 10,000, estimated above)', () => {
  let client: Client;
  const query = async (sql: string, params: unknown[]) => (await client.query(sql, params)).rows;

  beforeAll(async () => {
    client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`CREATE TEMP TABLE listed AS SELECT n AS id, CASE WHEN n % 4 = 0 THEN 'even' ELSE 'odd' END AS kind FROM generate_series(1, 12000) AS n`);
    await client.query(`ANALYZE listed`);
  });

  afterAll(async () => {
    await client?.end();
  });

  it('counts exactly when at most 10,000 rows match', async () => {
    expect(await listTotal(query, `FROM listed WHERE kind = $1`, ['even'])).toEqual({ total: 3000, estimated: false });
    expect(await listTotal(query, `FROM listed WHERE id <= $1`, [EXACT_TOTAL_UP_TO])).toEqual({ total: EXACT_TOTAL_UP_TO, estimated: false });
    expect(await listTotal(query, `FROM listed WHERE id < 0`, [])).toEqual({ total: 0, estimated: false });
  });

  it("gives the planner's estimate, never below the cap, when more match", async () => {
    const all = await listTotal(query, `FROM listed`, []);
    expect(all.estimated).toBe(true);
    // ANALYZE read the whole (small) table: the estimate is its size.
    expect(all.total).toBe(12000);
    const filtered = await listTotal(query, `FROM listed WHERE id > $1`, [500]);
    expect(filtered.estimated).toBe(true);
    expect(filtered.total).toBeGreaterThan(EXACT_TOTAL_UP_TO);
    expect(filtered.total).toBeLessThanOrEqual(12000);
  });
});
