import fc from 'fast-check';
import type { DomainEvent } from '@afya/service-shared';
import { AppointmentEvents } from '@afya/appointment-service/contracts';
import { AuthEvents } from '@afya/auth-service/contracts';
import { PaymentEvents } from '@afya/payment-service/contracts';
import { PrescriptionEvents } from '@afya/prescription-service/contracts';
import { SupportEvents } from '@afya/support-service/contracts';
import { addMoney } from './money';
import { foldEvents, READ_MODEL_RULES, rowsConcerned } from './read-model.rules';
import type { StoredRow } from './read-model-shapes';
import { applyAppointment, AppointmentRow, removeAppointment } from './rm-appointments.rules';
import { applyPayment, PaymentRow } from './rm-payments.rules';
import { applyPrescription } from './rm-prescriptions.rules';
import { applyTicket } from './rm-tickets.rules';
import { applyUser, erasuresIn, UserRow } from './rm-users.rules';

let sequence = 0;
// data as never: fixtures are plain objects (role 'user' is a string here), each rule takes its own event type
const event = (type: string, data: object, occurredAt = '2026-03-01T08:00:00.000Z'): DomainEvent<never> => ({ id: `e${++sequence}`, type, occurredAt, data: data as never });
const user = (extra: Record<string, unknown> = {}) => ({ user_id: 1, firstname: 'Amina', lastname: 'Hassan', email: 'a@afya.test', role: 'user', status: 'active', contact_phone: null, ...extra });
const appointment = (status: string, extra: Record<string, unknown> = {}) => ({
  appointment_id: 100, user_id: 1, doctor_id: 7, doctor_user_id: 20, appointment_date: '2026-03-05', time_slot: '09:00 AM',
  appointment_type: 'Consultation', total_amount: 200, appointment_status: status, paid: false, ...extra,
});
const payment = (extra: Record<string, unknown> = {}) => ({ payment_id: 500, appointment_id: 100, patient_id: 1, doctor_id: 7, amount: 1500, method: 'mpesa', ...extra });

describe('erasures in a batch', () => {
  it('only user.deleted with `erased` erases, with the anonymised names the event carries', () => {
    const events = [
      event(AuthEvents.deleted, user({ user_id: 3 })),
      event(AuthEvents.updated, user({ user_id: 4, erased: true })),
      event(AuthEvents.deleted, user({ user_id: 5, firstname: 'Erased', lastname: 'user', erased: true })),
    ];
    expect(erasuresIn(events)).toEqual([{ user_id: 5, firstname: 'Erased', lastname: 'user', name: 'Erased user' }]);
  });
});

