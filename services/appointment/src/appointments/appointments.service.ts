import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  appointmentsBooked,
  badRequest,
  conflict,
  forbidden,
  JsonText,
  listTotal,
  notFound,
  PageRequest,
  pageOf,
  parsePayload,
  Principal,
  recordEvent,
  recordEvents,
  RpcFailure,
} from '@afya/service-shared';
import {
  APPOINTMENT_STATUSES,
  LIST_PAGE_MAX,
  AppointmentChangeReply,
  AppointmentEvents,
  AppointmentMessages,
  AppointmentReply,
  AppointmentStatus,
  AvailabilityQuerySchema,
  AvailabilityReply,
  BookPayloadSchema,
  BookReply,
  DEFAULT_APPOINTMENT_TYPE,
  DataExportAppointmentsReply,
  type DataExportWaitlistEntry,
  type DataExportWaitlistOffer,
  DEFAULT_DURATION_MINUTES,
  DEFAULT_VISIT_MODE,
  DeleteAppointmentReply,
  ListAllPayload,
  RatePayloadSchema,
  RatingReply,
  RatingView,
  ReschedulePayloadSchema,
  SetAmountPayloadSchema,
  SetStatusPayloadSchema,
  StatsReply,
  StatusCounts,
  slotsWithinClinicHours,
  UpdateAppointmentPayloadSchema,
} from '../../contracts';
import { AuditTrail } from '../audit/audit-trail';
import { SlotHolds } from '../waitlist/slot-holds';
import { preparedQuery } from './prepared-query';
import { DoctorsService, toDoctorProfile } from '../doctors/doctors.service';
import { clinicHoursProblem, clinicToday, isInBookingWindow, slotStart, weekdayOf, worksOn } from '../rules/clinic-time';
import { bookingAmount, bookingType } from '../rules/fees';
import { assertCanSee, assertClinicalEdit, assertReschedule, assertStatusChange } from '../rules/permissions';
import {
  APPOINTMENT_ORDER,
  APPOINTMENT_SELECT,
  DOCTOR_AGENDA_ORDER,
  AppointmentListJsonRow,
  appointmentListJsonSql,
  AppointmentRow,
  fullName,
  toAppointmentView,
  toEventData,
} from './appointment.sql';

const ADMIN_ORDER = 'ORDER BY a.created_at DESC, a.appointment_id DESC';

const SLOT_INDEX = 'appointments_active_slot_uq';

/** APPOINTMENT_SELECT over the row an INSERT … RETURNING * just made (a WITH named `inserted`). */
const INSERTED_APPOINTMENT_SELECT = APPOINTMENT_SELECT.replace('FROM appointments a', 'FROM inserted a');

export const isUniqueViolation = (error: unknown, constraint?: string) =>
  (error as { code?: string }).code === '23505' && (!constraint || (error as { constraint?: string }).constraint === constraint);

export function countByStatus(rows: { appointment_status: AppointmentStatus }[]): StatusCounts {
  const counts: StatusCounts = { total: rows.length, Pending: 0, Confirmed: 0, Completed: 0, Cancelled: 0 };
  for (const row of rows) counts[row.appointment_status] += 1;
  return counts;
}

