import { EntityManager } from 'typeorm';
import { recordEvent } from '@afya/service-shared';
import { AppointmentEvents } from '../../contracts';
import { returnedRows } from '../doctors/doctors.service';
import { APPOINTMENT_SELECT, AppointmentRow, toEventData } from './appointment.sql';

/**
 * An erased account (auth's user.deleted with `erased`: an approved erasure request or an admin's deletion), in the
 * consumer's transaction:
 * - every appointment ahead of it, as the patient or as the doctor, still Pending or Confirmed, is Cancelled: its slot
 *   is free at once (the active-slot index skips Cancelled) and appointment.cancelled lets the payment service refund
 *   a paid one per its policy;
 * - the name typed at booking (patient_full_name) goes; the visits themselves, their clinical fields and amounts stay,
 *   keyed by the user id only (medical records are kept, without direct identifiers).
 * Idempotent: a redelivered event finds nothing left to cancel.
 */
export async function applyErasedUser(manager: EntityManager, userId: number): Promise<number[]> {
  const cancelled = returnedRows<{ appointment_id: number; previous: AppointmentRow['appointment_status'] }>(await manager.query(
    `WITH ahead AS (
       SELECT a.appointment_id, a.appointment_status AS previous FROM appointments a
        WHERE (a.user_id = $1 OR a.doctor_id IN (SELECT doctor_id FROM doctors WHERE user_id = $1))
          AND a.appointment_status IN ('Pending', 'Confirmed') AND a.starts_at > now()
        FOR UPDATE)
     UPDATE appointments a SET appointment_status = 'Cancelled', completed_at = NULL, updated_at = now()
       FROM ahead WHERE a.appointment_id = ahead.appointment_id
     RETURNING a.appointment_id, ahead.previous`,
    [userId],
  ));
  await manager.query(`UPDATE appointments SET patient_full_name = NULL WHERE user_id = $1 AND patient_full_name IS NOT NULL`, [userId]);
  // A carer's name kept on the visits they booked for family members (issue 36): the visits stay the members'.
  await manager.query(`UPDATE appointments SET booked_by_name = NULL WHERE booked_by_user_id = $1 AND booked_by_name IS NOT NULL`, [userId]);
  // Insurance cover (issue 38): member numbers and principals' names are personal data; the visits' amounts stay.
  await manager.query(`DELETE FROM patient_covers WHERE user_id = $1`, [userId]);
  await manager.query(
    `UPDATE appointment_covers c SET member_number = '', principal_name = NULL, principal_member_number = NULL
       FROM appointments a WHERE a.appointment_id = c.appointment_id AND a.user_id = $1`,
    [userId],
  );
  for (const { appointment_id, previous } of cancelled) {
    const [row]: AppointmentRow[] = await manager.query(`${APPOINTMENT_SELECT} WHERE a.appointment_id = $1`, [appointment_id]);
    await recordEvent(manager, AppointmentEvents.cancelled, toEventData(row, previous));
  }
  return cancelled.map((c) => c.appointment_id);
}
