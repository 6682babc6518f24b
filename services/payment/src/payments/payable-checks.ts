import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BusClient, conflict, forbidden, notFound, Principal, subject } from '@afya/service-shared';
import { AppointmentPatterns, type AppointmentReply, type AppointmentView, maskMemberNumber } from '@afya/appointment-service/contracts';
import { PAYMENT_MESSAGES } from '../../contracts';
import { refusalToPay } from '../rules/payment-rules';

/**
 * A new payment's charge of its appointment ($1): one more than the charges completed (issue 38: a covered visit's
 * co-pay is charge 1, the rest after a rejected cover charge 2; a self-pay visit has only ever charge 1).
 */
export const NEXT_CHARGE_NO = `(SELECT count(*)::smallint + 1 FROM payments WHERE appointment_id = $1 AND status = 'completed')`;

/**
 * A covered visit's payment keeps what its receipt says of the cover (issue 38): the payer, the member number masked,
 * the payer's expected part and the fee; null for a self-pay visit. The values for $n..$n+3 of an INSERT.
 */
export function coverOnReceipt(appointment: AppointmentView): [string | null, string | null, number | null, number | null] {
  const cover = appointment.cover;
  return cover ? [cover.payer_name, maskMemberNumber(cover.member_number), cover.cover_amount, cover.fee] : [null, null, null, null];
}

/** The server-side rules every new payment (card or M-Pesa) passes before a provider is asked. */
@Injectable()
export class PayableChecks {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bus: BusClient,
  ) {}

  /**
   * The caller's own appointment, payable (Pending or Confirmed, unpaid, with an amount): 404 for someone else's,
   * 409 when not payable. What is charged is the appointment's amount; an amount the client sent that differs is
   * not an error (the reply says which amount was charged).
   */
  async payableAppointment(caller: Principal, appointmentId: number, requestId?: string): Promise<AppointmentView> {
    if (caller.role !== 'user') throw forbidden();
    // Read from the appointment service as the caller (its ownership rule applies: another patient's is a 404 there), so
    // the amount, owner and status a payment is created for come from the service that owns them, never the browser.
    const { appointment } = await this.bus.request<AppointmentReply>(subject(AppointmentPatterns.get), { id: appointmentId }, { principal: caller, requestId, via: 'payment' });
    if (appointment.user_id !== caller.userId) throw notFound('Appointment not found');
    const refusal = refusalToPay(appointment);
    if (refusal) throw conflict(refusal);
    const [paid] = (await this.dataSource.query(
      `SELECT count(*)::int AS payments, COALESCE(sum(amount), 0)::float8 AS amount FROM payments WHERE appointment_id = $1 AND status = 'completed'`,
      [appointmentId],
    )) as { payments: number; amount: number }[];
    // A covered visit (issue 38) may take a second payment: the rest of the fee once its cover was rejected. What this
    // service completed beyond what the appointment service has counted is a payment not applied yet: paid already.
    const counted = appointment.payment_route === 'insurance' ? (appointment.cover?.paid_amount ?? 0) : 0;
    if (appointment.payment_route === 'insurance' ? paid.amount > counted + 0.005 : paid.payments > 0) throw conflict(PAYMENT_MESSAGES.alreadyPaid);
    return appointment;
  }

  patientName(appointment: AppointmentView): string | null {
    const name = [appointment.user?.firstname, appointment.user?.lastname].filter(Boolean).join(' ');
    return name || appointment.patient_full_name || null;
  }
}
