import { Controller, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, EXACT_TOTAL_UP_TO, forbidden, JsonText, listTotal, ListTotal, plannedRows, Principal, requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AdminSearchPayload, AppointmentMessages, AppointmentPatterns, APPOINTMENT_STATUSES, LIST_PAGE_MAX } from '../../contracts';
import { AuditTrail } from '../audit/audit-trail';
import { clinicToday, isCalendarDate } from '../rules/clinic-time';
import { APPOINTMENT_JSON, AppointmentListJsonRow } from './appointment.sql';
import { preparedQuery } from './prepared-query';

const ADMIN_ORDER = 'ORDER BY a.created_at DESC, a.appointment_id DESC';
/**
 * The same order when one status is asked for: status first (one value, so no change) lets PostgreSQL read
 * appointments_status_list_idx in order. Ordered by created_at alone it walked the whole list, where the newest are
 * mostly Pending: 29,000 rows for one page of Completed ones of a surname.
 */
const ADMIN_ORDER_ONE_STATUS = 'ORDER BY a.appointment_status, a.created_at DESC, a.appointment_id DESC';
const DEFAULT_LIMIT = 20;

export interface AdminTextSearch {
  /** ILIKE pattern for "first last" of patients and doctors ("Dr." dropped, wildcards escaped). */
  namePattern: string;
  /** The text is an appointment number (#12 or 12). */
  appointmentId?: number;
  /** The text is a status name (Pending…): every appointment in that status matches too. */
  status?: string;
}

export interface AdminSearchQuery {
  /** The status and date filters, ANDed (parameters $1… in `params`); the text search is apart. */
  filters: string[];
  params: unknown[];
  search: AdminTextSearch | null;
  /** The status filter (one status: the list can be read in appointments_status_list_idx order). */
  status?: string;
  /** A date filter is among `filters`. */
  hasDate: boolean;
  limit: number;
  offset: number;
  page: number;
}

/** A search's matches as SQL expressions: the matched patients' and doctors' ids (int[]) and an appointment number. */
interface MatchSources {
  patients: string;
  doctors: string;
  appointmentId?: string;
}

/**
 * Every match read through the patient and doctor indexes (the "few" shape): one index scan a way, their union,
 * each ANDed with `conditions` (the filters; a one-time test of the shape).
 */
function matchesByPeopleSql(sources: MatchSources, conditions: string[]): string {
  const ways = [`a.user_id = ANY(${sources.patients})`, `a.doctor_id = ANY(${sources.doctors})`];
  if (sources.appointmentId) ways.push(`a.appointment_id = ${sources.appointmentId}`);
  return ways.map((way) => `SELECT a.appointment_id, a.created_at FROM appointments a WHERE ${[way, ...conditions].join(' AND ')}`).join('\n        UNION ');
}

/** One page of the CTE `matched` (appointment_id, created_at), in list order. */
const matchedPageIdsSql = (limit: string, offset: string) =>
  `SELECT appointment_id FROM matched ORDER BY created_at DESC, appointment_id DESC LIMIT ${limit} OFFSET ${offset}`;

/**
 * The page's JSON (body) and who it shows (ids, users: for the audit), for the ids `pageIds` chose (one page at
 * most), in list order. Each row is read by its key in a LATERAL subquery (LIMIT 1: one row an id), which PostgreSQL
 * plans as a lookup: joined to the page's ids, it weighed join orders over the whole tables on every request
 * (planning the name search cost 0.4 ms more).
 */
function pageJsonSql(pageIds: string): string {
  const order = 'ORDER BY x.created_at DESC, x.appointment_id DESC';
  return `
    SELECT json_build_object('appointments', COALESCE(json_agg(x.doc ${order}), '[]'::json))::text AS body,
           COALESCE(array_agg(x.appointment_id ${order}), '{}') AS ids,
           COALESCE(array_agg(x.user_id ${order}), '{}') AS users
      FROM (${pageIds}) p
      CROSS JOIN LATERAL (
        SELECT ${APPOINTMENT_JSON} AS doc, a.appointment_id, a.user_id, a.created_at
          FROM appointments a
          JOIN doctors d ON d.doctor_id = a.doctor_id
          LEFT JOIN user_directory u ON u.user_id = a.user_id
          LEFT JOIN appointment_ratings r ON r.appointment_id = a.appointment_id
         WHERE a.appointment_id = p.appointment_id
         LIMIT 1) x`;
}

