import { createHash } from 'node:crypto';
import { Controller, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EXACT_TOTAL_UP_TO, forbidden, JsonText, listTotal, ListTotal, plannedRows, Principal, requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AdminSearchPayload, AppointmentPatterns, APPOINTMENT_STATUSES } from '../../contracts';
import { AuditTrail } from '../audit/audit-trail';
import { AdminSearchQuery, AdminTextSearch, adminSearchQuery } from './admin-search-query';
import { APPOINTMENT_STATS_SQL, AppointmentStats, dateShare, distinctCount, ManyPeople } from './admin-search-estimate';
import { ADMIN_ORDER, ADMIN_ORDER_ONE_STATUS, MATCHED_PEOPLE_SQL, MatchedPeople, matchedPageIdsSql, pageJsonSql } from './admin-search.sql';
import { AppointmentListJsonRow } from './appointment.sql';
import { preparedQuery } from './prepared-query';

/** Up to this many matches a search reads them all through the patient and doctor indexes (and counts them exactly). */
const FEW_MATCHES = 2_000;
/** A name matching up to this many people is counted exactly (a bounded number of index descents) when it matches many. */
const COUNTED_PEOPLE = 1_000;

interface Page extends ListTotal {
  row: AppointmentListJsonRow;
}

interface NameSearchRow extends AppointmentListJsonRow, ManyPeople {
  few: boolean;
  matched: number;
  /** The people's appointments under the filters, counted up to FEW_MATCHES, or EXACT_TOTAL_UP_TO for up to COUNTED_PEOPLE people. */
  patient_rows: number;
  doctor_rows: number;
  /** Both sides counted whole (many matches of up to COUNTED_PEOPLE people): the appointments of both; else null. */
  shared: number | null;
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
   * A status word (Pending…) matches every appointment in that status as well as the names: PostgreSQL plans it,
   * given the matched people's ids as arrays. Any other text is a name or an appointment number (nameSearch).
   */
  private async textSearch(q: AdminSearchQuery, search: AdminTextSearch): Promise<Page> {
    if (!search.status) return this.nameSearch(q, search);
    const [people] = (await this.run(MATCHED_PEOPLE_SQL('$1'), [search.namePattern])) as MatchedPeople[];
    const params = [...q.params];
    const param = (value: unknown) => `$${params.push(value)}`;
    const ways = [`a.user_id = ANY(${param(people.patients)}::int[])`, `a.doctor_id = ANY(${param(people.doctors)}::int[])`, `a.appointment_status = ${param(search.status)}`];
    if (search.appointmentId !== undefined) ways.push(`a.appointment_id = ${param(search.appointmentId)}`);
    return this.listed(q, [...q.filters, `(${ways.join(' OR ')})`], params);
  }

