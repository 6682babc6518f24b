/** A list's total is exact up to this many matches, estimated above it (see listTotal). */
export const EXACT_TOTAL_UP_TO = 10_000;

export interface ListTotal {
  total: number;
  /** true when the total is PostgreSQL's estimate (more than EXACT_TOTAL_UP_TO matches). */
  estimated: boolean;
}

type RunQuery = (sql: string, params: unknown[]) => Promise<unknown[]>;

/**
 * The number of rows `FROM … WHERE …` selects for an admin list's pager: counted exactly up to EXACT_TOTAL_UP_TO
 * (a count that stops there, so it never reads more than that many index entries), else the planner's estimate
 * (never below the cap; for an unfiltered table that is its pg_class size scaled to its current pages). An exact
 * count(*) over 1,000,000 appointments cost ~230 ms per page on the 2-core machine (issue 12's bench); past
 * 10,000 matches an admin narrows the search rather than paging to the end, and the reply says it is an estimate.
 * `fromWhere` is trusted SQL (built by the caller from fixed fragments); values go in `params`.
 */
export async function listTotal(query: RunQuery, fromWhere: string, params: unknown[], planned?: number): Promise<ListTotal> {
  const [counted] = (await query(`SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${EXACT_TOTAL_UP_TO + 1}) capped`, params)) as { n: number }[];
  if (counted.n <= EXACT_TOTAL_UP_TO) return { total: counted.n, estimated: false };
  return { total: Math.max(EXACT_TOTAL_UP_TO + 1, planned ?? (await plannedRows(query, fromWhere, params))), estimated: true };
}

/** The rows PostgreSQL expects `SELECT 1 <fromWhere>` to return (EXPLAIN: planned, nothing read). */
export async function plannedRows(query: RunQuery, fromWhere: string, params: unknown[]): Promise<number> {
  const [explained] = (await query(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params)) as { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }[];
  return Math.round(explained['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
}
