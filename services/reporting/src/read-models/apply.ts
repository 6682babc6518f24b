import { EntityManager } from 'typeorm';
import type { BatchEventHandlers, DomainEvent } from '@afya/service-shared';
import { CLINIC_TIME_ZONE } from '../../contracts';
import { foldEvents, READ_MODEL_RULES, rowsConcerned, Touched } from '../rules/read-model.rules';
import type { DailyDelta } from '../rules/read-model-outcome';
import { READ_MODEL_SHAPES, ReadModelTable, StoredRow } from '../rules/read-model-shapes';
import { Erasure, erasuresIn } from '../rules/rm-users.rules';

/*
 * Applies a batch of events to the read models set-wise, inside the consumer's transaction, after the events' ids
 * were recorded in processed_events (EventConsumer.consumeBatches: duplicates and events applied before never reach
 * here). Per table touched: one SELECT … FOR UPDATE of the rows the events are about; the rules of
 * rules/read-model.rules.ts folded over them in stream order, in memory; one upsert of the rows that remain and one
 * DELETE of those that went. Then one upsert of the counters and one of the daily roll-ups, each key once. A replay
 * batch of 200 events costs ~10 statements instead of ~1,000, and leaves what applying them one by one leaves.
 */

const TABLE_ORDER = Object.keys(READ_MODEL_SHAPES) as ReadModelTable[];

/** Read as text what node-postgres would turn into a JS Date or float: a row read and written back stays exact. */
const AS_TEXT = new Set(['numeric', 'date', 'timestamptz', 'jsonb']);

/** Applies events (the batch's fresh ones, in stream order) to the read models; see the top of this file. */
export async function applyReadModelBatch(events: DomainEvent[], m: EntityManager): Promise<void> {
  const ids = rowsConcerned(events);
  if (!ids.size) return;
  // tables in one fixed order, rows by key: replicas applying overlapping batches take their locks alike
  const tables = TABLE_ORDER.filter((table) => ids.has(table));
  const found = new Map<ReadModelTable, StoredRow[]>();
  for (const table of tables) found.set(table, await lockRows(m, table, ids.get(table)!));
  const { rows, counts, daily } = foldEvents(events, found);
  for (const table of tables) await writeRows(m, table, rows.get(table)!);
  await bumpCounts(m, counts);
  await bumpDaily(m, daily);
  await forgetErased(m, erasuresIn(events));
}

/**
 * An erased account's name goes from every row that copied it, as the owning services drop it from theirs:
 * prescriptions keep the patient and doctor ids (records stay, without direct identifiers) and show the anonymised
 * name, as the prescription service does; an erased doctor's rm_doctors row takes it too. After the fold, so rows
 * the same batch wrote are covered; a replay (rebuild) meets the erasure at the same point of the stream.
 */
async function forgetErased(m: EntityManager, erasures: Erasure[]): Promise<void> {
  for (const { user_id, firstname, lastname, name } of erasures) {
    await m.query(`UPDATE rm_prescriptions SET patient_name = $2 WHERE patient_id = $1 AND patient_name IS DISTINCT FROM $2`, [user_id, name]);
    await m.query(
      `UPDATE rm_prescriptions p SET doctor_name = $2 FROM rm_doctors d
        WHERE d.user_id = $1 AND p.doctor_id = d.doctor_id AND p.doctor_name IS DISTINCT FROM $2`,
      [user_id, name],
    );
    await m.query(`UPDATE rm_doctors SET first_name = $2, last_name = $3 WHERE user_id = $1`, [user_id, firstname, lastname]);
  }
}

/** The batch's rows of one table, locked in key order. */
async function lockRows(m: EntityManager, table: ReadModelTable, keys: string[]): Promise<StoredRow[]> {
  const { key, columns } = READ_MODEL_SHAPES[table];
  const select = Object.entries(columns).map(([name, type]) => (AS_TEXT.has(type) ? `${name}::text AS ${name}` : name));
  return m.query(`SELECT ${select.join(', ')} FROM ${table} WHERE ${key} = ANY($1::integer[]) ORDER BY ${key} FOR UPDATE`, [keys]);
}