/** The admin list's filters and paging, checked (a bad value is a 400 with what is expected). */
export function adminSearchQuery(payload: AdminSearchPayload, today = clinicToday()): AdminSearchQuery {
  const params: unknown[] = [];
  const filters: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const { status, date } = payload;
  if (status) {
    if (!(APPOINTMENT_STATUSES as readonly string[]).includes(status)) throw badRequest(AppointmentMessages.status);
    filters.push(`a.appointment_status = ${param(status)}`);
  }
  if (date) {
    if (date === 'today') filters.push(`a.appointment_date = ${param(today)}::date`);
    else if (date === 'upcoming') filters.push(`a.appointment_date > ${param(today)}::date`);
    else if (date === 'past') filters.push(`a.appointment_date < ${param(today)}::date`);
    else if (isCalendarDate(date)) filters.push(`a.appointment_date = ${param(date)}::date`);
    else throw badRequest('date must be today, upcoming, past or a date (YYYY-MM-DD)');
  }
  const text = payload.search?.trim().slice(0, 100);
  const statusWord = text ? APPOINTMENT_STATUSES.find((s) => s.toLowerCase() === text.toLowerCase()) : undefined;
  const search: AdminTextSearch | null = text
    ? {
        namePattern: `%${text.replace(/^dr\.?\s+/i, '').replace(/[%_\\]/g, (c) => `\\${c}`)}%`,
        ...(/^#?\d{1,9}$/.test(text) ? { appointmentId: Number(text.replace('#', '')) } : {}),
        ...(statusWord ? { status: statusWord } : {}),
      }
    : null;
  const rawLimit = payload.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(rawLimit) || rawLimit < 1 || rawLimit > LIST_PAGE_MAX) throw badRequest(`limit must be from 1 to ${LIST_PAGE_MAX}`);
  const page = payload.page ?? 1;
  if (!Number.isInteger(page) || page < 1) throw badRequest('page must be 1 or more');
  const offset = payload.offset !== undefined && payload.page === undefined ? Math.max(Math.trunc(payload.offset) || 0, 0) : (page - 1) * rawLimit;
  return { filters, params, search, ...(status ? { status } : {}), hasDate: Boolean(date), limit: rawLimit, offset, page };
}

/**
 * Patients and doctors whose "first last" matches the search, and how many appointments they have: each side counted
 * up to $2 from its index alone (index-only; a common name reaches $2 within its first few people).
 */
interface NameMatches {
  patients: number[];
  doctors: number[];
  patient_rows: number;
  doctor_rows: number;
}

const NAME_MATCHES_SQL = `
  WITH names AS MATERIALIZED (
    SELECT ARRAY(SELECT user_id FROM user_directory WHERE firstname || ' ' || lastname ILIKE $1) AS patients,
           ARRAY(SELECT doctor_id FROM doctors WHERE first_name || ' ' || last_name ILIKE $1) AS doctors)
  SELECT n.patients, n.doctors,
         (SELECT count(*) FROM (SELECT 1 FROM appointments WHERE user_id = ANY(n.patients) LIMIT $2) p)::int AS patient_rows,
         (SELECT count(*) FROM (SELECT 1 FROM appointments WHERE doctor_id = ANY(n.doctors) LIMIT $2) d)::int AS doctor_rows
    FROM names n`;

/**
 * Appointments per patient and per doctor, from PostgreSQL's statistics (reltuples and n_distinct, which ANALYZE and
 * autovacuum keep): a common name's total is its people times these, an estimate made without reading any row.
 */
