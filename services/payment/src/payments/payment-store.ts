import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { afterCommit, paymentsSettled, recordEvent } from '@afya/service-shared';
import {
  DisputeView,
  PaymentDisputedData,
  PaymentEventData,
  PaymentEvents,
  PaymentFailedData,
  PaymentMethod,
  PaymentRefundedData,
  PaymentStatus,
  PaymentView,
} from '../../contracts';

/** A payments row as SELECTed with ROW_COLUMNS. */
export interface PaymentRow {
  payment_id: number;
  appointment_id: number;
  user_id: number;
  doctor_id: number;
  patient_name: string | null;
  doctor_first_name: string | null;
  doctor_last_name: string | null;
  appointment_date: string | null;
  time_slot: string | null;
  amount: number;
  method: PaymentMethod;
  status: PaymentStatus;
  stripe_session_id: string | null;
  stripe_payment_intent: string | null;
  checkout_request_id: string | null;
  /** Daraja's MerchantRequestID for the push: kept here only, so a callback naming it came from Daraja's answer. */
  merchant_request_id: string | null;
  mpesa_receipt: string | null;
  phone: string | null;
  failure_reason: string | null;
  refund_reason: string | null;
  refunded_at: Date | null;
  paid_at: Date | null;
  callback_received_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** Issue 38: a covered visit's payment: its payer, the member number masked, the payer's expected part, the fee. */
  cover_payer?: string | null;
  cover_member_masked?: string | null;
  cover_amount?: number | null;
  visit_fee?: number | null;
}