/** The rows the batch left: one upsert for those that remain, one DELETE for those it removed. */
async function writeRows(m: EntityManager, table: ReadModelTable, touched: Map<string, Touched>): Promise<void> {
  const { key, columns } = READ_MODEL_SHAPES[table];
  const kept: StoredRow[] = [];
  const removed: string[] = [];
  for (const [id, { before, after }] of [...touched].sort(([a], [b]) => Number(a) - Number(b))) {
    if (after) kept.push(after);
    else if (before) removed.push(id);
  }
  if (kept.length) {
    const names = Object.keys(columns);
    // jsonb travels as its text (a JSON string inside the recordset would arrive as a jsonb string, not the document)
    const record = Object.entries(columns).map(([name, type]) => `${name} ${type === 'jsonb' ? 'text' : type}`);
    const values = Object.entries(columns).map(([name, type]) => (type === 'jsonb' ? `r.${name}::jsonb` : `r.${name}`));
    const updates = names.filter((name) => name !== key).map((name) => `${name} = EXCLUDED.${name}`);
    await m.query(
      `INSERT INTO ${table} (${names.join(', ')}) SELECT ${values.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${record.join(', ')})
       ON CONFLICT (${key}) DO UPDATE SET ${updates.join(', ')}`,
      [JSON.stringify(kept)],
    );
  }
  if (removed.length) await m.query(`DELETE FROM ${table} WHERE ${key} = ANY($1::integer[])`, [removed]);
}

/** Every counter the batch moved, once; a key whose moves cancel out is still written (as the per-event upserts did). */
async function bumpCounts(m: EntityManager, counts: Map<string, number>): Promise<void> {
  if (!counts.size) return;
  const deltas = [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, delta]) => ({ key, delta }));
  await m.query(
    `INSERT INTO rm_counts (key, n) SELECT r.key, r.delta FROM jsonb_to_recordset($1::jsonb) AS r(key text, delta bigint)
     ON CONFLICT (key) DO UPDATE SET n = rm_counts.n + EXCLUDED.n`,
    [JSON.stringify(deltas)],
  );
}

/**
 * The batch's roll-up changes summed per clinic day (Africa/Nairobi), one row per day. PostgreSQL computes the day
 * from each timestamp and rounds each revenue change to cents before summing, exactly as one upsert per change did.
 */
async function bumpDaily(m: EntityManager, deltas: DailyDelta[]): Promise<void> {
  if (!deltas.length) return;
  await m.query(
    `INSERT INTO rm_daily (day, bookings, revenue, new_users, new_doctors)
     SELECT (r.at AT TIME ZONE $2)::date,
            COALESCE(sum(r.delta::integer) FILTER (WHERE r.column_name = 'bookings'), 0),
            COALESCE(sum(r.delta::numeric(14, 2)) FILTER (WHERE r.column_name = 'revenue'), 0),
            COALESCE(sum(r.delta::integer) FILTER (WHERE r.column_name = 'new_users'), 0),
            COALESCE(sum(r.delta::integer) FILTER (WHERE r.column_name = 'new_doctors'), 0)
       FROM jsonb_to_recordset($1::jsonb) AS r(at timestamptz, column_name text, delta numeric)
      GROUP BY 1
      ORDER BY 1
     ON CONFLICT (day) DO UPDATE SET bookings = rm_daily.bookings + EXCLUDED.bookings, revenue = rm_daily.revenue + EXCLUDED.revenue,
       new_users = rm_daily.new_users + EXCLUDED.new_users, new_doctors = rm_daily.new_doctors + EXCLUDED.new_doctors`,
    [JSON.stringify(deltas.map(({ at, column, by }) => ({ at, column_name: column, delta: by }))), CLINIC_TIME_ZONE],
  );
}

/** The reporting service's consumer: the types in rules/read-model.rules.ts, applied a batch at a time. */
export const READ_MODEL_HANDLERS: BatchEventHandlers = {
  types: Object.keys(READ_MODEL_RULES),
  applyBatch: applyReadModelBatch,
};

/** Tables rebuilt from events (report_downloads is the service's own data and is kept). */
export const READ_MODEL_TABLES = ['rm_users', 'rm_doctors', 'rm_appointments', 'rm_payments', 'rm_prescriptions', 'rm_tickets', 'rm_daily', 'rm_counts'];

export const REPORTING_CONSUMER = 'reporting-read-models';