const APPOINTMENTS_PER_PERSON_SQL = `
  SELECT c.reltuples::float8 AS appointments,
         (SELECT n_distinct FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'appointments' AND attname = 'user_id') AS patients,
         (SELECT n_distinct FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'appointments' AND attname = 'doctor_id') AS doctors,
         (SELECT most_common_vals::text::text[] FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'appointments' AND attname = 'appointment_status') AS statuses,
         (SELECT most_common_freqs FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'appointments' AND attname = 'appointment_status') AS status_shares
    FROM pg_class c WHERE c.oid = 'appointments'::regclass`;

/** Up to this many matches a search reads them all through the patient and doctor indexes (and counts them exactly). */
const FEW_MATCHES = 2_000;
/** A name matching up to this many people is counted exactly (a bounded number of index descents) when it matches many. */
const COUNTED_PEOPLE = 1_000;

interface Page extends ListTotal {
  row: AppointmentListJsonRow;
}

/** How many people a name matched. */
interface ManyPeople {
  patient_count: number;
  doctor_count: number;
}

interface NameAloneRow extends AppointmentListJsonRow, ManyPeople {
  few: boolean;
  matched: number;
  /** The people's appointments, counted up to FEW_MATCHES, or EXACT_TOTAL_UP_TO for up to COUNTED_PEOPLE people. */
  patient_rows: number;
  doctor_rows: number;
  /** Both sides counted whole (many matches of up to COUNTED_PEOPLE people): the appointments of both; else null. */
  shared: number | null;
  /** With a status and up to COUNTED_PEOPLE people: the matched ids, for an exact count near the exact range. */
  patient_ids: number[] | null;
  doctor_ids: number[] | null;
}

interface AppointmentStats {
  appointments: number;
  patients: number | null;
  doctors: number | null;
  /** The statuses' shares of all appointments (most_common_vals / most_common_freqs). */
  statuses: string[] | null;
  status_shares: number[] | null;
}

const STATS_MAX_AGE_MS = 60_000;

@Injectable()
export class AdminAppointmentSearch {
  private stats: (AppointmentStats & { readAt: number }) | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {}

  /** One parameterised statement (the shape listTotal and plannedRows take). */
  private readonly run = (sql: string, values: unknown[]) => this.dataSource.query(sql, values);

  /** One page (JSON built by PostgreSQL) and the number of matches; the page's reads are audited. */
  async search(actor: Principal, payload: AdminSearchPayload, requestId?: string): Promise<JsonText> {
    if (actor.role !== 'admin') throw forbidden();
    const q = adminSearchQuery(payload ?? {});
    const { row, total, estimated } = q.search ? await this.textSearch(q, q.search) : await this.listed(q, q.filters, q.params);
    await this.audit.recordAccess(actor, 'read', row.ids.map((appointment_id, i) => ({ appointment_id, user_id: row.users[i] })), 'success', requestId);
    // The body is {"appointments":[...]}: add the paging fields without parsing the list.
    return new JsonText(`${row.body.slice(0, -1)},"total":${total},"totalIsEstimate":${estimated},"page":${q.page},"limit":${q.limit}}`);
  }

  /**
   * A name, an appointment number or a status word. The matching patients and doctors are found first (trigram
   * indexes on the two small name tables), then how many appointments they have, counted from the user_id /
   * doctor_id indexes up to FEW_MATCHES. Few: read them all through those indexes, counted exactly. Many: walk the
   * list's index until a page of them is met (at least 1 row in 500 matches, so a page costs a few thousand index
   * entries at most). Decided on counted rows, not on an estimate: a doctor with no appointments yet is planned as
   * having the average 2,000, and a walk for a name with none read all 1,000,000 rows (1.1 s; DECISIONS 2026-11-26).
   */
  private async textSearch(q: AdminSearchQuery, search: AdminTextSearch): Promise<Page> {
    if (!q.hasDate && !search.status) return this.nameAlone(q, search, q.status);
    const [names] = (await this.run(NAME_MATCHES_SQL, [search.namePattern, FEW_MATCHES + 1])) as NameMatches[];
    const byId = search.appointmentId !== undefined;
    if (!search.status && names.patient_rows + names.doctor_rows + (byId ? 1 : 0) <= FEW_MATCHES) return this.fewMatches(q, names, search.appointmentId);
    // With a status or date filter, or a status word, PostgreSQL plans it: given the ids as arrays, it knows how
    // many they and the filter select.
    const params = [...q.params];
    const param = (value: unknown) => `$${params.push(value)}`;
    const anyOf = this.anyOf(names, search.appointmentId, param) + (search.status ? ` OR a.appointment_status = ${param(search.status)}` : '');
    return this.listed(q, [...q.filters, `(${anyOf})`], params);
  }

