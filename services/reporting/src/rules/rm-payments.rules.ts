import type { DomainEvent } from '@afya/service-shared';
import { PaymentEvents } from '@afya/payment-service/contracts';
import type { ReportingPaymentData } from '../read-models/event-data';
import { addMoney, Money } from './money';
import { daily, DailyDelta, Outcome } from './read-model-outcome';

// rm_payments, from the payment service's events.

export type PaymentRow = {
  payment_id: number;
  appointment_id: number | null;
  patient_id: number | null;
  doctor_id: number | null;
  amount: Money;
  refunded_amount: Money;
  method: string | null;
  status: string;
  provider_reference: string | null;
  disputed: boolean;
  dispute_reason: string | null;
  occurred_at: string;
  updated_at: string;
};

/**
 * completed | failed | refunded set the status (a dispute keeps it); revenue counts a completion once (a
 * redelivered or repeated completion adds nothing) on the day it happened, and a refund takes its amount off the
 * refund's day.
 */
export function applyPayment(before: PaymentRow | null, event: DomainEvent<ReportingPaymentData>): Outcome<PaymentRow> {
  const d = event.data;
  const at = d.occurred_at ?? event.occurredAt;
  const type = event.type;
  const status = type === PaymentEvents.completed ? 'completed' : type === PaymentEvents.failed ? 'failed' : type === PaymentEvents.refunded ? 'refunded' : (before?.status ?? d.status ?? 'pending');
  const row: PaymentRow = {
    payment_id: before?.payment_id ?? d.payment_id,
    appointment_id: d.appointment_id ?? before?.appointment_id ?? null,
    patient_id: d.patient_id ?? before?.patient_id ?? null,
    doctor_id: d.doctor_id ?? before?.doctor_id ?? null,
    // an event without an amount (a dispute) keeps the stored one
    amount: before && d.amount === undefined ? before.amount : (d.amount ?? 0),
    refunded_amount: before?.refunded_amount ?? 0,
    method: d.method ?? before?.method ?? null,
    status,
    provider_reference: d.provider_reference ?? before?.provider_reference ?? null,
    disputed: before?.disputed ?? false,
    dispute_reason: before?.dispute_reason ?? null,
    // the payment's time is its completion's (a later refund or dispute has its own updated_at)
    occurred_at: before && type !== PaymentEvents.completed ? before.occurred_at : at,
    updated_at: event.occurredAt,
  };
  const revenue: DailyDelta[] = [];
  if (type === PaymentEvents.completed && before?.status !== 'completed') revenue.push(...daily(at, 'revenue', d.amount ?? 0));
  if (type === PaymentEvents.refunded) {
    const refund = d.refund_amount ?? d.amount ?? 0;
    row.refunded_amount = addMoney(row.refunded_amount, refund);
    revenue.push(...daily(at, 'revenue', -refund));
  }
  if (type === PaymentEvents.disputed) {
    row.disputed = true;
    row.dispute_reason = d.reason ?? null;
  }
  return { row, counts: [], daily: revenue };
}