@Injectable()
export class AppointmentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly doctors: DoctorsService,
    private readonly audit: AuditTrail,
    private readonly holds: SlotHolds,
  ) {}

  // ---------- reads ----------

  async findRow(id: number, manager: EntityManager = this.dataSource.manager, lock = false): Promise<AppointmentRow | null> {
    const rows: AppointmentRow[] = await manager.query(`${APPOINTMENT_SELECT} WHERE a.appointment_id = $1${lock ? ' FOR UPDATE OF a' : ''}`, [id]);
    return rows[0] ?? null;
  }

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
  ): Promise<JsonText> {
    const [[row], separate] = await Promise.all([
      preparedQuery<AppointmentListJsonRow>(this.dataSource, name, sql, params),
      counted ? listTotal((text, values) => this.dataSource.query(text, values), counted.fromWhere, counted.params) : undefined,
    ]);
    const records = row.ids.map((appointment_id, i) => ({ appointment_id, user_id: row.users[i] }));
    await this.audit.recordAccess(actor, 'read', records, 'success', requestId);
    return new JsonText(row.body, separate?.total ?? row.total ?? row.ids.length);
  }

  /** `via`: the service asking for the actor (payment, prescription), named in the audit. */
  async get(actor: Principal, id: number, requestId?: string, via?: string): Promise<AppointmentReply> {
    const row = await this.findRow(id);
    if (!row) throw notFound(AppointmentMessages.appointmentNotFound);
    this.guard(actor, 'read', row, () => assertCanSee(actor, row), requestId, via);
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
    const [rows, entries, offers, labResults, profile] = await Promise.all([
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
    ]);
    return {
      appointments: rows.map(toAppointmentView),
      waitlist_entries: entries,
      waitlist_offers: offers,
      lab_results: labResults,
      doctor_profile: profile ? toDoctorProfile(profile) : null,
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

  /** GET /appointments/availability: every slot of the date, free or not (the booking screen shows free ones). */
  async availability(actor: Principal, request: unknown): Promise<AvailabilityReply> {
    const { doctor_id, date } = parsePayload(AvailabilityQuerySchema, request);
    const doctor = await this.doctors.findById(doctor_id);
    if (!doctor || !doctor.active || (doctor.approval_status !== 'approved' && actor.role !== 'admin')) {
      throw notFound(AppointmentMessages.doctorNotFound);
    }
    // Slots outside the clinic's hours that day (CLINIC_HOURS: Saturday afternoons, Sundays) are not offered at all.
    const open = slotsWithinClinicHours(weekdayOf(date));
    const bookable = open.length > 0 && isInBookingWindow(date) && worksOn(doctor.available_days, date) && doctor.approval_status === 'approved';
    // taken: booked, or held for another patient from the doctor's waitlist (held for the caller, it is theirs to take)
    const taken: { time_slot: string }[] = await this.dataSource.query(
      `SELECT time_slot FROM appointments WHERE doctor_id = $1 AND appointment_date = $2 AND appointment_status <> 'Cancelled'
       UNION ALL
       SELECT time_slot FROM waitlist_offers WHERE doctor_id = $1 AND appointment_date = $2 AND status = 'held' AND user_id <> $3`,
      [doctor_id, date, actor.userId],
    );
    const takenSlots = new Set(taken.map((t) => t.time_slot));
    return {
      doctor_id,
      date,
      bookable_date: bookable,
      slots: open.map((slot) => ({ time_slot: slot, available: bookable && !takenSlots.has(slot) })),
    };
  }

  // ---------- booking ----------

  /**
   * POST /appointments. The amount is the doctor's fee (else the type's default), never the client's.
   * The slot's uniqueness is the database's partial unique index: of concurrent bookings exactly one wins.
   */
  async book(actor: Principal, request: unknown, requestId?: string): Promise<BookReply> {
    if (actor.role !== 'user') throw forbidden('Only patients can book appointments');
    const payload = parsePayload(BookPayloadSchema, request);
    const { doctor_id, appointment_date, time_slot, notes } = payload;
    const visitMode = payload.visit_mode ?? DEFAULT_VISIT_MODE;
    // The named type is valid (the schema); without one, the amount the client showed chooses it.
    const appointment_type = bookingType(payload.appointment_type, payload.total_amount) ?? DEFAULT_APPOINTMENT_TYPE;
    if (!isInBookingWindow(appointment_date)) throw badRequest(AppointmentMessages.dateWindow);
    // The clinic's hours hold for the API as for the screen (a Sunday, a Saturday afternoon: 400, nothing booked).
    const closed = clinicHoursProblem(appointment_date, time_slot);
    if (closed) throw badRequest(closed);

    try {
      const row = await this.dataSource.transaction((manager) =>
        this.insertBooking(manager, actor, { doctor_id, appointment_date, time_slot, appointment_type, notes, visit_mode: visitMode }, requestId),
      );
      appointmentsBooked.inc(); // committed: the transaction above resolved
      return {
        appointment: toAppointmentView(row),
        appointment_id: row.appointment_id,
        message: 'Appointment booked successfully! Please proceed with payment.',
      };
    } catch (error) {
      if (isUniqueViolation(error, SLOT_INDEX)) throw conflict(AppointmentMessages.slotTaken, 'SLOT_TAKEN');
      throw error;
    }
  }

  /**
   * A booking's row, its events and audit entry, in the caller's transaction (a booking, or a waitlist offer being
   * claimed). The slot's uniqueness is the partial unique index; a slot held for a waitlisted patient is refused to
   * anyone else after the insert (SlotHolds.take), and taken by that patient it settles their offer.
   */
  async insertBooking(
    manager: EntityManager,
    actor: Principal,
    booking: { doctor_id: number; appointment_date: string; time_slot: string; appointment_type: string; notes: string; visit_mode: string },
    requestId?: string,
  ): Promise<AppointmentRow> {
    const { doctor_id, appointment_date, time_slot, appointment_type, notes, visit_mode: visitMode } = booking;
    const doctor = await this.doctors.findById(doctor_id, manager);
    if (!doctor || !doctor.active) throw notFound(AppointmentMessages.doctorNotFound);
    if (doctor.approval_status !== 'approved') throw badRequest(AppointmentMessages.doctorNotApproved);
    if (visitMode === 'video' && !doctor.offers_video) throw badRequest(AppointmentMessages.noVideo);
    if (!worksOn(doctor.available_days, appointment_date)) {
      throw badRequest(
        `Dr. ${fullName(doctor.first_name, doctor.last_name)} does not see patients on ${weekdayOf(appointment_date)}s. Please choose another date.`,
      );
    }
    // The new row comes back as the view reads it (one round trip, not an insert then a select).
    const [created]: AppointmentRow[] = await manager.query(
      `WITH inserted AS (
         INSERT INTO appointments
           (user_id, doctor_id, appointment_date, time_slot, starts_at, appointment_type, total_amount, notes, duration, visit_mode, patient_full_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
                 (SELECT NULLIF(trim(firstname || ' ' || lastname), '') FROM user_directory WHERE user_id = $1))
         RETURNING *)
       ${INSERTED_APPOINTMENT_SELECT}`,
      [
        actor.userId,
        doctor_id,
        appointment_date,
        time_slot,
        slotStart(appointment_date, time_slot),
        appointment_type,
        bookingAmount(appointment_type, doctor.fee),
        notes,
        DEFAULT_DURATION_MINUTES,
        visitMode,
      ],
    );
    await this.holds.take(manager, { doctor_id, appointment_date, time_slot }, actor.userId, created.appointment_id);
    // The booking and its audit entry: one statement for both events.
    await recordEvents(manager, [
      { type: AppointmentEvents.created, data: toEventData(created) },
      this.audit.changeEvent(actor, 'create', [created], requestId, ['notes']),
    ]);
    return created;
  }

  // ---------- changes ----------

  /** PATCH /appointments/{id}: clinical fields, by the appointment's doctor or an admin. */
  async update(actor: Principal, request: unknown, requestId?: string): Promise<AppointmentReply> {
    const { id, changes } = parsePayload(UpdateAppointmentPayloadSchema, request);
    const fields = (['diagnosis', 'treatment', 'medications', 'notes', 'duration'] as const).filter((f) => changes?.[f] !== undefined);
    const row = await this.dataSource.transaction(async (manager) => {
      const current = await this.lockedRow(manager, id);
      this.guard(actor, 'update', current, () => assertClinicalEdit(actor, current), requestId);
      if (!fields.length) return current;
      const text = (value: string | null | undefined) => (value === null || value === undefined ? null : String(value).trim() || null);
      await manager.query(
        `UPDATE appointments SET
           diagnosis = CASE WHEN $2 THEN $3 ELSE diagnosis END,
           treatment = CASE WHEN $4 THEN $5 ELSE treatment END,
           medications = CASE WHEN $6 THEN $7 ELSE medications END,
           notes = CASE WHEN $8 THEN $9 ELSE notes END,
           duration = COALESCE($10, duration),
           updated_at = now()
         WHERE appointment_id = $1`,
        [
          id,
          changes.diagnosis !== undefined,
          text(changes.diagnosis),
          changes.treatment !== undefined,
          text(changes.treatment),
          changes.medications !== undefined,
          text(changes.medications),
          changes.notes !== undefined,
          text(changes.notes),
          changes.duration ?? null,
        ],
      );
      const updated = (await this.findRow(id, manager))!;
      await recordEvent(manager, AppointmentEvents.updated, toEventData(updated));
      await this.audit.recordChange(manager, actor, 'update', [updated], requestId, [...fields]);
      return updated;
    });
    if (!fields.length) await this.audit.recordAccess(actor, 'read', [row], 'success', requestId);
    return { appointment: toAppointmentView(row) };
  }

  /** PATCH /appointments/{id}/status (and /override for admins). A cancelled slot is free again at once. */
  async setStatus(actor: Principal, request: unknown, requestId?: string, adminOnly = false): Promise<AppointmentChangeReply> {
    if (adminOnly && actor.role !== 'admin') throw forbidden();
    const { id, status } = parsePayload(SetStatusPayloadSchema, request);
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        const current = await this.lockedRow(manager, id);
        this.guard(actor, 'update', current, () => assertStatusChange(actor, current, status), requestId);
        if (current.appointment_status === status) return current;
        await manager.query(
          `UPDATE appointments
              SET appointment_status = $2,
                  completed_at = CASE WHEN $2 = 'Completed' THEN now() ELSE NULL END,
                  updated_at = now()
            WHERE appointment_id = $1`,
          [id, status],
        );
        const updated = (await this.findRow(id, manager))!;
        const slot = { doctor_id: current.doctor_id, appointment_date: current.appointment_date, time_slot: current.time_slot };
        // a cancelled slot goes to the doctor's waitlist first; a cancelled visit re-opened must not take a held slot
        if (status === 'Cancelled') await this.holds.freed(manager, slot, current.user_id);
        else if (current.appointment_status === 'Cancelled') await this.holds.take(manager, slot, current.user_id, id);
        const type = status === 'Cancelled' ? AppointmentEvents.cancelled : AppointmentEvents.updated;
        await recordEvent(manager, type, toEventData(updated, current.appointment_status));
        await this.audit.recordChange(manager, actor, 'update', [updated], requestId, ['appointment_status']);
        return updated;
      });
      return { appointment: toAppointmentView(row), message: 'Status updated!' };
    } catch (error) {
      // Re-opening a cancelled appointment whose slot someone else booked meanwhile.
      if (isUniqueViolation(error, SLOT_INDEX)) throw conflict(AppointmentMessages.slotTaken, 'SLOT_TAKEN');
      throw error;
    }
  }

  /**
   * PATCH /appointments/{id}/reschedule. One UPDATE moves the visit: the old slot is freed and the new one taken in
   * the same row, so there is never a moment with both held or both free; the new slot's uniqueness is the same
   * partial unique index as a booking's (of concurrent takers exactly one wins, the others get 409). Payment,
   * status, notes and history stay with the appointment (its id does not change). One appointment.updated event
   * carries where it was (previous_appointment_date/previous_time_slot): reminders move, the doctor is told.
   */
  async reschedule(actor: Principal, request: unknown, requestId?: string): Promise<AppointmentChangeReply> {
    const { id, appointment_date, time_slot } = parsePayload(ReschedulePayloadSchema, request);
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        const current = await this.lockedRow(manager, id);
        this.guard(actor, 'update', current, () => assertReschedule(actor, current, { appointment_date, time_slot }), requestId);
        if (!isInBookingWindow(appointment_date)) throw badRequest(AppointmentMessages.dateWindow);
        const closed = clinicHoursProblem(appointment_date, time_slot);
        if (closed) throw badRequest(closed);
        const doctor = await this.doctors.findById(current.doctor_id, manager);
        if (!doctor || !doctor.active) throw notFound(AppointmentMessages.doctorNotFound);
        if (!worksOn(doctor.available_days, appointment_date)) {
          throw badRequest(
            `Dr. ${fullName(doctor.first_name, doctor.last_name)} does not see patients on ${weekdayOf(appointment_date)}s. Please choose another date.`,
          );
        }
        await manager.query(
          `UPDATE appointments SET appointment_date = $2, time_slot = $3, starts_at = $4, updated_at = now() WHERE appointment_id = $1`,
          [id, appointment_date, time_slot, slotStart(appointment_date, time_slot)],
        );
        const updated = (await this.findRow(id, manager))!;
        // the new slot may be held for a waitlisted patient; the old one goes to the doctor's waitlist
        await this.holds.take(manager, { doctor_id: current.doctor_id, appointment_date, time_slot }, current.user_id, id);
        await this.holds.freed(manager, { doctor_id: current.doctor_id, appointment_date: current.appointment_date, time_slot: current.time_slot }, current.user_id);
        await recordEvent(manager, AppointmentEvents.updated, toEventData(updated, undefined, { appointment_date: current.appointment_date, time_slot: current.time_slot }));
        await this.audit.recordChange(manager, actor, 'update', [updated], requestId, ['appointment_date', 'time_slot']);
        return updated;
      });
      return { appointment: toAppointmentView(row), message: 'Appointment rescheduled!' };
    } catch (error) {
      if (isUniqueViolation(error, SLOT_INDEX)) throw conflict(AppointmentMessages.slotTaken, 'SLOT_TAKEN');
      throw error;
    }
  }

  /** PATCH /appointments/{id}/amount (admin). */
  async setAmount(actor: Principal, request: unknown, requestId?: string): Promise<AppointmentChangeReply> {
    if (actor.role !== 'admin') throw forbidden();
    const { id, total_amount } = parsePayload(SetAmountPayloadSchema, request);
    const row = await this.dataSource.transaction(async (manager) => {
      await this.lockedRow(manager, id);
      await manager.query(`UPDATE appointments SET total_amount = round($2::numeric, 2), updated_at = now() WHERE appointment_id = $1`, [id, total_amount]);
      const updated = (await this.findRow(id, manager))!;
      await recordEvent(manager, AppointmentEvents.updated, toEventData(updated));
      await this.audit.recordChange(manager, actor, 'update', [updated], requestId, ['total_amount']);
      return updated;
    });
    return { appointment: toAppointmentView(row), message: 'Amount updated!' };
  }

  /** DELETE /appointments/{id} (admin). */
  async remove(actor: Principal, id: number, requestId?: string): Promise<DeleteAppointmentReply> {
    if (actor.role !== 'admin') throw forbidden();
    await this.dataSource.transaction(async (manager) => {
      const current = await this.lockedRow(manager, id);
      await manager.query(`DELETE FROM appointments WHERE appointment_id = $1`, [id]);
      if (current.appointment_status !== 'Cancelled') {
        await this.holds.freed(manager, { doctor_id: current.doctor_id, appointment_date: current.appointment_date, time_slot: current.time_slot }, current.user_id);
      }
      await recordEvent(manager, AppointmentEvents.deleted, toEventData(current));
      await this.audit.recordChange(manager, actor, 'delete', [current], requestId);
    });
    return { message: 'Appointment deleted!', appointment_id: id };
  }

  /** POST /appointments/{id}/rating: the patient, on their own Completed appointment, once. */
  async rate(actor: Principal, request: unknown): Promise<RatingReply> {
    if (actor.role !== 'user') throw forbidden('Only the patient can rate an appointment');
    const { id, rating, comment } = parsePayload(RatePayloadSchema, request);
    try {
      const saved = await this.dataSource.transaction(async (manager) => {
        const current = await this.lockedRow(manager, id);
        if (current.user_id !== actor.userId) throw notFound(AppointmentMessages.appointmentNotFound);
        if (current.appointment_status !== 'Completed') throw badRequest(AppointmentMessages.rateOnlyCompleted);
        const [inserted]: RatingView[] = await manager.query(
          `INSERT INTO appointment_ratings (appointment_id, doctor_id, user_id, rating, comment)
           VALUES ($1, $2, $3, $4, $5)
           RETURNING rating_id, appointment_id, doctor_id, user_id, rating, comment, created_at`,
          [id, current.doctor_id, actor.userId, rating, comment?.trim() || null],
        );
        return inserted;
      });
      return {
        rating: { ...saved, rating: Number(saved.rating), created_at: new Date(saved.created_at).toISOString() },
        message: 'Thank you for your rating!',
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(AppointmentMessages.alreadyRated, 'ALREADY_RATED');
      throw error;
    }
  }

  private async lockedRow(manager: EntityManager, id: number): Promise<AppointmentRow> {
    const row = await this.findRow(id, manager, true);
    if (!row) throw notFound(AppointmentMessages.appointmentNotFound);
    return row;
  }

  /**
   * Runs an access rule; a refusal is itself audited (who tried, on whose record). Not awaited: the caller
   * may hold a transaction, and waiting there for another pooled connection could starve the pool.
   */
  private guard(actor: Principal, action: 'read' | 'update', row: AppointmentRow, rule: () => void, requestId?: string, via?: string): void {
    try {
      rule();
    } catch (error) {
      if (error instanceof RpcFailure) {
        const status = (error.getError() as { statusCode: number }).statusCode;
        if (status === 403 || status === 404) {
          this.audit.recordAccess(actor, action, [row], status === 404 ? 'not_found' : 'denied', requestId, via).catch(() => undefined);
        }
      }
      throw error;
    }
  }
}
