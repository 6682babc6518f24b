import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { badRequest } from '@afya/service-shared';
import { copaySplit, type CopayKind, coverValidOn, InsuranceMessages } from '../../contracts';
import { fullName } from '../appointments/appointment.sql';
import type { DoctorRow } from '../doctors/doctors.service';
import { CoverRow, CoversService } from './covers.service';

/** What a booking with cover keeps beside the appointment: the cover as it is now and the fee's split. */
export interface CoverSnapshot {
  cover: CoverRow;
  fee: number;
  copay_kind: CopayKind;
  copay_value: number;
  copay_amount: number;
  cover_amount: number;
}

/** The cover as it is now, copied, and the fee split by the doctor's terms for its payer (a copy: later edits of the cover never reach it). */
export function coverSnapshot(cover: CoverRow, terms: { copay_kind: CopayKind; copay_value: number }, fee: number): CoverSnapshot {
  const copayValue = Number(terms.copay_value);
  return { cover: { ...cover }, fee: Math.round(fee), copay_kind: terms.copay_kind, copay_value: copayValue, ...copaySplit(fee, terms.copay_kind, copayValue) };
}

/**
 * A booking with a cover (issue 38): the patient's own cover (another's: 404), of a payer the doctor accepts (else 400
 * naming the payer), valid on the visit's date (else 400); the co-pay from the doctor's terms for that payer.
 */
@Injectable()
export class CoverBooking {
  constructor(private readonly covers: CoversService) {}

  async snapshot(manager: EntityManager, patientId: number, coverId: number, doctor: DoctorRow, appointmentDate: string, fee: number): Promise<CoverSnapshot> {
    const cover = await this.covers.forBooking(manager, patientId, coverId);
    const [terms]: { copay_kind: CopayKind; copay_value: number }[] = await manager.query(
      `SELECT dp.copay_kind, dp.copay_value::float8 AS copay_value FROM doctor_payers dp JOIN payers p ON p.payer_id = dp.payer_id
        WHERE dp.doctor_id = $1 AND dp.payer_id = $2 AND p.retired_at IS NULL`,
      [doctor.doctor_id, cover.payer_id],
    );
    if (!terms) throw badRequest(`Dr. ${fullName(doctor.first_name, doctor.last_name) ?? ''} does not accept ${cover.payer_name}. Choose another cover or pay yourself.`, 'PAYER_NOT_ACCEPTED');
    if (!coverValidOn(cover.valid_until, appointmentDate)) throw badRequest(InsuranceMessages.coverExpired, 'COVER_EXPIRED');
    return coverSnapshot(cover, terms, fee);
  }

  /** The snapshot row: every field copied (editing or removing the cover later never changes it). */
  async keep(manager: EntityManager, appointmentId: number, snapshot: CoverSnapshot): Promise<void> {
    const { cover } = snapshot;
    await manager.query(
      `INSERT INTO appointment_covers (appointment_id, cover_id, payer_id, payer_code, payer_name, payer_kind, member_number, scheme, relationship,
         principal_name, principal_member_number, valid_until, priority, fee, copay_kind, copay_value, copay_amount, cover_amount)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
        appointmentId,
        cover.cover_id,
        cover.payer_id,
        cover.payer_code,
        cover.payer_name,
        cover.payer_kind,
        cover.member_number,
        cover.scheme,
        cover.relationship,
        cover.principal_name,
        cover.principal_member_number,
        cover.valid_until,
        cover.priority,
        snapshot.fee,
        snapshot.copay_kind,
        snapshot.copay_value,
        snapshot.copay_amount,
        snapshot.cover_amount,
      ],
    );
  }
}
