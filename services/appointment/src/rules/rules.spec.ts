import { RpcFailure } from '@afya/service-shared';
import { AppointmentMessages, CLINIC_HOURS, slotsWithinClinicHours, TIME_SLOTS, WEEKDAYS } from '../../contracts';
import { addDays, bookingAmount, bookingType, bookingWindow, clinicHoursProblem, clinicToday, isCalendarDate, isClinicOpenAllDay, isClinicOpenOn, openClinicDate, isInBookingWindow, isTimeSlot, slotMinutes, slotStart, typeFee, wallClockIn, weekdayOf, worksOn } from '../../contracts/booking-rules';
import { assertCanComplete, hasStarted } from './completion';
import { countDistinctPatients } from './patients';
import { AppointmentAccess, assertClinicalEdit, assertReschedule, assertStatusChange, cancelledForClinicCause, canSee } from './permissions';

function failure(fn: () => void): { statusCode: number; message: string } {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RpcFailure);
    return (error as RpcFailure).getError() as { statusCode: number; message: string };
  }
  throw new Error('expected a failure');
}

describe('time slots', () => {
  it('are the 14 half-hours of CONTRACT.md §9, morning and afternoon', () => {
    expect(TIME_SLOTS).toHaveLength(14);
    expect(TIME_SLOTS.map(slotMinutes)).toEqual([540, 570, 600, 630, 660, 690, 840, 870, 900, 930, 960, 990, 1020, 1050]);
  });

  it('accepts only the listed labels', () => {
    expect(isTimeSlot('09:00 AM')).toBe(true);
    expect(isTimeSlot('05:30 PM')).toBe(true);
    for (const bad of ['12:00 PM', '01:00 PM', '06:00 PM', '08:30 AM', '9:00 AM', '09:00', '09:15 AM', '', null, 900]) {
      expect(isTimeSlot(bad)).toBe(false);
    }
  });
});

describe('fees', () => {
  it('uses the type defaults of CONTRACT.md §9, 150 for an unknown type', () => {
    expect(['Regular Checkup', 'Follow-up', 'Consultation', 'Emergency', 'Vaccination', 'Lab Work', 'Massage'].map(typeFee)).toEqual([
      150, 100, 200, 300, 80, 120, 150,
    ]);
  });

  it("charges the doctor's fee when set (0 included), else the type's default", () => {
    expect(bookingAmount('Consultation', 3500)).toBe(3500);
    expect(bookingAmount('Consultation', '2500.00')).toBe(2500);
    expect(bookingAmount('Emergency', 0)).toBe(0);
    expect(bookingAmount('Emergency', null)).toBe(300);
    expect(bookingAmount('Vaccination', undefined)).toBe(80);
    expect(bookingAmount('Unknown', null)).toBe(150);
  });
});

describe('bookingType: the type of a booking that may not name one', () => {
  it('takes the named type; a name that is no type is refused (undefined)', () => {
    expect(bookingType('Emergency', 80)).toBe('Emergency');
    expect(bookingType('Massage', 150)).toBeUndefined();
    expect(bookingType(7, 150)).toBeUndefined();
  });

  it("without a name: the type whose default fee equals the amount, else Regular Checkup", () => {
    expect(bookingType(undefined, 200)).toBe('Consultation');
    expect(bookingType(null, 300)).toBe('Emergency');
    expect(bookingType('', 80)).toBe('Vaccination');
    expect(bookingType(undefined, '120')).toBe('Lab Work');
    expect(bookingType(undefined, 150)).toBe('Regular Checkup');
    expect(bookingType(undefined, 199.5)).toBe('Regular Checkup');
    expect(bookingType(undefined, 'abc')).toBe('Regular Checkup');
    expect(bookingType(undefined, undefined)).toBe('Regular Checkup');
    expect(bookingType(undefined, { amount: 200 })).toBe('Regular Checkup');
  });
});