describe('read-model rules, one event at a time', () => {
  it('a registration counts a live user by role and status and a new user (and doctor) on its day; an update keeps what it does not carry', () => {
    const registered = applyUser(null, event('auth.user.registered.v1', user({ role: 'doctor' }), '2026-03-01T20:59:59.999Z'));
    expect(registered.counts).toEqual([{ key: 'users:doctor:active', by: 1 }]);
    expect(registered.daily).toEqual([
      { at: '2026-03-01T20:59:59.999Z', column: 'new_users', by: 1 },
      { at: '2026-03-01T20:59:59.999Z', column: 'new_doctors', by: 1 },
    ]);
    const updated = applyUser(registered.row, event('auth.user.updated.v1', user({ role: 'doctor', email: undefined, status: 'suspended', firstname: 'Amina W.' }), '2026-03-02T10:00:00.000Z'));
    expect(updated.row).toMatchObject({ email: 'a@afya.test', firstname: 'Amina W.', status: 'suspended', registered_at: '2026-03-01T20:59:59.999Z', updated_at: '2026-03-02T10:00:00.000Z' });
    // the counter moves; no second registration; the doctor no longer counts among those who joined that day
    expect(updated.counts).toEqual([{ key: 'users:doctor:active', by: -1 }, { key: 'users:doctor:suspended', by: 1 }]);
    expect(updated.daily).toEqual([{ at: '2026-03-01T20:59:59.999Z', column: 'new_doctors', by: -1 }]);
    const renamed = applyUser(updated.row, event('auth.user.updated.v1', user({ role: 'doctor', status: 'suspended', firstname: 'Amina' }), '2026-03-03T10:00:00.000Z'));
    expect(renamed.daily).toEqual([]);
  });

  it('a deleted user leaves the live counts for good: a later update neither revives nor counts it', () => {
    const registered = applyUser(null, event('auth.user.registered.v1', user())).row;
    const deleted = applyUser(registered, event('auth.user.deleted.v1', user()), true);
    expect(deleted.row?.deleted).toBe(true);
    expect(deleted.counts).toEqual([{ key: 'users:user:active', by: -1 }]);
    const later = applyUser(deleted.row, event('auth.user.updated.v1', user({ status: 'suspended' })));
    expect(later.row).toMatchObject({ deleted: true, status: 'suspended' });
    expect(later.counts).toEqual([]);
    expect(later.daily).toEqual([]);
  });

  it('new users and joined doctors are the accounts the totals count, on the day they registered (issue 44)', () => {
    // Registered on 1 March, deleted on 20 March: 1 March's new users go back down, 20 March gains nothing.
    const registered = applyUser(null, event('auth.user.registered.v1', user({ role: 'doctor' }), '2026-03-01T08:00:00.000Z')).row;
    const deleted = applyUser(registered, event('auth.user.deleted.v1', user({ role: 'doctor' }), '2026-03-20T08:00:00.000Z'), true);
    expect(deleted.daily).toEqual([
      { at: '2026-03-01T08:00:00.000Z', column: 'new_users', by: -1 },
      { at: '2026-03-01T08:00:00.000Z', column: 'new_doctors', by: -1 },
    ]);
    // A patient made a doctor counts among the doctors who joined on their registration day; demoted, no longer.
    const patient = applyUser(null, event('auth.user.registered.v1', user({ user_id: 2 }), '2026-03-02T08:00:00.000Z')).row;
    const promoted = applyUser(patient, event('auth.user.updated.v1', user({ user_id: 2, role: 'doctor' }), '2026-03-09T08:00:00.000Z'));
    expect(promoted.daily).toEqual([{ at: '2026-03-02T08:00:00.000Z', column: 'new_doctors', by: 1 }]);
    expect(applyUser(promoted.row, event('auth.user.updated.v1', user({ user_id: 2 }), '2026-03-10T08:00:00.000Z')).daily).toEqual([
      { at: '2026-03-02T08:00:00.000Z', column: 'new_doctors', by: -1 },
    ]);
    // An account created suspended is a user but not an active doctor.
    expect(applyUser(null, event('auth.user.registered.v1', user({ user_id: 3, role: 'doctor', status: 'suspended' }))).daily).toEqual([
      { at: '2026-03-01T08:00:00.000Z', column: 'new_users', by: 1 },
    ]);
  });

  it('whatever happens to accounts, the new users of any period never exceed the total users (nor joined doctors the active ones)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            user: fc.integer({ min: 1, max: 6 }),
            kind: fc.constantFrom('registered', 'updated', 'deleted'),
            role: fc.constantFrom('user', 'doctor', 'admin'),
            status: fc.constantFrom('active', 'suspended', 'inactive'),
            day: fc.integer({ min: 1, max: 28 }),
          }),
          { maxLength: 40 },
        ),
        (steps) => {
          const types = { registered: AuthEvents.registered, updated: AuthEvents.updated, deleted: AuthEvents.deleted };
          // events in time order, as the stream delivers them
          const events = [...steps]
            .sort((a, b) => a.day - b.day)
            .map((s) => event(types[s.kind as keyof typeof types], user({ user_id: s.user, role: s.role, status: s.status }), `2026-03-${String(s.day).padStart(2, '0')}T08:00:00.000Z`));
          const { rows, counts, daily } = foldEvents(events, new Map());
          const total = (prefix: string) => [...counts].filter(([key]) => key.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0);
          const newOn = (column: string, from: number) =>
            daily.filter((d) => d.column === column && Number(String(d.at).slice(8, 10)) >= from).reduce((sum, d) => sum + Number(d.by), 0);
          for (let from = 1; from <= 28; from++) {
            expect(newOn('new_users', from)).toBeLessThanOrEqual(total('users:'));
            expect(newOn('new_users', from)).toBeGreaterThanOrEqual(0);
            expect(newOn('new_doctors', from)).toBeLessThanOrEqual(total('users:doctor:active'));
            expect(newOn('new_doctors', from)).toBeGreaterThanOrEqual(0);
          }
          // over all time, they are exactly the totals
          const held = [...(rows.get('rm_users')?.values() ?? [])].map((t) => t.after as UserRow | null);
          expect(newOn('new_users', 1)).toBe(held.filter((r) => r && !r.deleted).length);
          expect(newOn('new_users', 1)).toBe(total('users:'));
          expect(newOn('new_doctors', 1)).toBe(total('users:doctor:active'));
        },
      ),
    );
  });

  it('an appointment is a booking on the day it was booked; status changes move the status counters; deletion takes both back', () => {
    const created = applyAppointment(null, event('appointment.created.v1', appointment('Pending'), '2026-03-01T21:30:00.000Z'));
    expect(created.counts).toEqual([{ key: 'appointments:Pending', by: 1 }]);
    expect(created.daily).toEqual([{ at: '2026-03-01T21:30:00.000Z', column: 'bookings', by: 1 }]);
    const same = applyAppointment(created.row, event('appointment.updated.v1', appointment('Pending', { paid: true })));
    expect(same.counts).toEqual([]);
    const cancelled = applyAppointment(same.row, event('appointment.cancelled.v1', appointment('Cancelled'), '2026-03-04T08:00:00.000Z'));
    expect(cancelled.counts).toEqual([{ key: 'appointments:Pending', by: -1 }, { key: 'appointments:Cancelled', by: 1 }]);
    expect(cancelled.row).toMatchObject({ status: 'Cancelled', booked_at: '2026-03-01T21:30:00.000Z', updated_at: '2026-03-04T08:00:00.000Z' });
    const removed = removeAppointment(cancelled.row);
    expect(removed).toEqual({ row: null, counts: [{ key: 'appointments:Cancelled', by: -1 }], daily: [{ at: '2026-03-01T21:30:00.000Z', column: 'bookings', by: -1 }] });
    expect(removeAppointment(null)).toEqual({ row: null, counts: [], daily: [] });
  });

  it('a payment: revenue once per completion on its day, refunds off the refund day, a dispute keeps status, amount and time', () => {
    const completed = applyPayment(null, event('payment.completed.v1', payment({ occurred_at: '2026-03-01T21:00:00.000Z' })));
    expect(completed.daily).toEqual([{ at: '2026-03-01T21:00:00.000Z', column: 'revenue', by: 1500 }]);
    expect(completed.row).toMatchObject({ status: 'completed', amount: 1500, refunded_amount: 0, occurred_at: '2026-03-01T21:00:00.000Z' });
    const again = applyPayment(completed.row, event('payment.completed.v1', payment({ occurred_at: '2026-03-01T21:00:00.000Z' })));
    expect(again.daily).toEqual([]);
    const refunded = applyPayment(again.row, event('payment.refunded.v1', payment({ refund_amount: 0.1, occurred_at: '2026-03-03T09:00:00.000Z' })));
    const refundedMore = applyPayment(refunded.row, event('payment.refunded.v1', payment({ refund_amount: 0.2, occurred_at: '2026-03-03T09:05:00.000Z' })));
    expect(refundedMore.row).toMatchObject({ status: 'refunded', refunded_amount: '0.30', occurred_at: '2026-03-01T21:00:00.000Z' });
    expect(refundedMore.daily).toEqual([{ at: '2026-03-03T09:05:00.000Z', column: 'revenue', by: -0.2 }]);
    const disputed = applyPayment(refundedMore.row, event('payment.disputed.v1', { payment_id: 500, reason: 'chargeback' }, '2026-03-04T09:00:00.000Z'));
    expect(disputed.row).toMatchObject({ status: 'refunded', amount: 1500, disputed: true, dispute_reason: 'chargeback', method: 'mpesa', occurred_at: '2026-03-01T21:00:00.000Z', updated_at: '2026-03-04T09:00:00.000Z' });
    expect(disputed.daily).toEqual([]);
    // a completion with no amount writes no roll-up (no zero revenue row appears)
    expect(applyPayment(null, event('payment.completed.v1', { payment_id: 501 })).daily).toEqual([]);
    // a dispute before anything else: the payment's own status, else pending
    expect(applyPayment(null, event('payment.disputed.v1', { payment_id: 502 })).row).toMatchObject({ status: 'pending', amount: 0, disputed: true });
  });

  it('money adds as numeric(12, 2) does: exact, rounded half away from zero to cents', () => {
    expect(addMoney(0.1, 0.2)).toBe('0.30');
    expect(addMoney('100.00', 0.005)).toBe('100.01');
    expect(addMoney('100.00', '-100.005')).toBe('-0.01');
    expect(addMoney('0.00', '-0.004')).toBe('0.00');
    expect(addMoney(0, '1e2')).toBe('100.00');
    expect(addMoney('12345678.99', 1e-7)).toBe('12345678.99');
    expect(() => addMoney('0.00', 'ten')).toThrow('invalid input syntax for type numeric');
  });

  it('prescriptions keep their creation time; medicines that are not JSON become a one-element list; tickets keep what an update omits', () => {
    const created = applyPrescription(null, event('prescription.created.v1', { prescription_id: 9, medicines: [{ name: 'Amoxicillin' }], created_at: '2026-03-01T08:00:00.000Z' }));
    const updated = applyPrescription(created.row, event('prescription.updated.v1', { prescription_id: 9, medicines: 'two tablets', created_at: '2026-03-09T08:00:00.000Z' }));
    expect(created.row?.medicines).toBe('[{"name":"Amoxicillin"}]');
    expect(updated.row).toMatchObject({ medicines: '["two tablets"]', created_at: '2026-03-01T08:00:00.000Z' });
    const ticket = applyTicket(null, event('support.ticket.created.v1', { ticket_id: 3, user_id: 1, priority: 'high', category: 'billing' }));
    expect(applyTicket(ticket.row, event('support.ticket.updated.v1', { ticket_id: 3, status: 'resolved' })).row).toMatchObject({ user_id: 1, priority: 'high', category: 'billing', status: 'resolved' });
  });
});

