import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, conflict, forbidden, notFound, parsePayload, Principal, recordEvent } from '@afya/service-shared';
import { AppointmentEvents, AppointmentMessages, type AppointmentChangeReply, CoverCheckPayloadSchema, InsuranceMessages } from '../../contracts';
import { APPOINTMENT_SELECT, type AppointmentRow, toAppointmentView, toEventData } from '../appointments/appointment.sql';

/**
 * The desk's check of a booked cover (issue 38): the visit's doctor or an admin marks it verified, rejected (with a
 * reason) or self-pay instead. Rejected or self-pay makes the rest of the fee due from the patient: the visit is unpaid
 * again until they pay it from the appointment card. Every mark is kept (who, when); a later mark corrects an earlier.
 */
@Injectable()
export class CoverCheckService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async check(actor: Principal, request: unknown): Promise<AppointmentChangeReply> {
    if (actor.role === 'user') throw forbidden(InsuranceMessages.staffOnly);
    const { id, result, reason } = parsePayload(CoverCheckPayloadSchema, request);
    if (result === 'rejected' && !reason) throw badRequest(InsuranceMessages.checkReason);
    const row = await this.dataSource.transaction(async (manager) => {
      const [current]: AppointmentRow[] = await manager.query(`${APPOINTMENT_SELECT} WHERE a.appointment_id = $1 FOR UPDATE OF a`, [id]);
      // Another doctor's visit is a 404, as everywhere.
      if (!current || (actor.role === 'doctor' && current.doctor_user_id !== actor.userId)) throw notFound(AppointmentMessages.appointmentNotFound);
      if (!current.cover) throw conflict(InsuranceMessages.noCover);
      if (current.appointment_status !== 'Pending' && current.appointment_status !== 'Confirmed') throw conflict(InsuranceMessages.checkClosed);
      await manager.query(
        `UPDATE appointment_covers SET check_status = $2, check_reason = $3, checked_by = $4, checked_at = now() WHERE appointment_id = $1`,
        [id, result, result === 'verified' ? null : (reason ?? null), actor.userId],
      );
      await manager.query(`INSERT INTO appointment_cover_checks (appointment_id, result, reason, checked_by) VALUES ($1, $2, $3, $4)`, [id, result, reason ?? null, actor.userId]);
      // The check itself is news to read models (the revenue report's insurer-expected part): recorded even when `paid` stays.
      return settlePaid(manager, id, current, true);
    });
    return { appointment: toAppointmentView(row), message: InsuranceMessages.checkSaved };
  }
}

/**
 * A covered visit's `paid` follows what is due: paid when nothing is left to pay (the co-pay paid, or nothing due),
 * unpaid when the cover's rejection made the rest due. Becoming paid confirms a Pending visit, as a payment does. Records
 * appointment.updated when it changes, or always when asked (the payment service's and reports' read models follow).
 */
export async function settlePaid(manager: EntityManager, appointmentId: number, before: AppointmentRow, alwaysRecord = false): Promise<AppointmentRow> {
  const changed = (await manager.query(
    `UPDATE appointments a
        SET paid = due.amount = 0,
            appointment_status = CASE WHEN due.amount = 0 AND a.appointment_status = 'Pending' THEN 'Confirmed' ELSE a.appointment_status END,
            updated_at = now()
       FROM (SELECT GREATEST(0, CASE WHEN c.check_status IN ('rejected', 'self_pay') THEN c.fee ELSE c.copay_amount END - c.paid_amount) AS amount
               FROM appointment_covers c WHERE c.appointment_id = $1) AS due
      WHERE a.appointment_id = $1 AND (a.paid <> (due.amount = 0) OR (due.amount = 0 AND a.appointment_status = 'Pending'))`,
    [appointmentId],
  )) as [unknown[], number];
  const [updated]: AppointmentRow[] = await manager.query(`${APPOINTMENT_SELECT} WHERE a.appointment_id = $1`, [appointmentId]);
  if (changed[1] || alwaysRecord) {
    const previous = before.appointment_status !== updated.appointment_status ? before.appointment_status : undefined;
    await recordEvent(manager, AppointmentEvents.updated, toEventData(updated, previous));
  }
  return updated;
}