describe('completing a visit', () => {
  const visit = { appointment_date: '2026-11-23', time_slot: '02:00 PM', appointment_status: 'Confirmed' as const };
  // 02:00 PM in Nairobi (UTC+3) is 11:00 UTC.
  const start = new Date('2026-11-23T11:00:00Z');

  it("starts at the slot's clinic time, whatever the server's zone", () => {
    expect(hasStarted(visit, new Date(start.getTime() - 60_000))).toBe(false);
    expect(hasStarted(visit, start)).toBe(true);
    expect(hasStarted(visit, new Date('2026-11-24T06:00:00Z'))).toBe(true);
    // 13:30 UTC on the 22nd is 16:30 on the 22nd in Nairobi: the day before.
    expect(hasStarted(visit, new Date('2026-11-22T13:30:00Z'))).toBe(false);
  });

  it('refuses Completed before the start with 409 and says why; allows it from the start on', () => {
    expect(failure(() => assertCanComplete(visit, new Date(start.getTime() - 1)))).toEqual({
      statusCode: 409,
      message: AppointmentMessages.completeTooEarly,
      code: 'VISIT_NOT_STARTED',
    });
    expect(() => assertCanComplete(visit, start)).not.toThrow();
    expect(() => assertCanComplete(visit, new Date(start.getTime() + 3_600_000))).not.toThrow();
  });

  it('does not refuse an appointment that is already Completed (no new completion)', () => {
    expect(() => assertCanComplete({ ...visit, appointment_status: 'Completed' }, new Date(start.getTime() - 86_400_000))).not.toThrow();
  });
});

describe('the booking window in Africa/Nairobi', () => {
  it("takes the clinic's date, not UTC's: 22:30 UTC is already the next day in Nairobi", () => {
    const lateUtc = new Date('2026-11-21T22:30:00Z'); // 01:30 on the 22nd in Nairobi
    expect(clinicToday(lateUtc)).toBe('2026-11-22');
    expect(bookingWindow(lateUtc)).toEqual({ first: '2026-11-23', last: '2026-12-22' });
    const earlyUtc = new Date('2026-11-21T20:59:59Z'); // 23:59:59 on the 21st in Nairobi
    expect(bookingWindow(earlyUtc)).toEqual({ first: '2026-11-22', last: '2026-12-21' });
  });

  it('runs from tomorrow through 30 days ahead, inclusive', () => {
    const now = new Date('2026-11-21T09:00:00+03:00');
    expect(isInBookingWindow('2026-11-21', now)).toBe(false);
    expect(isInBookingWindow('2026-11-22', now)).toBe(true);
    expect(isInBookingWindow('2026-12-21', now)).toBe(true);
    expect(isInBookingWindow('2026-12-22', now)).toBe(false);
    expect(isInBookingWindow('2025-11-22', now)).toBe(false);
    expect(isInBookingWindow('2026-11-31', now)).toBe(false);
  });

  it('checks calendar dates and weekdays', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-1-05')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-23')).toBe('Monday');
    expect(worksOn(['Monday', 'wednesday'], '2026-11-25')).toBe(true);
    expect(worksOn(['Monday'], '2026-11-24')).toBe(false);
    expect(worksOn([], '2026-11-24')).toBe(true);
  });

  it("reads a zone's wall clock as Intl does, across offset changes, though it asks Intl once per minute", () => {
    // Intl's own reading, uncached: the reference.
    const direct = (timeZone: string, instant: Date) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
          .formatToParts(instant)
          .map((p) => [p.type, p.value]),
      );
      return { y: +parts.year, m: +parts.month, d: +parts.day, h: +parts.hour, min: +parts.minute, s: +parts.second };
    };
    // Nairobi (the clinic), London and Kathmandu (+05:45) around London's spring and autumn changes, every 7.5 minutes
    // and a few seconds, and a Lord Howe half-hour change (+10:30 ↔ +11:00).
    const cases: [string, string][] = [['Africa/Nairobi', '2026-03-28T22:00:00Z'], ['Europe/London', '2026-03-28T22:00:00Z'], ['Europe/London', '2026-10-24T22:00:00Z'], ['Asia/Kathmandu', '2026-03-28T22:00:00Z'], ['Australia/Lord_Howe', '2026-04-04T12:00:00Z']];
    for (const [zone, from] of cases) {
      const clock = wallClockIn(zone);
      for (let step = 0; step < 6 * 8; step++) {
        const instant = new Date(Date.parse(from) + step * 450_000 + (step % 7) * 1_013);
        expect([zone, instant.toISOString(), clock(instant)]).toEqual([zone, instant.toISOString(), direct(zone, instant)]);
      }
    }
    expect(() => wallClockIn('Africa/Nairobi')(new Date('not a date'))).toThrow(RangeError);
  });

  it('places slots in clinic time (UTC+3)', () => {
    expect(slotStart('2026-11-23', '09:00 AM').toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(slotStart('2026-11-23', '05:30 PM').toISOString()).toBe('2026-11-23T14:30:00.000Z');
    expect(slotStart('2027-01-01', '02:00 PM').toISOString()).toBe('2027-01-01T11:00:00.000Z');
  });
});