export const ROW_COLUMNS = `payment_id, appointment_id, user_id, doctor_id, patient_name, doctor_first_name, doctor_last_name,
  appointment_date, time_slot, amount::float8 AS amount, method, status, stripe_session_id, stripe_payment_intent,
  checkout_request_id, merchant_request_id, mpesa_receipt, phone, failure_reason, refund_reason, refunded_at, paid_at, callback_received_at,
  created_at, updated_at, cover_payer, cover_member_masked, cover_amount::float8 AS cover_amount, visit_fee::float8 AS visit_fee`;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toPaymentView(row: PaymentRow): PaymentView {
  return {
    payment_id: row.payment_id,
    appointment_id: row.appointment_id,
    transaction_id: row.method === 'card' ? row.stripe_session_id : row.mpesa_receipt ?? row.checkout_request_id,
    amount: row.amount,
    payment_status: row.status,
    method: row.method,
    mpesa_receipt: row.mpesa_receipt,
    phone: row.phone,
    failure_reason: row.failure_reason,
    refund_reason: row.refund_reason,
    refunded_at: iso(row.refunded_at),
    paid_at: iso(row.paid_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    user_id: row.user_id,
    patient_name: row.patient_name,
    appointment: {
      appointment_date: row.appointment_date,
      time_slot: row.time_slot,
      doctor: { doctor_id: row.doctor_id, first_name: row.doctor_first_name, last_name: row.doctor_last_name },
    },
  };
}

/** A dispute as PostgreSQL gives it: the reply's fields, the time still a Date. */
export type DisputeRow = Omit<DisputeView, 'created_at'> & { created_at: Date };

export function toDisputeView(row: DisputeRow): DisputeView {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

function eventData(row: PaymentRow, status: PaymentStatus, providerReference: string | null): PaymentEventData {
  return {
    payment_id: row.payment_id,
    appointment_id: row.appointment_id,
    patient_id: row.user_id,
    doctor_id: row.doctor_id,
    amount: row.amount,
    method: row.method,
    status,
    provider_reference: providerReference,
    occurred_at: new Date().toISOString(),
  };
}

/** What `returning` rows look like through TypeORM's query() for an UPDATE: [rows, count]. */
export function updatedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/**
 * The state changes of a payment, each in the caller's transaction with its outbox event. Every change
 * starts from the row locked FOR UPDATE and does nothing when the row is no longer in the state it expects,
 * so two deliveries of the same provider confirmation (webhook and success page, callback and reconciliation)
 * change it once.
 */
@Injectable()
export class PaymentStore {
  private readonly logger = new Logger('Payments');

  async lock(manager: EntityManager, where: string, value: unknown): Promise<PaymentRow | null> {
    const [row] = (await manager.query(`SELECT ${ROW_COLUMNS} FROM payments WHERE ${where} = $1 FOR UPDATE`, [value])) as PaymentRow[];
    return row ?? null;
  }

  async find(manager: EntityManager, where: string, value: unknown): Promise<PaymentRow | null> {
    const [row] = (await manager.query(`SELECT ${ROW_COLUMNS} FROM payments WHERE ${where} = $1`, [value])) as PaymentRow[];
    return row ?? null;
  }

  /** pending → completed, publishing payment.completed. Returns the row as it now is. */
  async complete(
    manager: EntityManager,
    row: PaymentRow,
    found: { providerReference: string | null; mpesaReceipt?: string | null; paymentIntent?: string | null },
  ): Promise<PaymentRow> {
    if (row.status !== 'pending') return row;
    // Paid twice: another payment completed while this one was in flight. One that had completed before this one was
    // created is not a double: PayableChecks let this one start only because more was due (issue 38: a covered visit's
    // co-pay, then the rest once the cover was rejected).
    const [paidElsewhere] = (await manager.query(
      `SELECT payment_id FROM payments
        WHERE appointment_id = $1 AND status = 'completed' AND payment_id <> $2 AND (paid_at IS NULL OR paid_at >= $3)`,
      [row.appointment_id, row.payment_id, row.created_at],
    )) as { payment_id: number }[];
    if (paidElsewhere) {
      // The patient paid twice (e.g. card and M-Pesa): money came in, but the appointment is paid once.
      await this.flag(manager, row, 'other', `Appointment #${row.appointment_id} was already paid by payment #${paidElsewhere.payment_id}`, row.amount, `double:${row.payment_id}`);
      const [failed] = updatedRows<PaymentRow>(await manager.query(
        `UPDATE payments SET status = 'failed', failure_reason = 'Already paid by another payment (flagged for a refund)',
           mpesa_receipt = COALESCE($2, mpesa_receipt), stripe_payment_intent = COALESCE($3, stripe_payment_intent), updated_at = now()
         WHERE payment_id = $1 RETURNING ${ROW_COLUMNS}`,
        [row.payment_id, found.mpesaReceipt ?? null, found.paymentIntent ?? null],
      ));
      afterCommit(manager, () => paymentsSettled.inc({ method: row.method, outcome: 'failed' }));
      return failed;
    }
    const [updated] = updatedRows<PaymentRow>(await manager.query(
      `UPDATE payments SET status = 'completed', paid_at = now(), failure_reason = NULL,
         mpesa_receipt = COALESCE($2, mpesa_receipt), stripe_payment_intent = COALESCE($3, stripe_payment_intent), updated_at = now()
       WHERE payment_id = $1 RETURNING ${ROW_COLUMNS}`,
      [row.payment_id, found.mpesaReceipt ?? null, found.paymentIntent ?? null],
    ));
    await recordEvent(manager, PaymentEvents.completed, eventData(updated, 'completed', found.providerReference));
    const [state] = (await manager.query(`SELECT status FROM appointment_states WHERE appointment_id = $1`, [row.appointment_id])) as { status: string }[];
    if (state?.status === 'Cancelled') {
      await this.flag(manager, updated, 'cancelled_appointment', `Payment received for cancelled appointment #${row.appointment_id}`, updated.amount, `cancelled:${row.payment_id}`);
    }
    this.logger.log(`payment ${row.payment_id} (${row.method}) completed for appointment ${row.appointment_id}`);
    afterCommit(manager, () => paymentsSettled.inc({ method: row.method, outcome: 'completed' }));
    return updated;
  }

  /** pending → failed with a readable reason, publishing payment.failed. */
  async fail(manager: EntityManager, row: PaymentRow, reason: string, providerReference: string | null): Promise<PaymentRow> {
    if (row.status !== 'pending') return row;
    const [updated] = updatedRows<PaymentRow>(await manager.query(
      `UPDATE payments SET status = 'failed', failure_reason = $2, updated_at = now() WHERE payment_id = $1 RETURNING ${ROW_COLUMNS}`,
      [row.payment_id, reason],
    ));
    const data: PaymentFailedData = { ...eventData(updated, 'failed', providerReference), reason };
    await recordEvent(manager, PaymentEvents.failed, data);
    afterCommit(manager, () => paymentsSettled.inc({ method: row.method, outcome: 'failed' }));
    return updated;
  }

  /** completed → refunded, publishing payment.refunded. */
  async refund(manager: EntityManager, row: PaymentRow, reason: string, reference: string | null): Promise<PaymentRow> {
    if (row.status !== 'completed') return row;
    const [updated] = updatedRows<PaymentRow>(await manager.query(
      `UPDATE payments SET status = 'refunded', refund_reason = $2, refund_reference = $3, refunded_at = now(), updated_at = now()
       WHERE payment_id = $1 RETURNING ${ROW_COLUMNS}`,
      [row.payment_id, reason, reference],
    ));
    const data: PaymentRefundedData = {
      ...eventData(updated, 'refunded', row.method === 'card' ? row.stripe_session_id : row.mpesa_receipt),
      refund_amount: updated.amount,
      reason,
    };
    await recordEvent(manager, PaymentEvents.refunded, data);
    afterCommit(manager, () => paymentsSettled.inc({ method: row.method, outcome: 'refunded' }));
    return updated;
  }

  /** Records a dispute once per provider reference and publishes payment.disputed. */
  async flag(manager: EntityManager, row: PaymentRow, source: DisputeView['source'], reason: string, amount: number | null, reference: string): Promise<void> {
    const inserted = (await manager.query(
      `INSERT INTO disputes (payment_id, appointment_id, source, reason, amount, provider_reference)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (provider_reference) DO NOTHING RETURNING dispute_id`,
      [row.payment_id, row.appointment_id, source, reason, amount, reference],
    )) as unknown[];
    if (!inserted.length) return;
    const data: PaymentDisputedData = { payment_id: row.payment_id, appointment_id: row.appointment_id, reason };
    await recordEvent(manager, PaymentEvents.disputed, data);
    // not the reason: free text the patient typed (it may describe their health)
    this.logger.warn(`dispute flagged on payment ${row.payment_id}`);
  }

  /** Remembers a provider event; false when it was applied before (a replay). */
  async firstDelivery(manager: EntityManager, provider: 'stripe' | 'mpesa', eventId: string, type: string): Promise<boolean> {
    const fresh = (await manager.query(
      `INSERT INTO provider_events (provider, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
      [provider, eventId, type],
    )) as unknown[];
    return fresh.length > 0;
  }
}
