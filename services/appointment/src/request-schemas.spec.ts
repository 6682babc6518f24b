import { issueMessages } from '@afya/service-shared/schema';
import {
  AmountBodySchema,
  AppointmentMessages,
  BookBodySchema,
  BookPayloadSchema,
  ListAllQuerySchema,
  StatusBodySchema,
  UpdateAppointmentBodySchema,
} from '../contracts';

/** The first message a request with faults is answered with, or 'ok'. */
function verdict(schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : issueMessages(result.error as never)[0];
}

const booking = { doctor_id: 3, appointment_date: '2026-12-01', time_slot: '09:00 AM', notes: 'Persistent cough for a week' };

describe('the booking request (one schema: gateway, service, web types)', () => {
  it('takes the API body without a type, and accepts and drops what the server decides', () => {
    const parsed = BookBodySchema.parse({ ...booking, user_id: 99, total_amount: 200, appointment_status: 'Confirmed', role: 'admin' });
    expect(parsed).not.toHaveProperty('role');
    expect(BookPayloadSchema.parse(parsed)).toEqual({ ...booking, total_amount: 200 });
  });

  it('reads a doctor id written in digits and trims the reason', () => {
    expect(BookBodySchema.parse({ ...booking, doctor_id: '3', notes: '  Persistent cough  ' })).toMatchObject({ doctor_id: 3, notes: 'Persistent cough' });
  });

  it('answers the first faulty field in the form’s order, with the contract’s messages', () => {
    expect(verdict(BookBodySchema, {})).toBe(AppointmentMessages.doctor);
    expect(verdict(BookBodySchema, { ...booking, doctor_id: 0 })).toBe(AppointmentMessages.doctor);
    expect(verdict(BookBodySchema, { ...booking, doctor_id: '0x3' })).toBe(AppointmentMessages.doctor);
    expect(verdict(BookBodySchema, { ...booking, appointment_type: 'Massage' })).toBe(AppointmentMessages.type);
    expect(verdict(BookBodySchema, { ...booking, appointment_date: '2026-02-30' })).toBe(AppointmentMessages.date);
    expect(verdict(BookBodySchema, { ...booking, time_slot: '1:00 AM', notes: 'short' })).toBe(AppointmentMessages.time);
    expect(verdict(BookBodySchema, { ...booking, time_slot: '13:00 PM' })).toBe(AppointmentMessages.time);
    // A well-formed label off the clinic's grid may be a doctor's own slot (issue 37): the service checks it on their day.
    expect(verdict(BookBodySchema, { ...booking, time_slot: '09:15 AM' })).toBe('ok');
    expect(verdict(BookBodySchema, { ...booking, notes: '   short   ' })).toBe(AppointmentMessages.reason);
    expect(verdict(BookBodySchema, { ...booking, notes: 'x'.repeat(2001) })).toBe(AppointmentMessages.reasonTooLong);
    expect(verdict(BookBodySchema, { ...booking, visit_mode: 'phone' })).toBe(AppointmentMessages.visitMode);
    expect(verdict(BookBodySchema, { ...booking, appointment_type: null, visit_mode: null })).toBe('ok');
  });
});

describe('amounts, statuses, clinical fields', () => {
  it('amounts are numbers (or their text) from 0 to MAX_AMOUNT: a negative one is refused, never turned into 0', () => {
    for (const ok of [0, 0.5, 150, 3500, 1800.5, 10_000_000, '150', '1500.50']) expect(verdict(AmountBodySchema, { total_amount: ok })).toBe('ok');
    for (const bad of [-1, -0.01, 10_000_000.01, Number.NaN, Number.POSITIVE_INFINITY, '-5', '1e3', null, undefined, {}]) {
      expect(verdict(AmountBodySchema, { total_amount: bad })).toBe(AppointmentMessages.amount);
    }
  });

  it('statuses are read in any case; a list also takes all or nothing', () => {
    expect(StatusBodySchema.parse({ status: 'cancelled' })).toEqual({ status: 'Cancelled' });
    expect(verdict(StatusBodySchema, { status: 'Gone' })).toBe(AppointmentMessages.status);
    expect(ListAllQuerySchema.parse({ status: 'all', limit: '20' })).toEqual({ status: 'all', limit: 20 });
    expect(verdict(ListAllQuerySchema, { limit: '0' })).toBe('limit must be from 1 to 1000');
  });

  it('clinical fields may be cleared with null; a duration is whole minutes from 1 to 480', () => {
    expect(UpdateAppointmentBodySchema.parse({ diagnosis: null, duration: '30' })).toEqual({ diagnosis: null, duration: 30 });
    expect(verdict(UpdateAppointmentBodySchema, { duration: 481 })).toBe('Duration must be a whole number of minutes from 1 to 480');
    expect(verdict(UpdateAppointmentBodySchema, { treatment: 5 })).toBe('Treatment must be text');
  });
});