describe('status-change permissions', () => {
  const patient = { userId: 10, role: 'user' as const };
  const otherPatient = { userId: 11, role: 'user' as const };
  const doctor = { userId: 20, role: 'doctor' as const };
  const otherDoctor = { userId: 21, role: 'doctor' as const };
  const admin = { userId: 1, role: 'admin' as const };
  const now = new Date('2026-11-21T12:00:00+03:00');
  const appointment = (overrides: Partial<AppointmentAccess> = {}): AppointmentAccess => ({
    user_id: 10,
    doctor_user_id: 20,
    appointment_status: 'Pending',
    appointment_date: '2026-11-23',
    time_slot: '09:00 AM',
    starts_at: new Date('2026-11-23T09:00:00+03:00'),
    ...overrides,
  });

  it('shows an appointment to its patient, its doctor and admins only', () => {
    expect(canSee(patient, appointment())).toBe(true);
    expect(canSee(doctor, appointment())).toBe(true);
    expect(canSee(admin, appointment())).toBe(true);
    expect(canSee(otherPatient, appointment())).toBe(false);
    expect(canSee(otherDoctor, appointment())).toBe(false);
  });

  it('answers 404 to other patients and other doctors', () => {
    expect(failure(() => assertStatusChange(otherPatient, appointment(), 'Cancelled', now)).statusCode).toBe(404);
    expect(failure(() => assertStatusChange(otherDoctor, appointment(), 'Completed', now)).statusCode).toBe(404);
  });

  it('lets admins set any status, even Completed before the visit (CONTRACT.md §4: freely)', () => {
    for (const status of ['Pending', 'Confirmed', 'Completed', 'Cancelled'] as const) {
      expect(() => assertStatusChange(admin, appointment({ appointment_status: 'Completed' }), status, now)).not.toThrow();
      expect(() => assertStatusChange(admin, appointment(), status, now)).not.toThrow();
    }
  });

  it('lets the own doctor set any status, but Completed only once the visit has started', () => {
    for (const status of ['Pending', 'Confirmed', 'Cancelled'] as const) {
      expect(() => assertStatusChange(doctor, appointment(), status, now)).not.toThrow();
    }
    // The fixture's visit is two days after `now`.
    expect(failure(() => assertStatusChange(doctor, appointment(), 'Completed', now))).toEqual({
      statusCode: 409,
      message: 'You can complete an appointment only once its time has started.',
      code: 'VISIT_NOT_STARTED',
    });
    const atStart = new Date('2026-11-23T09:00:00+03:00');
    expect(() => assertStatusChange(doctor, appointment(), 'Completed', atStart)).not.toThrow();
  });

  it('lets a patient only cancel, only Pending or Confirmed, only 24 hours ahead', () => {
    expect(() => assertStatusChange(patient, appointment(), 'Cancelled', now)).not.toThrow();
    expect(() => assertStatusChange(patient, appointment({ appointment_status: 'Confirmed' }), 'Cancelled', now)).not.toThrow();
    expect(failure(() => assertStatusChange(patient, appointment(), 'Confirmed', now))).toEqual({ statusCode: 403, message: AppointmentMessages.patientOnlyCancels });
    expect(failure(() => assertStatusChange(patient, appointment({ appointment_status: 'Completed' }), 'Cancelled', now))).toEqual({
      statusCode: 400,
      message: AppointmentMessages.cancelOnlyOpen,
    });
    const startsIn = (hours: number) => appointment({ starts_at: new Date(now.getTime() + hours * 3_600_000) });
    expect(() => assertStatusChange(patient, startsIn(24), 'Cancelled', now)).not.toThrow();
    expect(failure(() => assertStatusChange(patient, startsIn(23.99), 'Cancelled', now))).toEqual({ statusCode: 400, message: AppointmentMessages.cancelTooLate });
    // a visit a leave, closure or new hours fell on may be cancelled any time while it waits for a new time (issue 37)
    const waiting = appointment({ starts_at: new Date(now.getTime() + 2 * 3_600_000), needs_new_time: { cause: 'leave' } });
    expect(() => assertStatusChange(patient, waiting, 'Cancelled', now)).not.toThrow();
  });

  it("owes the whole fee on a cancellation caused by the clinic: a visit waiting for a new time, or its own doctor's", () => {
    const waiting = appointment({ needs_new_time: { cause: 'closure' } });
    expect([patient, admin, doctor].map((actor) => cancelledForClinicCause(actor, waiting))).toEqual([true, true, true]);
    // otherwise only the appointment's own doctor: the patient's or an admin's cancellation keeps the notice rule
    expect([patient, admin, doctor, otherDoctor].map((actor) => cancelledForClinicCause(actor, appointment()))).toEqual([false, false, true, false]);
  });

  it('keeps clinical fields to the own doctor and admins', () => {
    expect(() => assertClinicalEdit(doctor, appointment())).not.toThrow();
    expect(() => assertClinicalEdit(admin, appointment())).not.toThrow();
    expect(failure(() => assertClinicalEdit(patient, appointment())).statusCode).toBe(403);
    expect(failure(() => assertClinicalEdit(otherDoctor, appointment())).statusCode).toBe(404);
  });
});

