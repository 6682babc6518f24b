import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, forbidden, JsonText, listTotal, notFound, PageRequest, pageOf, Principal } from '@afya/service-shared';
import {
  APPOINTMENT_STATUSES,
  LIST_PAGE_MAX,
  AppointmentMessages,
  AppointmentReply,
  AppointmentStatus,
  DataExportAppointmentsReply,
  type DataExportWaitlistEntry,
  type DataExportWaitlistOffer,
  ListAllPayload,
  StatsReply,
  StatusCounts,
} from '../../contracts';
import { AuditTrail } from '../audit/audit-trail';
import { DoctorsService, toDoctorProfile } from '../doctors/doctors.service';
import { FamilyAccess } from '../family/family-access';
import { clinicToday } from '../../contracts/booking-rules';
import { assertCanSee } from '../rules/permissions';
import { AppointmentRecords } from './appointment-records';
import { preparedQuery } from './prepared-query';
import {
  APPOINTMENT_ORDER,
  APPOINTMENT_SELECT,
  DOCTOR_AGENDA_ORDER,
  AppointmentListJsonRow,
  appointmentListJsonSql,
  AppointmentRow,
  toAppointmentView,
} from './appointment.sql';

const ADMIN_ORDER = 'ORDER BY a.created_at DESC, a.appointment_id DESC';

export function countByStatus(rows: { appointment_status: AppointmentStatus }[]): StatusCounts {
  const counts: StatusCounts = { total: rows.length, Pending: 0, Confirmed: 0, Completed: 0, Cancelled: 0 };
  for (const row of rows) counts[row.appointment_status] += 1;
  return counts;
}

