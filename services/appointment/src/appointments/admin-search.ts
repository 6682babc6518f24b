import { Controller, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, forbidden, JsonText, listTotal, Principal, requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AdminSearchPayload, AppointmentMessages, AppointmentPatterns, APPOINTMENT_STATUSES, LIST_PAGE_MAX } from '../../contracts';
import { AuditTrail } from '../audit/audit-trail';
import { clinicToday, isCalendarDate } from '../rules/clinic-time';
import { AppointmentListJsonRow, appointmentListJsonSql } from './appointment.sql';

const ADMIN_ORDER = 'ORDER BY a.created_at DESC, a.appointment_id DESC';
const DEFAULT_LIMIT = 20;

export interface AdminSearchQuery {
  where: string;
  /**
   * The same filter written for counting: the name matches as arrays (= ANY(ARRAY(...))), which PostgreSQL turns
   * into bitmap scans of the user_id / doctor_id indexes, where `where`'s IN (...) lets the page walk the list's
   * index in order and stop after one page.
   */
  countWhere: string;
  params: unknown[];
  limit: number;
  offset: number;
  page: number;
}

/**
 * The WHERE clause of the admin list (parameterised). Names are matched in the small tables (user_directory,
 * doctors) first and the appointments then found by their indexed user_id / doctor_id, so a search on a
 * million appointments reads only the matches.
 */
export function adminSearchQuery(payload: AdminSearchPayload, today = clinicToday()): AdminSearchQuery {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const countConditions: string[] = [];
  const both = (condition: string) => {
    conditions.push(condition);
    countConditions.push(condition);
  };
  const param = (value: unknown) => `$${params.push(value)}`;
  const { status, date } = payload;
  if (status) {
    if (!(APPOINTMENT_STATUSES as readonly string[]).includes(status)) throw badRequest(AppointmentMessages.status);
    both(`a.appointment_status = ${param(status)}`);
  }
  if (date) {
    if (date === 'today') both(`a.appointment_date = ${param(today)}::date`);
    else if (date === 'upcoming') both(`a.appointment_date > ${param(today)}::date`);
    else if (date === 'past') both(`a.appointment_date < ${param(today)}::date`);
    else if (isCalendarDate(date)) both(`a.appointment_date = ${param(date)}::date`);
    else throw badRequest('date must be today, upcoming, past or a date (YYYY-MM-DD)');
  }
  const search = payload.search?.trim().slice(0, 100);
  if (search) {
    const like = param(`%${search.replace(/^dr\.?\s+/i, '').replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
    const byId = /^#?\d{1,9}$/.test(search) ? ` OR a.appointment_id = ${param(Number(search.replace('#', '')))}` : '';
    const byStatus = APPOINTMENT_STATUSES.find((s) => s.toLowerCase() === search.toLowerCase());
    const patients = `SELECT user_id FROM user_directory WHERE firstname || ' ' || lastname ILIKE ${like}`;
    const doctors = `SELECT doctor_id FROM doctors WHERE first_name || ' ' || last_name ILIKE ${like}`;
    const rest = `${byId} ${byStatus ? `OR a.appointment_status = ${param(byStatus)}` : ''}`;
    conditions.push(`(a.user_id IN (${patients}) OR a.doctor_id IN (${doctors})${rest})`);
    countConditions.push(`(a.user_id = ANY(ARRAY(${patients})) OR a.doctor_id = ANY(ARRAY(${doctors}))${rest})`);
  }
  const rawLimit = payload.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(rawLimit) || rawLimit < 1 || rawLimit > LIST_PAGE_MAX) throw badRequest(`limit must be from 1 to ${LIST_PAGE_MAX}`);
  const page = payload.page ?? 1;
  if (!Number.isInteger(page) || page < 1) throw badRequest('page must be 1 or more');
  const offset = payload.offset !== undefined && payload.page === undefined ? Math.max(Math.trunc(payload.offset) || 0, 0) : (page - 1) * rawLimit;
  const whereOf = (list: string[]) => (list.length ? `WHERE ${list.join(' AND ')}` : '');
  return { where: whereOf(conditions), countWhere: whereOf(countConditions), params, limit: rawLimit, offset, page };
}

@Injectable()
export class AdminAppointmentSearch {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {}

  /** One page (JSON built by PostgreSQL) and the number of matches; the page's reads are audited. */
  async search(actor: Principal, payload: AdminSearchPayload, requestId?: string): Promise<JsonText> {
    if (actor.role !== 'admin') throw forbidden();
    const q = adminSearchQuery(payload ?? {});
    const n = q.params.length;
    // The page's ids first, from appointments alone (index order, no joins while skipping `offset` rows); the
    // joins and JSON then run for those 20 rows only. A deep page costs the skipped index entries, not their joins.
    const pageIds = `SELECT a.appointment_id FROM appointments a ${q.where} ${ADMIN_ORDER} LIMIT $${n + 1} OFFSET $${n + 2}`;
    const listSql = appointmentListJsonSql(`WHERE a.appointment_id IN (${pageIds})`, ADMIN_ORDER, `$${n + 1}`);
    const [[row], { total, estimated }] = await Promise.all([
      this.dataSource.query(listSql, [...q.params, q.limit, q.offset]) as Promise<AppointmentListJsonRow[]>,
      this.total(q),
    ]);
    await this.audit.recordAccess(actor, 'read', row.ids.map((appointment_id, i) => ({ appointment_id, user_id: row.users[i] })), 'success', requestId);
    // The body is {"appointments":[...]}: add the paging fields without parsing the list.
    return new JsonText(`${row.body.slice(0, -1)},"total":${total},"totalIsEstimate":${estimated},"page":${q.page},"limit":${q.limit}}`);
  }

  /** Exact up to 10,000 matches, else PostgreSQL's estimate (listTotal; DECISIONS.md, issue 12 at scale). */
  private total(q: AdminSearchQuery) {
    return listTotal((sql, params) => this.dataSource.query(sql, params), `FROM appointments a ${q.countWhere}`, q.params);
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