describe("a doctor's total patients", () => {
  it('counts different people, not appointments, and not cancelled bookings', () => {
    expect(countDistinctPatients([])).toBe(0);
    expect(
      countDistinctPatients([
        { user_id: 7, appointment_status: 'Completed' },
        { user_id: 7, appointment_status: 'Completed' },
        { user_id: 7, appointment_status: 'Pending' },
        { user_id: 8, appointment_status: 'Confirmed' },
        { user_id: 9, appointment_status: 'Cancelled' },
        { user_id: 8, appointment_status: 'Cancelled' },
      ]),
    ).toBe(2);
  });
});

describe('clinic hours: one source for the slots offered and the Office Hours panel', () => {
  it('Monday to Friday 8:00-18:00 offer all 14 slots; Saturday 9:00-14:00 the six morning ones; Sunday none', () => {
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const) expect(slotsWithinClinicHours(day)).toEqual([...TIME_SLOTS]);
    expect(slotsWithinClinicHours('Saturday')).toEqual(['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM']);
    expect(slotsWithinClinicHours('Sunday')).toEqual([]);
  });
  it('the booking and reschedule rules refuse a closed day or a slot outside the hours, with the reason', () => {
    // 2026-11-29 is a Sunday, 2026-11-28 a Saturday, 2026-11-30 a Monday.
    expect(clinicHoursProblem('2026-11-29', '10:00 AM')).toBe('The clinic is closed on Sundays. Please choose another date.');
    expect(clinicHoursProblem('2026-11-28', '02:00 PM')).toBe('On Saturdays the clinic is open 9:00 AM - 2:00 PM. Please choose a time within those hours.');
    expect(clinicHoursProblem('2026-11-28', '11:30 AM')).toBeNull();
    for (const slot of TIME_SLOTS) expect(clinicHoursProblem('2026-11-30', slot)).toBeNull();
    expect([isClinicOpenOn('2026-11-28'), isClinicOpenOn('2026-11-29'), isClinicOpenOn('2026-11-30')]).toEqual([true, false, true]);
  });
  it('openClinicDate(n): the nth day after today open all day, whatever weekday today is, inside the booking window up to n = 20', () => {
    // Today on each weekday: Monday 2026-11-23 … Sunday 2026-11-29, at 23:30 clinic time (the day's last half hour).
    for (let i = 0; i < 7; i++) {
      const now = new Date(`2026-11-${23 + i}T23:30:00+03:00`);
      const dates = Array.from({ length: 20 }, (_, k) => openClinicDate(k + 1, now));
      expect(new Set(dates).size).toBe(20);
      expect([...dates].sort()).toEqual(dates);
      for (const date of dates) {
        expect(isClinicOpenAllDay(date)).toBe(true);
        expect(isInBookingWindow(date, now)).toBe(true);
        for (const slot of TIME_SLOTS) expect(clinicHoursProblem(date, slot)).toBeNull();
      }
      // No open day skipped: every weekday from tomorrow to the 20th is one of them.
      const all = Array.from({ length: 40 }, (_, k) => addDays(clinicToday(now), k + 1)).filter((d) => d <= dates[19] && isClinicOpenAllDay(d));
      expect(all).toEqual(dates);
    }
    expect(openClinicDate(1, new Date('2026-11-28T10:00:00+03:00'))).toBe('2026-11-30'); // Saturday → Monday
    expect(() => openClinicDate(0)).toThrow(RangeError);
  });
  it('never offers a slot that starts before opening or ends after closing', () => {
    for (const day of WEEKDAYS) {
      const hours = CLINIC_HOURS[day];
      for (const slot of slotsWithinClinicHours(day)) {
        const start = slotMinutes(slot);
        expect(hours).not.toBeNull();
        expect(start).toBeGreaterThanOrEqual(Number(hours!.opens.slice(0, 2)) * 60 + Number(hours!.opens.slice(3)));
        expect(start + 30).toBeLessThanOrEqual(Number(hours!.closes.slice(0, 2)) * 60 + Number(hours!.closes.slice(3)));
      }
    }
  });
});

