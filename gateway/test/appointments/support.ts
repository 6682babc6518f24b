import { Client } from 'pg';
import { eventually } from '@afya/service-shared/testing';
import { CLINIC_TIME_ZONE } from '@afya/appointment-service/contracts/catalog';
import { openClinicDate } from '@afya/appointment-service/contracts/booking-rules';
import type { TestPlatform } from '../support/platform';
import { newPatient } from '../support/users';

const clinicCalendar = new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The nth day after today on which the clinic is open all day (Monday to Friday: every slot bookable). Book on these,
 * never on clinicDate(n): "n days ahead" is a Sunday or a Saturday afternoon on some weekdays, which the clinic's
 * hours refuse. Distinct n, distinct dates, in order; n ≤ 20 stays in the booking window.
 */
export { openClinicDate };

/** A clinic date (CLINIC_TIME_ZONE, YYYY-MM-DD) `days` from today: for dates that are not booked (past visits, report periods, the window's edges). */
export function clinicDate(days: number): string {
  const part = Object.fromEntries(clinicCalendar.formatToParts(new Date()).map((p) => [p.type, p.value]));
  return new Date(Date.UTC(+part.year, +part.month - 1, +part.day + days)).toISOString().slice(0, 10);
}

/** The first clinic date `days` or more ahead that falls on the given weekday (0 = Sunday … 6 = Saturday). */
export function clinicDateOn(weekday: number, days = 1): string {
  for (let i = days; ; i++) {
    const date = clinicDate(i);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === weekday) return date;
  }
}

export const schemaName = (service: string) => `${service}_${process.env.AFYA_SCHEMA_SUFFIX}`;

/** SQL in this test file's schema of a service (for set-up no route offers, and for checks). */
export async function sql<T = any>(service: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schemaName(service)}"`);
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface TestDoctor {
  token: string;
  userId: number;
  doctorId: number;
  firstname: string;
  lastname: string;
}

/**
 * A doctor as the product makes one: an admin creates the account (role doctor), the doctor replaces the
 * one-time password, the profile appears (pending) from auth's event, an admin approves it.
 */
export async function createDoctor(
  platform: TestPlatform,
  adminToken: string,
  options: { approve?: boolean; fee?: number; specialization?: string; available_days?: string[]; firstname?: string; lastname?: string } = {},
): Promise<TestDoctor> {
  const { email, contact_phone } = newPatient();
  const firstname = options.firstname ?? 'Grace';
  const lastname = options.lastname ?? 'Wanjiku';
  const created = await platform.api('POST', '/admin/users', {
    token: adminToken,
    body: { firstname, lastname, email, phone: contact_phone, role: 'doctor', status: 'active' },
  });
  if (created.status !== 201) throw new Error(`create doctor failed: ${created.status} ${JSON.stringify(created.body)}`);
  const userId = created.body.user.user_id as number;
  const login = await platform.api('POST', '/auth/login', { body: { email, password: created.body.temporaryPassword } });
  const changed = await platform.api('POST', '/user/change-password', {
    token: login.body.token,
    body: { currentPassword: created.body.temporaryPassword, newPassword: 'Doctor#2026' },
  });
  if (changed.status !== 200) throw new Error(`change password failed: ${changed.status}`);
  const doctorId = await eventually(async () => {
    const list = await platform.api('GET', '/admin/doctors', { token: adminToken });
    const found = (list.body.doctors as { user_id: number; doctor_id: number }[]).find((d) => d.user_id === userId);
    if (!found) throw new Error('doctor profile not there yet');
    return found.doctor_id;
  }, 10000);
  if (options.approve !== false) {
    const approved = await platform.api('PATCH', `/admin/doctors/${doctorId}/approve`, {
      token: adminToken,
      body: { specialization: options.specialization ?? 'Cardiology', ...(options.available_days ? { available_days: options.available_days } : {}) },
    });
    if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${JSON.stringify(approved.body)}`);
  }
  if (options.fee !== undefined) {
    const fee = await platform.api('PATCH', `/doctor/${doctorId}/fee`, { token: adminToken, body: { fee: options.fee } });
    if (fee.status !== 200) throw new Error(`fee failed: ${fee.status}`);
  }
  return { token: changed.body.token, userId, doctorId, firstname, lastname };
}

export function booking(doctorId: number, overrides: Record<string, unknown> = {}) {
  return {
    user_id: 999999,
    doctor_id: doctorId,
    appointment_date: openClinicDate(5),
    time_slot: '10:00 AM',
    appointment_type: 'Consultation',
    notes: 'Chest pain when climbing stairs for a week.',
    total_amount: 1,
    appointment_status: 'Completed',
    ...overrides,
  };
}

/** A patient's booking that must succeed (201 or the test fails here): the appointment the server answered. */
export async function bookAs<T = { appointment_id: number }>(
  platform: TestPlatform,
  token: string,
  doctorId: number,
  overrides: Record<string, unknown> = {},
): Promise<T> {
  const response = await platform.api('POST', '/appointments', { token, body: booking(doctorId, overrides) });
  if (response.status !== 201) throw new Error(`booking failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.appointment as T;
}