  /**
   * A name (or number) alone, the common case, in one statement: the people, their appointments counted from the
   * indexes, then either shape, the other skipped by a one-time filter. Counted up to FEW_MATCHES, or for up to
   * COUNTED_PEOPLE people up to EXACT_TOTAL_UP_TO (the exact total of many matches, counted once). The walk tests the
   * ids in hashed sets written so that PostgreSQL cannot pick the user_id / doctor_id indexes instead (whose rows it
   * would then all read and sort). The arrays come back only with a status, for up to COUNTED_PEOPLE people (an exact
   * count near the exact range).
   */
  private async nameAlone(q: AdminSearchQuery, search: AdminTextSearch, status?: string): Promise<Page> {
    const byId = search.appointmentId !== undefined;
    const params: unknown[] = [search.namePattern, FEW_MATCHES + 1, q.limit, q.offset, COUNTED_PEOPLE, EXACT_TOTAL_UP_TO + 1];
    const idParam = byId ? `$${params.push(search.appointmentId)}::int` : undefined;
    // One status asked for: inside both shapes, and the walk in appointments_status_list_idx order.
    const inStatus = status ? [`a.appointment_status = $${params.push(status)}`] : [];
    // With a status the exact total is counted apart (these counts are of all statuses).
    const countUpTo = status ? '$2' : 'CASE WHEN cardinality(n.patients) + cardinality(n.doctors) <= $5 THEN $6::bigint ELSE $2::bigint END';
    const sized = { patients: '(SELECT patients FROM sized)::int[]', doctors: '(SELECT doctors FROM sized)::int[]', ...(idParam ? { appointmentId: idParam } : {}) };
    const sql = `
      WITH names AS MATERIALIZED (
        SELECT ARRAY(SELECT user_id FROM user_directory WHERE firstname || ' ' || lastname ILIKE $1) AS patients,
               ARRAY(SELECT doctor_id FROM doctors WHERE first_name || ' ' || last_name ILIKE $1) AS doctors),
      sized AS MATERIALIZED (
        SELECT n.patients, n.doctors, cardinality(n.patients) + cardinality(n.doctors) AS people,
               (SELECT count(*) FROM (SELECT 1 FROM appointments WHERE user_id = ANY(n.patients) LIMIT ${countUpTo}) p)::int AS patient_rows,
               (SELECT count(*) FROM (SELECT 1 FROM appointments WHERE doctor_id = ANY(n.doctors) LIMIT ${countUpTo}) d)::int AS doctor_rows
          FROM names n),
      shape AS MATERIALIZED (SELECT patient_rows + doctor_rows ${byId ? '+ 1' : ''} < $2 AS few FROM sized),
      matched AS MATERIALIZED (${matchesByPeopleSql(sized, ['(SELECT few FROM shape)', ...inStatus])}),
      page_ids AS (
        (${matchedPageIdsSql('$3', '$4')})
        UNION ALL
        (SELECT a.appointment_id FROM appointments a
          WHERE NOT (SELECT few FROM shape)
            AND ((a.user_id + 0) IN (SELECT unnest(patients) FROM sized) OR (a.doctor_id + 0) IN (SELECT unnest(doctors) FROM sized)
                 ${idParam ? `OR a.appointment_id = ${idParam}` : ''})
            ${inStatus.map((condition) => `AND ${condition}`).join('')}
          ${status ? ADMIN_ORDER_ONE_STATUS : ADMIN_ORDER} LIMIT $3 OFFSET $4)),
      page AS (${pageJsonSql('SELECT appointment_id FROM page_ids')})
      SELECT page.*, shape.few, (SELECT count(*) FROM matched)::int AS matched, s.patient_rows, s.doctor_rows,
             cardinality(s.patients) AS patient_count, cardinality(s.doctors) AS doctor_count,
             ${status ? 'CASE WHEN s.people <= $5 THEN s.patients END' : 'NULL::int[]'} AS patient_ids,
             ${status ? 'CASE WHEN s.people <= $5 THEN s.doctors END' : 'NULL::int[]'} AS doctor_ids,
             -- Many matches of up to $5 people, both sides counted whole: the appointments with both a matched patient
             -- and a matched doctor, counted once (the doctor's index alone: user_id + 0 keeps PostgreSQL from probing
             -- the patient index once per patient and reading the table).
             CASE WHEN ${status ? 'false' : 'true'} AND NOT shape.few AND s.people <= $5 AND s.patient_rows < $6 AND s.doctor_rows < $6 THEN
               (SELECT count(*) FROM appointments WHERE doctor_id = ANY(s.doctors) AND (user_id + 0) IN (SELECT unnest(s.patients)))::int
             END AS shared
        FROM page CROSS JOIN shape CROSS JOIN sized s`;
    // Prepared: planning this statement cost ~2 ms a request, more than a rare name's whole run; its plan does not
    // depend on the values (the shape is chosen at run time by the one-time filters).
    const name = `admin-search-name${byId ? '-or-id' : ''}${status ? '-in-status' : ''}`;
    const [result] = await preparedQuery<NameAloneRow>(this.dataSource, name, sql, params);
    if (result.few) return { row: result, total: result.matched, estimated: false };
    if (result.shared !== null && !byId) return { row: result, total: result.patient_rows + result.doctor_rows - result.shared, estimated: false };
    const estimate = await this.estimatedTotal(result, status ? 0 : result.patient_rows + result.doctor_rows, status);
    if (!status || estimate > 2 * EXACT_TOTAL_UP_TO) return { row: result, total: estimate, estimated: true };
    // A status of a name near the exact range: counted up to EXACT_TOTAL_UP_TO, as any filtered list. The ids come
    // back with the page for up to COUNTED_PEOPLE people; more (a few thousand appointments of a status among many
    // people) are looked up again.
    const ids = result.patient_ids && result.doctor_ids
      ? { patients: result.patient_ids, doctors: result.doctor_ids }
      : ((await this.run(NAME_MATCHES_SQL, [search.namePattern, 1])) as NameMatches[])[0];
    const counted = [...q.params];
    const param = (value: unknown) => `$${counted.push(value)}`;
    const where = `WHERE ${[...q.filters, `(${this.anyOf(ids, search.appointmentId, param)})`].join(' AND ')}`;
    return { row: result, ...(await listTotal(this.run, `FROM appointments a ${where}`, counted, estimate)) };
  }