describe('a batch folded in stream order', () => {
  it('equals the events applied one at a time: rows, net counters (cancelled-out keys kept) and every roll-up change', () => {
    const stored: AppointmentRow = {
      appointment_id: 100, user_id: 1, doctor_id: 7, doctor_user_id: 20, appointment_date: '2026-03-05', time_slot: '09:00 AM', appointment_type: 'Consultation', visit_mode: 'in_person',
      total_amount: '200.00', status: 'Confirmed', paid: false, booked_at: '2026-02-27 10:00:00.123456+00', updated_at: '2026-02-27 10:00:00.123456+00',
    };
    const events: DomainEvent[] = [
      event('auth.user.registered.v1', user()),
      event('auth.user.updated.v1', user({ status: 'suspended' })),
      event('appointment.updated.v1', appointment('Completed', { appointment_id: '100' })),
      event('appointment.created.v1', appointment('Pending', { appointment_id: 101 })),
      event('appointment.deleted.v1', { appointment_id: 101 }),
      event('payment.completed.v1', payment()),
      event('payment.refunded.v1', payment({ refund_amount: 500 })),
      event('auth.user.registered.v1', { user_id: 0, role: 'user' }),
      event('not.ours.v1', { user_id: 1 }),
    ];
    expect(rowsConcerned(events)).toEqual(new Map([['rm_users', ['1']], ['rm_appointments', ['100', '101']], ['rm_payments', ['500']]]));
    const folded = foldEvents(events, new Map([['rm_appointments', [stored as unknown as StoredRow]]]));

    // one at a time, each event seeing the row the one before left
    let userRow: UserRow | null = null;
    const oneByOne: { counts: { key: string; by: number }[]; daily: unknown[] } = { counts: [], daily: [] };
    const collect = <R>(outcome: { row: R | null; counts: { key: string; by: number }[]; daily: unknown[] }) => {
      oneByOne.counts.push(...outcome.counts);
      oneByOne.daily.push(...outcome.daily);
      return outcome.row;
    };
    userRow = collect(applyUser(userRow, events[0] as DomainEvent<never>));
    userRow = collect(applyUser(userRow, events[1] as DomainEvent<never>));
    const appointment100 = collect(applyAppointment(stored, events[2] as DomainEvent<never>));
    collect(removeAppointment(collect(applyAppointment(null, events[3] as DomainEvent<never>))));
    let paymentRow: PaymentRow | null = collect(applyPayment(null, events[5] as DomainEvent<never>));
    paymentRow = collect(applyPayment(paymentRow, events[6] as DomainEvent<never>));

    expect(folded.rows.get('rm_users')?.get('1')).toEqual({ before: null, after: userRow });
    expect(folded.rows.get('rm_appointments')?.get('100')).toEqual({ before: stored, after: appointment100 });
    expect(folded.rows.get('rm_appointments')?.get('101')).toEqual({ before: null, after: null });
    expect(folded.rows.get('rm_payments')?.get('500')).toEqual({ before: null, after: paymentRow });
    expect(paymentRow).toMatchObject({ status: 'refunded', refunded_amount: '500.00' });
    const net = new Map<string, number>();
    for (const { key, by } of oneByOne.counts) net.set(key, (net.get(key) ?? 0) + by);
    expect(folded.counts).toEqual(net);
    expect(folded.counts.get('appointments:Pending')).toBe(0);
    expect(folded.daily).toEqual(oneByOne.daily);
  });

  it('refuses the event that leaves a row without a required value, even if a later one would fill it in', () => {
    const events = [event('auth.user.registered.v1', { user_id: 5 }), event('auth.user.updated.v1', user({ user_id: 5 }))];
    expect(() => foldEvents(events, new Map())).toThrow(`auth.user.registered.v1 ${events[0].id}: null value in column(s) role of rm_users`);
  });
});

describe('the event types reporting consumes', () => {
  it("are the producers' own (their contracts' constants), and every type the read models need is there", () => {
    const published = new Set<string>([AuthEvents, AppointmentEvents, PaymentEvents, PrescriptionEvents, SupportEvents].flatMap((events) => Object.values(events)));
    const consumed = Object.keys(READ_MODEL_RULES);
    expect(consumed.filter((type) => !published.has(type))).toEqual([]);
    expect(consumed).toEqual(expect.arrayContaining([AppointmentEvents.created, PaymentEvents.completed, PrescriptionEvents.created, AuthEvents.registered, SupportEvents.created]));
  });
});