  /**
   * A name or an appointment number, with any status and date filters, in one statement. The matching patients and
   * doctors are found first; then each side's appointments under the filters are read once from the patient and
   * doctor indexes alone (they carry the status, the date and created_at), up to FEW_MATCHES, or for up to
   * COUNTED_PEOPLE people up to EXACT_TOTAL_UP_TO. Few: those are the matches, paged and counted exactly. Many: walk
   * the list's index until a page of them is met (at least 1 entry in FEW_MATCHES matches, so a page costs a few
   * thousand entries at most); the total is exact when both sides were read whole, else estimated. Decided on counted
   * rows, not on an estimate: a doctor with no appointments yet is planned as having the average 2,000, and a walk for
   * a name with none read all 1,000,000 rows (1.1 s; docs/decisions/0044-admin-search-on-counted-rows.md). The
   * shape not taken is skipped by a one-time filter. The walk tests the ids in hashed sets written so that
   * PostgreSQL cannot pick the patient or doctor index instead (whose rows it would then all read and sort).
   */
  private async nameSearch(q: AdminSearchQuery, search: AdminTextSearch): Promise<Page> {
    const params = [...q.params];
    const param = (value: unknown) => `$${params.push(value)}`;
    const pattern = param(search.namePattern);
    const few = `${param(FEW_MATCHES + 1)}::bigint`;
    const [limit, offset] = [param(q.limit), param(q.offset)];
    const countedPeople = param(COUNTED_PEOPLE);
    const exactUpTo = `${param(EXACT_TOTAL_UP_TO + 1)}::bigint`;
    const byId = search.appointmentId !== undefined;
    const idParam = byId ? `${param(search.appointmentId)}::int` : undefined;
    const filtered = q.filters.map((filter) => ` AND ${filter}`).join('');
    const people = 'cardinality(patients) + cardinality(doctors)';
    // Patients on one day: that day's entries tested against them (appointments_day_list_idx), cheaper than one
    // descent of the patient index per matched patient (a surname has thousands); else each one's entries.
    const patientSide = q.date?.op === 'on' ? '(a.user_id + 0) IN (SELECT unnest(patients) FROM names)' : 'a.user_id = ANY((SELECT patients FROM names)::int[])';
    const idMatch = idParam ? `\n        UNION SELECT a.appointment_id, a.created_at FROM appointments a WHERE (SELECT few FROM shape) AND a.appointment_id = ${idParam}${filtered}` : '';
    const sql = `
      WITH names AS MATERIALIZED (${MATCHED_PEOPLE_SQL(pattern)}),
      -- Each side's appointments under the filters, read once from its index: up to FEW_MATCHES, or for up to
      -- COUNTED_PEOPLE people up to EXACT_TOTAL_UP_TO.
      cap AS MATERIALIZED (SELECT ${people} AS people, CASE WHEN ${people} <= ${countedPeople} THEN ${exactUpTo} ELSE ${few} END AS up_to FROM names),
      by_patient AS MATERIALIZED (
        SELECT a.appointment_id, a.created_at FROM appointments a
         WHERE ${patientSide}${filtered} LIMIT (SELECT up_to FROM cap)),
      by_doctor AS MATERIALIZED (
        SELECT a.appointment_id, a.created_at FROM appointments a
         WHERE a.doctor_id = ANY((SELECT doctors FROM names)::int[])${filtered} LIMIT (SELECT up_to FROM cap)),
      sized AS MATERIALIZED (
        SELECT c.people, (SELECT count(*) FROM by_patient)::int AS patient_rows, (SELECT count(*) FROM by_doctor)::int AS doctor_rows FROM cap c),
      shape AS MATERIALIZED (SELECT patient_rows + doctor_rows ${byId ? '+ 1' : ''} < ${few} AS few FROM sized),
      matched AS MATERIALIZED (
        SELECT appointment_id, created_at FROM by_patient WHERE (SELECT few FROM shape)
        UNION SELECT appointment_id, created_at FROM by_doctor WHERE (SELECT few FROM shape)${idMatch}),
      page_ids AS (
        (${matchedPageIdsSql(limit, offset)})
        UNION ALL
        (SELECT a.appointment_id FROM appointments a
          WHERE NOT (SELECT few FROM shape)
            AND ((a.user_id + 0) IN (SELECT unnest(patients) FROM names) OR (a.doctor_id + 0) IN (SELECT unnest(doctors) FROM names)
                 ${idParam ? `OR a.appointment_id = ${idParam}` : ''})${filtered}
          ${q.status ? ADMIN_ORDER_ONE_STATUS : ADMIN_ORDER} LIMIT ${limit} OFFSET ${offset})),
      page AS (${pageJsonSql('SELECT appointment_id FROM page_ids')})
      SELECT page.*, shape.few, (SELECT count(*) FROM matched)::int AS matched, s.patient_rows, s.doctor_rows,
             cardinality(n.patients) AS patient_count, cardinality(n.doctors) AS doctor_count,
             -- Many matches of up to COUNTED_PEOPLE people, both sides read whole: the appointments with both a
             -- matched patient and a matched doctor, counted once.
             CASE WHEN NOT shape.few AND s.people <= ${countedPeople} AND s.patient_rows < ${exactUpTo} AND s.doctor_rows < ${exactUpTo} THEN
               (SELECT count(*) FROM by_patient JOIN by_doctor USING (appointment_id))::int
             END AS shared
        FROM page CROSS JOIN shape CROSS JOIN sized s CROSS JOIN names n`;
    // Prepared (named by its text: one statement for each combination of filters): parsed and analysed once a
    // connection. PostgreSQL still plans it for each request's values (~0.7 ms): its generic plan, made without
    // knowing the page's size, ran 3-4 times slower.
    const name = `admin-search-${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    const [result] = await preparedQuery<NameSearchRow>(this.dataSource, name, sql, params);
    if (result.few) return { row: result, total: result.matched, estimated: false };
    if (result.shared !== null && !byId) return { row: result, total: result.patient_rows + result.doctor_rows - result.shared, estimated: false };
    return { row: result, total: await this.estimatedTotal(result, Math.max(result.patient_rows, result.doctor_rows), q), estimated: true };
  }

  /**
   * The total of a name matching many, estimated: people × appointments per person in PostgreSQL's statistics, × the
   * status's share and the date filter's share of all appointments, never below what was counted.
   */
  private async estimatedTotal(people: ManyPeople, atLeast: number, q: AdminSearchQuery): Promise<number> {
    const stats = await this.appointmentStats();
    const perPerson = (nDistinct: number | null) => {
      const distinct = distinctCount(nDistinct, stats.appointments);
      return distinct > 0 ? stats.appointments / distinct : 0;
    };
    const at = q.status ? (stats.statuses ?? []).indexOf(q.status) : -1;
    const statusShare = !q.status ? 1 : at >= 0 ? Number(stats.status_shares?.[at] ?? 0) : 1 / APPOINTMENT_STATUSES.length;
    const appointments = people.patient_count * perPerson(stats.patients) + people.doctor_count * perPerson(stats.doctors);
    return Math.max(Math.round(appointments * statusShare * dateShare(q.date, stats)), atLeast);
  }

  /** PostgreSQL's statistics of appointments, read at most once a minute (ANALYZE changes them more rarely). */
  private async appointmentStats(): Promise<AppointmentStats> {
    if (!this.stats || Date.now() - this.stats.readAt > STATS_MAX_AGE_MS) {
      const [read] = (await this.run(APPOINTMENT_STATS_SQL, [])) as AppointmentStats[];
      this.stats = { ...read, readAt: Date.now() };
    }
    return this.stats;
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