  /** The condition "a matched patient, a matched doctor or the number", the ids passed as parameters. */
  private anyOf(ids: { patients: number[]; doctors: number[] }, appointmentId: number | undefined, param: (value: unknown) => string): string {
    const ways = [`a.user_id = ANY(${param(ids.patients)}::int[])`, `a.doctor_id = ANY(${param(ids.doctors)}::int[])`];
    if (appointmentId !== undefined) ways.push(`a.appointment_id = ${param(appointmentId)}`);
    return ways.join(' OR ');
  }

  /**
   * The total of a name matching many, estimated: people × appointments per person in PostgreSQL's statistics (× the
   * status's share of all appointments when one is asked for), never below what was counted.
   */
  private async estimatedTotal(people: ManyPeople, atLeast: number, status?: string): Promise<number> {
    const stats = await this.appointmentsPerPerson();
    // n_distinct is a count, or minus a fraction of the rows when it grows with the table; -1 for a table never analysed.
    const perPerson = (distinct: number | null) => {
      const count = distinct === null ? 0 : distinct < 0 ? -distinct * stats.appointments : distinct;
      return count > 0 && stats.appointments > 0 ? stats.appointments / count : 0;
    };
    const at = status ? (stats.statuses ?? []).indexOf(status) : -1;
    const share = !status ? 1 : at >= 0 ? Number(stats.status_shares?.[at] ?? 0) : 1 / APPOINTMENT_STATUSES.length;
    const appointments = people.patient_count * perPerson(stats.patients) + people.doctor_count * perPerson(stats.doctors);
    return Math.max(Math.round(appointments * share), atLeast);
  }

