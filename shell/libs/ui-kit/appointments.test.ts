import {
  TIME_SLOTS,
  appointmentStart,
  canJoinVideoNow,
  bookingFee,
  bookingWindow,
  feeForType,
  filterAppointments,
  isBookableDate,
  nairobiDate,
  slotMinutes,
  QUICK_FILTERS,
  NO_FILTERS,
} from './appointments';

// 2026-11-21 23:30 in Nairobi is still the 21st there but already 20:30 UTC.
const NOW = new Date('2026-11-21T23:30:00+03:00').getTime();

describe('appointment rules', () => {
  it('has the 14 slots of CONTRACT.md §9', () => {
    expect(TIME_SLOTS).toHaveLength(14);
    expect(TIME_SLOTS[0]).toBe('09:00 AM');
    expect(TIME_SLOTS[5]).toBe('11:30 AM');
    expect(TIME_SLOTS[6]).toBe('02:00 PM');
    expect(TIME_SLOTS[13]).toBe('05:30 PM');
  });

  it('knows the default fees by type, 150 for an unknown type, and prefers the doctor fee', () => {
    expect(['Regular Checkup', 'Follow-up', 'Consultation', 'Emergency', 'Vaccination', 'Lab Work'].map(feeForType)).toEqual([150, 100, 200, 300, 80, 120]);
    expect(feeForType('Something else')).toBe(150);
    expect(bookingFee('Emergency', null)).toBe(300);
    expect(bookingFee('Emergency', 3500)).toBe(3500);
    expect(bookingFee('Emergency', undefined)).toBe(300);
    expect(bookingFee('Vaccination', 0)).toBe(0);
  });

  it('uses clinic time for today and the booking window (tomorrow..30 days)', () => {
    expect(nairobiDate(0, NOW)).toBe('2026-11-21');
    expect(bookingWindow(NOW)).toEqual({ min: '2026-11-22', max: '2026-12-21' });
    expect(isBookableDate('2026-11-21', NOW)).toBe(false);
    expect(isBookableDate('2026-11-22', NOW)).toBe(true);
    expect(isBookableDate('2026-12-21', NOW)).toBe(true);
    expect(isBookableDate('2026-12-22', NOW)).toBe(false);
    expect(isBookableDate('', NOW)).toBe(false);
  });

  it('reads slot labels and appointment starts in Nairobi time', () => {
    expect(slotMinutes('09:00 AM')).toBe(540);
    expect(slotMinutes('12:30 PM')).toBe(750);
    expect(slotMinutes('02:30 PM')).toBe(870);
    expect(slotMinutes('14:30')).toBe(870);
    expect(appointmentStart({ appointment_date: '2026-11-22', time_slot: '02:00 PM' })).toBe(Date.parse('2026-11-22T11:00:00Z'));
  });

  it('filters by search (doctor, patient, status), status and date', () => {
    const mk = (id: number, date: string, status: string, doc: string, patient: string) => ({
      id,
      appointment_date: date,
      time_slot: '09:00 AM',
      appointment_status: status,
      doctor: { first_name: doc.split(' ')[0], last_name: doc.split(' ')[1] },
      patient_full_name: patient,
    });
    const list = [
      mk(1, '2026-11-21', 'Confirmed', 'Grace Wanjiku', 'Wanjiru Kamau'),
      mk(2, '2026-11-25', 'Pending', 'Ibrahim Abdi', 'Baraka Mutua'),
      mk(3, '2026-11-01', 'Completed', 'Grace Wanjiku', 'Baraka Mutua'),
      mk(4, '2026-12-01', 'Cancelled', 'Brian Otieno', 'Wanjiru Kamau'),
    ];
    const ids = (f: Partial<typeof NO_FILTERS>) => filterAppointments(list, { ...NO_FILTERS, ...f }, NOW).map((a) => a.id);
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(ids({ search: 'wanjiku' })).toEqual([1, 3]);
    expect(ids({ search: 'Dr. Ibrahim' })).toEqual([2]);
    expect(ids({ search: 'baraka' })).toEqual([2, 3]);
    expect(ids({ search: 'PENDING' })).toEqual([2]);
    expect(ids({ status: 'cancelled' })).toEqual([4]);
    expect(ids({ date: 'today' })).toEqual([1]);
    expect(ids({ date: 'upcoming' })).toEqual([2, 4]);
    expect(ids({ date: 'past' })).toEqual([3]);
    expect(ids({ search: 'wanjiku', date: 'past' })).toEqual([3]);
    expect(filterAppointments(list, QUICK_FILTERS.confirmedOnly, NOW).map((a) => a.id)).toEqual([1]);
    expect(filterAppointments(list, QUICK_FILTERS.todays, NOW).map((a) => a.id)).toEqual([1]);
  });
});

describe('canJoinVideoNow', () => {
  // 09:00 AM on 1 Dec 2026 in Nairobi is 06:00 UTC.
  const visit = { appointment_date: '2026-12-01', time_slot: '09:00 AM', visit_mode: 'video' as const, appointment_status: 'Confirmed' as const, paid: true };
  const at = (iso: string) => new Date(iso).getTime();

  it('shows Join from 10 minutes before the slot (clinic time) until 30 minutes after it starts', () => {
    expect(canJoinVideoNow(visit, at('2026-12-01T05:49:59Z'))).toBe(false);
    expect(canJoinVideoNow(visit, at('2026-12-01T05:50:00Z'))).toBe(true);
    expect(canJoinVideoNow(visit, at('2026-12-01T06:29:59Z'))).toBe(true);
    expect(canJoinVideoNow(visit, at('2026-12-01T06:30:00Z'))).toBe(false);
  });

  it('times the window from the visit\'s starts_at, as the server does, not from its date and slot (issue 44)', () => {
    // The README's local steps: a visit booked a week ahead, its start moved to 06:00 UTC on 1 Dec in the database.
    const moved = { ...visit, appointment_date: '2026-12-08', starts_at: '2026-12-01T06:00:00.000Z' };
    expect(canJoinVideoNow(moved, at('2026-12-01T05:49:59Z'))).toBe(false);
    expect(canJoinVideoNow(moved, at('2026-12-01T05:50:00Z'))).toBe(true);
    expect(canJoinVideoNow(moved, at('2026-12-01T06:29:59Z'))).toBe(true);
    expect(canJoinVideoNow(moved, at('2026-12-08T06:00:00Z'))).toBe(false);
  });

  it('only for a paid or confirmed video visit that is neither cancelled nor completed', () => {
    const now = at('2026-12-01T06:00:00Z');
    expect(canJoinVideoNow({ ...visit, visit_mode: 'in_person' }, now)).toBe(false);
    expect(canJoinVideoNow({ ...visit, appointment_status: 'Cancelled' }, now)).toBe(false);
    expect(canJoinVideoNow({ ...visit, appointment_status: 'Completed' }, now)).toBe(false);
    expect(canJoinVideoNow({ ...visit, appointment_status: 'Pending', paid: false }, now)).toBe(false);
    expect(canJoinVideoNow({ ...visit, appointment_status: 'Pending', paid: true }, now)).toBe(true);
    expect(canJoinVideoNow({ ...visit, appointment_status: 'Confirmed', paid: false }, now)).toBe(true);
  });
});
