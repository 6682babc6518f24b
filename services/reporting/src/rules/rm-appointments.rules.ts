import type { DomainEvent } from '@afya/service-shared';
import type { ReportingAppointmentData } from '../read-models/event-data';
import type { Money } from './money';
import { daily, Outcome } from './read-model-outcome';

// rm_appointments, from the appointment service's appointment events.

export type AppointmentRow = {
  appointment_id: number;
  user_id: number;
  doctor_id: number;
  doctor_user_id: number | null;
  appointment_date: string;
  time_slot: string;
  appointment_type: string;
  visit_mode: string;
  total_amount: Money;
  status: string;
  paid: boolean;
  booked_at: string;
  updated_at: string;
  /** Issue 38: a covered visit's payer, split and the desk's check (null: self-pay). */
  payer_code?: string | null;
  copay_amount?: Money | null;
  cover_amount?: Money | null;
  cover_check?: string | null;
};

export const statusKey = (status: string) => `appointments:${status}`;

export function applyAppointment(before: AppointmentRow | null, event: DomainEvent<ReportingAppointmentData>): Outcome<AppointmentRow> {
  const d = event.data;
  const row: AppointmentRow = {
    appointment_id: before?.appointment_id ?? d.appointment_id,
    user_id: d.user_id,
    doctor_id: d.doctor_id,
    doctor_user_id: d.doctor_user_id ?? null,
    appointment_date: d.appointment_date,
    time_slot: d.time_slot,
    appointment_type: d.appointment_type,
    // Events from before video visits carry no mode: those visits were in person.
    visit_mode: d.visit_mode ?? before?.visit_mode ?? 'in_person',
    total_amount: d.total_amount ?? 0,
    status: d.appointment_status,
    paid: d.paid ?? false,
    booked_at: before?.booked_at ?? event.occurredAt,
    updated_at: event.occurredAt,
    // Events from before issue 38 carry no cover: keep what was known (a visit's cover never goes).
    payer_code: d.payer_code ?? before?.payer_code ?? null,
    copay_amount: d.copay_amount ?? before?.copay_amount ?? null,
    cover_amount: d.cover_amount ?? before?.cover_amount ?? null,
    cover_check: d.cover_check ?? before?.cover_check ?? null,
  };
  if (!before) return { row, counts: [{ key: statusKey(row.status), by: 1 }], daily: daily(event.occurredAt, 'bookings', 1) };
  const counts = before.status === row.status ? [] : [{ key: statusKey(before.status), by: -1 }, { key: statusKey(row.status), by: 1 }];
  return { row, counts, daily: [] };
}

/** A deleted appointment leaves the bookings of the day it was booked and its status's counter. */
export function removeAppointment(before: AppointmentRow | null): Outcome<AppointmentRow> {
  if (!before) return { row: null, counts: [], daily: [] };
  return { row: null, counts: [{ key: statusKey(before.status), by: -1 }], daily: daily(before.booked_at, 'bookings', -1) };
}
