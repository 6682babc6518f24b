import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, conflict, forbidden, notFound, parsePayload, Principal, recordEvent } from '@afya/service-shared';
import {
  AppointmentChangeReply,
  AppointmentEvents,
  AppointmentMessages,
  AppointmentReply,
  DeleteAppointmentReply,
  RatePayloadSchema,
  RatingReply,
  RatingView,
  SetAmountPayloadSchema,
  SetStatusPayloadSchema,
  UpdateAppointmentPayloadSchema,
} from '../../contracts';
import { recordCompletedAttendance } from '../attendance/attendance.sql';
import { AuditTrail } from '../audit/audit-trail';
import { DoctorCalendarService } from '../calendar/doctor-calendar.service';
import { FamilyAccess } from '../family/family-access';
import { SlotHolds } from '../waitlist/slot-holds';
import { assertClinicalEdit, assertStatusChange, cancelledForClinicCause } from '../rules/permissions';
import { AppointmentRecords, isUniqueViolation, SLOT_INDEX } from './appointment-records';
import { toAppointmentView, toEventData } from './appointment.sql';

/** Changes to a booked appointment other than its slot: clinical fields, status, amount, deletion, the patient's rating. */
@Injectable()
export class AppointmentChangesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
    private readonly holds: SlotHolds,
    private readonly records: AppointmentRecords,
    private readonly calendar: DoctorCalendarService,
    private readonly family: FamilyAccess,
  ) {}

  /** PATCH /appointments/{id}: clinical fields, by the appointment's doctor or an admin. */
  async update(actor: Principal, request: unknown, requestId?: string): Promise<AppointmentReply> {
    const { id, changes } = parsePayload(UpdateAppointmentPayloadSchema, request);
    const fields = (['diagnosis', 'treatment', 'medications', 'notes', 'duration'] as const).filter((f) => changes?.[f] !== undefined);
    const row = await this.dataSource.transaction(async (manager) => {
      const current = await this.records.lockedRow(manager, id);
      this.records.guard(actor, 'update', current, () => assertClinicalEdit(actor, current), requestId);
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
      const updated = (await this.records.findRow(id, manager))!;
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
      // A carer with `book` for the patient cancels as the patient would (issue 36).
      const asPatient = await this.family.actingFor(actor, id, requestId);
      const row = await this.dataSource.transaction(async (manager) => {
        const current = await this.records.lockedRow(manager, id);
        this.records.guard(actor, 'update', current, () => assertStatusChange(asPatient, current, status), requestId);
        if (current.appointment_status === status) return current;
        await manager.query(
          `UPDATE appointments
              SET appointment_status = $2,
                  completed_at = CASE WHEN $2 = 'Completed' THEN now() ELSE NULL END,
                  updated_at = now()
            WHERE appointment_id = $1`,
          [id, status],
        );
        const updated = (await this.records.findRow(id, manager))!;
        if (status === 'Completed') await recordCompletedAttendance(manager, id); // "attended" unless an outcome was set (issue 40)
        const slot = { doctor_id: current.doctor_id, appointment_date: current.appointment_date, time_slot: current.time_slot };
        // a cancelled slot goes to the doctor's waitlist first; a cancelled visit re-opened must not take a held slot
        if (status === 'Cancelled') {
          await this.holds.freed(manager, slot, current.user_id);
          await this.calendar.resolveNewTime(manager, id); // a cancelled visit no longer needs a new time
        } else if (current.appointment_status === 'Cancelled') await this.holds.take(manager, slot, current.user_id, id);
        const type = status === 'Cancelled' ? AppointmentEvents.cancelled : AppointmentEvents.updated;
        const event = toEventData(updated, current.appointment_status);
        if (status === 'Cancelled' && cancelledForClinicCause(actor, current)) event.refund_in_full = true;
        await recordEvent(manager, type, event);
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

  /** PATCH /appointments/{id}/amount (admin). */
  async setAmount(actor: Principal, request: unknown, requestId?: string): Promise<AppointmentChangeReply> {
    if (actor.role !== 'admin') throw forbidden();
    const { id, total_amount } = parsePayload(SetAmountPayloadSchema, request);
    const row = await this.dataSource.transaction(async (manager) => {
      await this.records.lockedRow(manager, id);
      await manager.query(`UPDATE appointments SET total_amount = round($2::numeric, 2), updated_at = now() WHERE appointment_id = $1`, [id, total_amount]);
      const updated = (await this.records.findRow(id, manager))!;
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
      const current = await this.records.lockedRow(manager, id);
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
        const current = await this.records.lockedRow(manager, id);
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
}