  /** PostgreSQL's statistics of appointments, read at most once a minute (ANALYZE changes them more rarely). */
  private async appointmentsPerPerson(): Promise<AppointmentStats> {
    if (!this.stats || Date.now() - this.stats.readAt > STATS_MAX_AGE_MS) {
      const [read] = (await this.dataSource.query(APPOINTMENTS_PER_PERSON_SQL)) as AppointmentStats[];
      this.stats = { ...read, readAt: Date.now() };
    }
    return this.stats;
  }

  /** Every match read through the patient and doctor indexes (and the number), counted exactly and paged in list order. */
  private async fewMatches(q: AdminSearchQuery, names: NameMatches, appointmentId?: number): Promise<Page> {
    const params = [...q.params];
    const param = (value: unknown) => `$${params.push(value)}`;
    const sources = { patients: `${param(names.patients)}::int[]`, doctors: `${param(names.doctors)}::int[]`, ...(appointmentId !== undefined ? { appointmentId: param(appointmentId) } : {}) };
    const matched = matchesByPeopleSql(sources, q.filters);
    const sql = `WITH matched AS MATERIALIZED (${matched}), page AS (${pageJsonSql(matchedPageIdsSql(param(q.limit), param(q.offset)))})
      SELECT page.*, (SELECT count(*) FROM matched)::int AS total FROM page`;
    const [row] = (await this.run(sql, params)) as (AppointmentListJsonRow & { total: number })[];
    return { row, total: row.total, estimated: false };
  }

  /**
   * The list under conditions PostgreSQL plans well (the filters, ids given as arrays): the page, and the total as
   * its estimate when that is over twice EXACT_TOTAL_UP_TO (nothing counted), else counted (listTotal).
   */
  private async listed(q: AdminSearchQuery, conditions: string[], params: unknown[]): Promise<Page> {
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const total = async (): Promise<ListTotal> => {
      const planned = await plannedRows(this.run, `FROM appointments a ${where}`, params);
      return planned > 2 * EXACT_TOTAL_UP_TO ? { total: planned, estimated: true } : listTotal(this.run, `FROM appointments a ${where}`, params, planned);
    };
    const order = q.status ? ADMIN_ORDER_ONE_STATUS : ADMIN_ORDER;
    const [[row], counted] = await Promise.all([this.run(this.pageSql(where, params.length, order), [...params, q.limit, q.offset]) as Promise<AppointmentListJsonRow[]>, total()]);
    return { row, ...counted };
  }

  /**
   * One page under `where`: the page's ids first, from appointments alone in the list's index order (no joins while
   * skipping `offset` rows), then the joins and JSON for those rows only. Limit and offset follow the n parameters.
   */
  private pageSql(where: string, n: number, order = ADMIN_ORDER): string {
    return pageJsonSql(`SELECT a.appointment_id FROM appointments a ${where} ${order} LIMIT $${n + 1} OFFSET $${n + 2}`);
  }
}

@Controller()
export class AdminAppointmentSearchController {
  constructor(private readonly searcher: AdminAppointmentSearch) {}

  @MessagePattern(subject(AppointmentPatterns.adminSearch))
  search(@Payload() request: RpcRequest<AdminSearchPayload>) {
    return this.searcher.search(requirePrincipal(request), request.payload ?? {}, request.requestId);
  }
}