describe('rescheduling', () => {
  const patient = { userId: 10, role: 'user' as const };
  const otherPatient = { userId: 11, role: 'user' as const };
  const doctor = { userId: 20, role: 'doctor' as const };
  const admin = { userId: 1, role: 'admin' as const };
  const now = new Date('2026-11-21T12:00:00+03:00');
  const appointment = (overrides: Partial<AppointmentAccess> = {}): AppointmentAccess => ({
    user_id: 10,
    doctor_user_id: 20,
    appointment_status: 'Confirmed',
    appointment_date: '2026-11-23',
    time_slot: '09:00 AM',
    starts_at: new Date('2026-11-23T09:00:00+03:00'),
    ...overrides,
  });
  const to = { appointment_date: '2026-11-24', time_slot: '10:00 AM' };

  it('lets the patient move their own Pending or Confirmed visit to another slot, 24 hours or more ahead', () => {
    expect(() => assertReschedule(patient, appointment(), to, now)).not.toThrow();
    expect(() => assertReschedule(patient, appointment({ appointment_status: 'Pending' }), to, now)).not.toThrow();
    // exactly 24 hours before still counts
    expect(() => assertReschedule(patient, appointment(), to, new Date('2026-11-22T09:00:00+03:00'))).not.toThrow();
  });

  it('refuses others, closed visits, less than 24 hours ahead and the same slot, saying why', () => {
    expect(failure(() => assertReschedule(otherPatient, appointment(), to, now)).statusCode).toBe(404);
    expect(failure(() => assertReschedule(doctor, appointment(), to, now))).toEqual({ statusCode: 403, message: AppointmentMessages.rescheduleOnlyOwn });
    expect(failure(() => assertReschedule(admin, appointment(), to, now)).statusCode).toBe(403);
    for (const status of ['Completed', 'Cancelled'] as const) {
      expect(failure(() => assertReschedule(patient, appointment({ appointment_status: status }), to, now))).toEqual({ statusCode: 400, message: AppointmentMessages.rescheduleOnlyOpen });
    }
    expect(failure(() => assertReschedule(patient, appointment(), to, new Date('2026-11-22T09:00:01+03:00')))).toEqual({
      statusCode: 400,
      message: AppointmentMessages.rescheduleTooLate,
    });
    expect(failure(() => assertReschedule(patient, appointment(), { appointment_date: '2026-11-23', time_slot: '09:00 AM' }, now))).toEqual({
      statusCode: 400,
      message: AppointmentMessages.rescheduleSameSlot,
    });
  });

  it('lets the patient move a visit that needs a new time inside the notice period too (the clinic moved its day away)', () => {
    const late = new Date('2026-11-23T07:00:00+03:00');
    expect(failure(() => assertReschedule(patient, appointment({ needs_new_time: null }), to, late)).message).toBe(AppointmentMessages.rescheduleTooLate);
    expect(() => assertReschedule(patient, appointment({ needs_new_time: { cause: 'closure' } }), to, late)).not.toThrow();
    // still only the patient's own open visit
    expect(failure(() => assertReschedule(doctor, appointment({ needs_new_time: { cause: 'closure' } }), to, late)).statusCode).toBe(403);
    expect(failure(() => assertReschedule(patient, appointment({ needs_new_time: { cause: 'closure' }, appointment_status: 'Cancelled' }), to, late)).statusCode).toBe(400);
  });
});
