/**
 * @jest-environment node
 */
import { AppointmentMessages, BOOKING_WINDOW_DAYS, MAX_REASON_LENGTH, MIN_REASON_LENGTH, TIME_SLOTS } from '@afya/appointment-service/contracts/catalog';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { nairobiDate } from 'shell/ui-kit';
import type { Doctor } from '../../api/doctors';
import { BOOKING_MESSAGES, DATE_INPUT_FORMATS, dateHint, feeSummary, isDateDisabled, officeHoursLines, preselectedDoctor, reasonProblem, slotsToShow, timeHint, toBookPayload, type BookingFormValues } from './booking.rules';

const doctor = (over: Partial<Doctor> = {}): Doctor => ({
  doctor_id: 7,
  user_id: 70,
  first_name: 'Grace',
  last_name: 'Wanjiku',
  specialization: 'Cardiology',
  fee: 3500,
  contact_phone: null,
  available_days: [],
  offers_video: false,
  approval_status: 'approved',
  approved: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('booking rules', () => {
  const now = new Date('2026-11-21T09:00:00+03:00').getTime(); // a Saturday in Nairobi

  it('uses the CONTRACT.md §5 messages from the catalog', () => {
    expect(BOOKING_MESSAGES).toMatchObject({
      doctor: 'Please select a doctor',
      type: 'Please select appointment type',
      date: 'Please select a date',
      time: 'Please select a time',
      reason: 'Please provide a reason (at least 10 characters)',
    });
    expect(BOOKING_MESSAGES.reason).toBe(AppointmentMessages.reason);
  });

  it('offers dates from tomorrow to the end of the window, clinic time', () => {
    expect(isDateDisabled('2026-11-21', null, now)).toBe(true); // today
    expect(isDateDisabled('2026-11-22', null, now)).toBe(true); // tomorrow, a Sunday: the clinic is closed
    expect(isDateDisabled('2026-11-23', null, now)).toBe(false); // Monday
    expect(isDateDisabled(nairobiDate(BOOKING_WINDOW_DAYS, now), null, now)).toBe(false);
    expect(isDateDisabled(nairobiDate(BOOKING_WINDOW_DAYS + 1, now), null, now)).toBe(true);
    // 01:00 in Nairobi is still the previous day in UTC: the clinic's date decides what "tomorrow" is.
    const earlyMorning = new Date('2026-11-21T01:00:00+03:00').getTime();
    expect(isDateDisabled('2026-11-20', null, earlyMorning - 86_400_000)).toBe(true);
    expect(isDateDisabled('2026-11-21', null, earlyMorning - 86_400_000)).toBe(false); // Saturday, the day after
  });

  it("offers only the doctor's working days, every day when none are listed", () => {
    const mondays = doctor({ available_days: ['Monday'] });
    const days = Array.from({ length: BOOKING_WINDOW_DAYS }, (_, i) => nairobiDate(i + 1, now));
    for (const d of days) expect(isDateDisabled(d, mondays, now)).toBe(dayjs(d).day() !== 1);
    // No days listed: every day the clinic opens (not Sundays).
    for (const d of days) expect(isDateDisabled(d, doctor(), now)).toBe(dayjs(d).day() === 0);
    expect(dateHint(mondays, now)).toBe('From 22 Nov to 21 Dec 2026, on Monday.');
    expect(dateHint(null, now)).toBe('From 22 Nov to 21 Dec 2026.');
  });

  it('wants a reason within the catalog limits, ignoring spaces around it', () => {
    expect(reasonProblem(undefined)).toBe(BOOKING_MESSAGES.reason);
    expect(reasonProblem(`   ${'x'.repeat(MIN_REASON_LENGTH - 1)}    `)).toBe(BOOKING_MESSAGES.reason);
    expect(reasonProblem('x'.repeat(MIN_REASON_LENGTH))).toBeNull();
    expect(reasonProblem('Chest pain when climbing stairs')).toBeNull();
    expect(reasonProblem('x'.repeat(MAX_REASON_LENGTH + 1))).toBe(BOOKING_MESSAGES.reasonTooLong);
  });

  it("charges the doctor's own fee whatever the type, else the type's default fee", () => {
    expect(feeSummary(doctor(), undefined)).toEqual({ amount: 3500, note: "(Dr. Grace Wanjiku's consultation fee)" });
    expect(feeSummary(doctor(), 'Emergency')?.amount).toBe(3500);
    expect(feeSummary(doctor({ fee: 0 }), 'Emergency')?.amount).toBe(0);
    const noFee = doctor({ fee: null });
    expect(feeSummary(noFee, undefined)).toBeNull();
    expect(feeSummary(noFee, 'Emergency')).toEqual({ amount: 300, note: '(default fee for Emergency)' });
    expect(feeSummary(noFee, 'Vaccination')?.amount).toBe(80);
    expect(feeSummary(undefined, 'Lab Work')?.amount).toBe(120);
  });

  it('shows every slot before a date is chosen, then the answer in clock order', () => {
    expect(slotsToShow(undefined).map((s) => s.time_slot)).toEqual([...TIME_SLOTS]);
    const answer = { doctor_id: 7, date: '2026-11-23', bookable_date: true, slots: [{ time_slot: '02:00 PM', available: true }, { time_slot: '09:00 AM', available: false }] };
    expect(slotsToShow(answer)).toEqual([{ time_slot: '09:00 AM', available: false }, { time_slot: '02:00 PM', available: true }]);
  });

  it('says what to do next under the slots', () => {
    const slots = (taken: boolean[]) => ({ doctor_id: 7, date: 'd', bookable_date: true, slots: taken.map((t, i) => ({ time_slot: TIME_SLOTS[i]!, available: !t })) });
    expect(timeHint({ doctorId: 7 })).toBe('Pick a date first to see the free times.');
    expect(timeHint({ date: '2026-11-23' })).toBe('Pick a doctor first to see the free times.');
    expect(timeHint({ doctorId: 7, date: '2026-11-23' })).toBe('');
    expect(timeHint({ doctorId: 7, date: 'd', availability: { ...slots([true]), bookable_date: false } })).toMatch(/does not see patients on this date/);
    expect(timeHint({ doctorId: 7, date: 'd', availability: slots([true, true]) })).toBe('No free times on this date. Please choose another date.');
    expect(timeHint({ doctorId: 7, date: 'd', availability: slots([true, false]) })).toBe('Crossed-out times are already taken.');
    expect(timeHint({ doctorId: 7, date: 'd', availability: slots([false, false]) })).toBe('');
  });

  it('preselects ?doctor_id only for a listed doctor', () => {
    expect(preselectedDoctor('7', [doctor()])).toBe(7);
    expect(preselectedDoctor('8', [doctor()])).toBeUndefined();
    expect(preselectedDoctor(null, [doctor()])).toBeUndefined();
    expect(preselectedDoctor('7', [])).toBeUndefined();
  });

  it('sends exactly the five fields the service reads, under their API names', () => {
    const payload = toBookPayload({
      doctor_id: 7,
      appointment_type: 'Consultation',
      appointment_date: dayjs('2026-11-23'),
      time_slot: '09:00 AM',
      notes: '  Palpitations at night for a week  ',
    });
    expect(payload).toEqual({ doctor_id: 7, appointment_type: 'Consultation', appointment_date: '2026-11-23', time_slot: '09:00 AM', notes: 'Palpitations at night for a week' });
  });

  it('sends visit_mode video only with a doctor who offers it; in person sends no mode', () => {
    const values: BookingFormValues = { doctor_id: 7, appointment_type: 'Consultation', appointment_date: dayjs('2026-11-23'), time_slot: '09:00 AM', notes: 'Palpitations at night' };
    expect(toBookPayload({ ...values, visit_mode: 'video' }, doctor({ offers_video: true })).visit_mode).toBe('video');
    expect(toBookPayload({ ...values, visit_mode: 'video' }, doctor({ offers_video: false }))).not.toHaveProperty('visit_mode');
    expect(toBookPayload({ ...values, visit_mode: 'in_person' }, doctor({ offers_video: true }))).not.toHaveProperty('visit_mode');
  });

  it('"How will you pay?": a cover adds cover_id; "Pay myself" (or nothing chosen) sends exactly what it always did (issue 38)', () => {
    const values: BookingFormValues = { doctor_id: 7, appointment_type: 'Consultation', appointment_date: dayjs('2026-11-23'), time_slot: '09:00 AM', notes: 'Fever for three days' };
    expect(toBookPayload({ ...values, cover: 5 }).cover_id).toBe(5);
    expect(toBookPayload({ ...values, cover: 'self' })).not.toHaveProperty('cover_id');
    expect(toBookPayload(values)).not.toHaveProperty('cover_id');
  });

  it('"Who is this visit for?": a member adds member_id; "me" (or nothing chosen) sends exactly what it always did', () => {
    const values: BookingFormValues = { doctor_id: 7, appointment_type: 'Consultation', appointment_date: dayjs('2026-11-23'), time_slot: '09:00 AM', notes: 'Fever for three days' };
    expect(toBookPayload({ ...values, patient: 42 }).member_id).toBe(42);
    expect(toBookPayload({ ...values, patient: 'me' })).not.toHaveProperty('member_id');
    expect(toBookPayload(values)).not.toHaveProperty('member_id');
  });
});

describe('typed dates (the date field without its calendar)', () => {
  dayjs.extend(customParseFormat);
  it.each(['25/12/2026', '2026-12-25', '25 Dec 2026', 'Fri, 25 Dec 2026'])('reads %s as 25 December 2026, day first', (typed) => {
    const parsed = DATE_INPUT_FORMATS.map((f) => dayjs(typed, f, true)).find((d) => d.isValid());
    expect(parsed?.format('YYYY-MM-DD')).toBe('2026-12-25');
  });

  it('never reads a day-first date month first, and shows a chosen date with its weekday', () => {
    expect(DATE_INPUT_FORMATS.map((f) => dayjs('5/12/2026', f, true)).find((d) => d.isValid())?.format('YYYY-MM-DD')).toBe('2026-12-05');
    expect(dayjs('2026-12-05').format(DATE_INPUT_FORMATS[0])).toBe('Sat, 5 Dec 2026');
  });
});

describe('office hours', () => {
  it('the panel lists CLINIC_HOURS, the same source as the slots offered', () => {
    expect(officeHoursLines()).toEqual([
      { days: 'Monday - Friday', hours: '8:00 AM - 6:00 PM' },
      { days: 'Saturday', hours: '9:00 AM - 2:00 PM' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
  });
  it('on the 24-hour clock in Kiswahili, like the slots', () => {
    expect(officeHoursLines(undefined, 'sw').map((line) => line.hours).slice(0, 2)).toEqual(['08:00 - 18:00', '09:00 - 14:00']);
  });
  it('groups only consecutive days with the same hours', () => {
    const closed = null;
    const day = { opens: '08:00', closes: '18:00' };
    expect(officeHoursLines({ Monday: day, Tuesday: closed, Wednesday: day, Thursday: day, Friday: day, Saturday: closed, Sunday: closed })).toEqual([
      { days: 'Monday', hours: '8:00 AM - 6:00 PM' },
      { days: 'Tuesday', hours: 'Closed' },
      { days: 'Wednesday - Friday', hours: '8:00 AM - 6:00 PM' },
      { days: 'Saturday - Sunday', hours: 'Closed' },
    ]);
  });
});