/** What a caller reads of appointments: their lists, one appointment, their stats and their data export. */
@Injectable()
export class AppointmentReadsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly doctors: DoctorsService,
    private readonly audit: AuditTrail,
    private readonly records: AppointmentRecords,
    private readonly family: FamilyAccess,
  ) {}

  /** The caller's own appointments: a patient's bookings, a doctor's patients' bookings; admins see all. */
  async ownRows(actor: Principal, limit = LIST_PAGE_MAX): Promise<AppointmentRow[]> {
    if (actor.role === 'admin') return this.allRows({ limit });
    if (actor.role === 'doctor') {
      return this.dataSource.query(
        `${APPOINTMENT_SELECT} WHERE a.doctor_id = (SELECT doctor_id FROM doctors WHERE user_id = $1) ${DOCTOR_AGENDA_ORDER} LIMIT $2`,
        [actor.userId, limit],
      );
    }
    return this.dataSource.query(`${APPOINTMENT_SELECT} WHERE a.user_id = $1 ${APPOINTMENT_ORDER} LIMIT $2`, [actor.userId, limit]);
  }

  private allRows({ limit = LIST_PAGE_MAX, offset = 0, status }: ListAllPayload): Promise<AppointmentRow[]> {
    const take = Math.min(Math.max(Math.trunc(limit) || LIST_PAGE_MAX, 1), LIST_PAGE_MAX);
    const skip = Math.max(Math.trunc(offset) || 0, 0);
    if (status && !(APPOINTMENT_STATUSES as readonly string[]).includes(status)) throw badRequest(AppointmentMessages.status);
    return this.dataSource.query(
      `${APPOINTMENT_SELECT} ${status ? 'WHERE a.appointment_status = $3' : ''} ${ADMIN_ORDER} LIMIT $1 OFFSET $2`,
      status ? [take, skip, status] : [take, skip],
    );
  }

  /** Lists carry clinical fields: each answer is audited before it leaves (CONTRACT.md §10.6). */
  private async audited(actor: Principal, rows: AppointmentRow[], requestId?: string): Promise<AppointmentRow[]> {
    await this.audit.recordAccess(actor, 'read', rows, 'success', requestId);
    return rows;
  }

  /**
   * GET /appointments (and /appointments/doctor): one page of the caller's own list, as JSON text (a bare array of
   * AppointmentView) with the list's total. A patient's list is newest first; a doctor's is their agenda.
   */
  async listOwn(actor: Principal, request: PageRequest = {}, requestId?: string): Promise<JsonText> {
    if (actor.role === 'admin') return this.listAll(actor, request, requestId);
    const { limit, offset } = pageOf(request);
    const doctor = actor.role === 'doctor';
    const where = doctor ? 'WHERE a.doctor_id = (SELECT doctor_id FROM doctors WHERE user_id = $1)' : 'WHERE a.user_id = $1';
    const sql = appointmentListJsonSql(where, doctor ? DOCTOR_AGENDA_ORDER : APPOINTMENT_ORDER, '$2', '$3', true);
    const name = doctor ? 'appointment_list_doctor' : 'appointment_list_patient';
    return this.listJson(actor, name, sql, [actor.userId, limit, offset], null, requestId);
  }

  /**
   * GET /family/members/{member_id}/appointments (issue 36): a member's appointments for a carer the auth service says
   * holds `records` for them now. The read is audited as the carer's, `via: 'family'`, so the member's access log
   * says who read them and how.
   */
  async listForMember(actor: Principal, request: PageRequest & { member_id?: unknown }, requestId?: string): Promise<JsonText> {
    const memberId = Number(request.member_id);
    if (!Number.isInteger(memberId) || memberId <= 0) throw badRequest('Invalid id');
    const { member_id } = await this.family.check(actor, memberId, 'records', requestId);
    const { limit, offset } = pageOf(request);
    const sql = appointmentListJsonSql('WHERE a.user_id = $1', APPOINTMENT_ORDER, '$2', '$3', true);
    return this.listJson(actor, 'appointment_list_patient', sql, [member_id, limit, offset], null, requestId, 'family');
  }

  async listForDoctor(actor: Principal, request: PageRequest = {}, requestId?: string): Promise<JsonText> {
    if (actor.role !== 'doctor') throw forbidden();
    return this.listOwn(actor, request, requestId);
  }

  /** GET /appointments/admin/all: every appointment, newest booking first, optionally of one status. */
  async listAll(actor: Principal, payload: ListAllPayload, requestId?: string): Promise<JsonText> {
    if (actor.role !== 'admin') throw forbidden();
    const { status } = payload;
    if (status && !(APPOINTMENT_STATUSES as readonly string[]).includes(status)) throw badRequest(AppointmentMessages.status);
    const { limit, offset } = pageOf(payload);
    const sql = appointmentListJsonSql(status ? 'WHERE a.appointment_status = $3' : '', ADMIN_ORDER, '$1', '$2');
    const name = status ? 'appointment_list_all_status' : 'appointment_list_all';
    // Every appointment: counted exactly up to EXACT_TOTAL_UP_TO, estimated beyond (listTotal), beside the page.
    const total = { fromWhere: `FROM appointments a ${status ? 'WHERE a.appointment_status = $1' : ''}`, params: status ? [status] : [] };
    return this.listJson(actor, name, sql, status ? [limit, offset, status] : [limit, offset], total, requestId);
  }

  /**
   * One statement builds the page's body (and, for one person's list, its total); an admin's whole list is counted
   * beside it by listTotal. The answer leaves only once its audit record is committed.
   */
  private async listJson(
    actor: Principal,
    name: string,
    sql: string,
    params: unknown[],
    counted: { fromWhere: string; params: unknown[] } | null,
    requestId?: string,
    via?: string,
  ): Promise<JsonText> {
    const [[row], separate] = await Promise.all([
      preparedQuery<AppointmentListJsonRow>(this.dataSource, name, sql, params),
      counted ? listTotal((text, values) => this.dataSource.query(text, values), counted.fromWhere, counted.params) : undefined,
    ]);
    const records = row.ids.map((appointment_id, i) => ({ appointment_id, user_id: row.users[i] }));
    await this.audit.recordAccess(actor, 'read', records, 'success', requestId, via);
    return new JsonText(row.body, separate?.total ?? row.total ?? row.ids.length);
  }

  /** `via`: the service asking for the actor (payment, prescription), named in the audit. */
  async get(actor: Principal, id: number, requestId?: string, via?: string): Promise<AppointmentReply> {
    const row = await this.records.findRow(id);
    if (!row) throw notFound(AppointmentMessages.appointmentNotFound);
    this.records.guard(actor, 'read', row, () => assertCanSee(actor, row), requestId, via);
    await this.audit.recordAccess(actor, 'read', [row], 'success', requestId, via);
    return { appointment: toAppointmentView(row) };
  }

  /**
   * The caller's part of their data export (their own data: not audited as another's read): every appointment they
   * booked as a patient, their waitlist entries and the slots offered to them, the lab-result notices about them, and
   * a doctor's own profile. Every table of this schema that holds a person's id is here or is a copy of another
   * service's (gateway/test/data-rights/export-coverage.int.spec.ts checks it).
   */
  async dataExport(actor: Principal): Promise<DataExportAppointmentsReply> {
    const doctor = (alias: string) =>
      `json_build_object('doctor_id', ${alias}.doctor_id, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name, 'specialization', ${alias}.specialization)`;
    const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const [rows, entries, offers, labResults, profile, attendance, covers] = await Promise.all([
      this.dataSource.query(`${APPOINTMENT_SELECT} WHERE a.user_id = $1 ORDER BY a.starts_at, a.appointment_id LIMIT 10000`, [actor.userId]) as Promise<AppointmentRow[]>,
      this.dataSource.query(
        `SELECT e.entry_id, ${doctor('d')} AS doctor, e.date_from::text AS date_from, e.date_to::text AS date_to, e.appointment_type, e.notes, e.status,
                ${iso('e.joined_at')} AS joined_at, ${iso('e.updated_at')} AS updated_at
           FROM waitlist_entries e JOIN doctors d ON d.doctor_id = e.doctor_id
          WHERE e.user_id = $1 ORDER BY e.joined_at, e.entry_id`,
        [actor.userId],
      ) as Promise<DataExportWaitlistEntry[]>,
      this.dataSource.query(
        `SELECT o.offer_id, o.entry_id, ${doctor('d')} AS doctor, o.appointment_date::text AS appointment_date, o.time_slot, o.status,
                ${iso('o.offered_at')} AS offered_at, ${iso('o.expires_at')} AS expires_at,
                CASE WHEN o.settled_at IS NULL THEN NULL ELSE ${iso('o.settled_at')} END AS settled_at, o.appointment_id
           FROM waitlist_offers o JOIN doctors d ON d.doctor_id = o.doctor_id
          WHERE o.user_id = $1 ORDER BY o.offered_at, o.offer_id`,
        [actor.userId],
      ) as Promise<DataExportWaitlistOffer[]>,
      this.dataSource.query(
        `SELECT lab_result_id, appointment_id, test_name, message, ${iso('created_at')} AS created_at FROM lab_results WHERE user_id = $1 ORDER BY created_at, lab_result_id`,
        [actor.userId],
      ) as Promise<DataExportAppointmentsReply['lab_results']>,
      this.doctors.findByUser(actor.userId),
      this.dataSource.query(
        `SELECT t.appointment_id, a.appointment_date::text AS appointment_date, a.time_slot,
                trim(concat_ws(' ', d.first_name, d.last_name)) AS doctor_name, t.queue_number,
                CASE WHEN t.arrived_at IS NULL THEN NULL ELSE ${iso('t.arrived_at')} END AS arrived_at,
                COALESCE(t.checked_in_by = a.user_id, false) AS checked_in_by_you,
                CASE WHEN t.called_at IS NULL THEN NULL ELSE ${iso('t.called_at')} END AS called_at,
                CASE WHEN t.seen_at IS NULL THEN NULL ELSE ${iso('t.seen_at')} END AS seen_at,
                CASE WHEN t.left_at IS NULL THEN NULL ELSE ${iso('t.left_at')} END AS left_at,
                t.outcome, t.walk_in
           FROM appointment_attendance t
           JOIN appointments a ON a.appointment_id = t.appointment_id
           JOIN doctors d ON d.doctor_id = a.doctor_id
          WHERE a.user_id = $1 ORDER BY a.starts_at, t.appointment_id`,
        [actor.userId],
      ) as Promise<DataExportAppointmentsReply['attendance']>,
      this.dataSource.query(
        `SELECT c.cover_id, p.name AS payer_name, c.member_number, c.scheme, c.relationship, c.principal_name, c.principal_member_number,
                c.valid_until::text AS valid_until, c.priority, ${iso('c.created_at')} AS created_at, ${iso('c.updated_at')} AS updated_at
           FROM patient_covers c JOIN payers p ON p.payer_id = c.payer_id
          WHERE c.user_id = $1 ORDER BY c.cover_id`,
        [actor.userId],
      ) as Promise<DataExportAppointmentsReply['insurance_covers']>,
    ]);
    return {
      appointments: rows.map(toAppointmentView),
      waitlist_entries: entries,
      waitlist_offers: offers,
      lab_results: labResults,
      doctor_profile: profile ? toDoctorProfile(profile) : null,
      attendance,
      insurance_covers: covers,
    };
  }

  /** GET /appointments/stats: the caller's appointments in `data`, with counts by status. */
  async stats(actor: Principal, requestId?: string): Promise<StatsReply> {
    const rows = await this.audited(actor, await this.ownRows(actor), requestId);
    const today = clinicToday();
    const now = Date.now();
    const active = rows.filter((r) => r.appointment_status !== 'Cancelled');
    return {
      data: rows.map(toAppointmentView),
      stats: {
        ...countByStatus(rows),
        today: active.filter((r) => r.appointment_date === today).length,
        upcoming: active.filter((r) => r.starts_at.getTime() > now).length,
      },
    };
  }
}
