import { RpcFailure } from '@afya/service-shared';
import { calendarSweep, nairobi, sweepAddDays } from '@afya/service-shared/testing';
import {
  BOOKING_WINDOW_DAYS,
  CANCELLATION_NOTICE_HOURS,
  CLINIC_HOURS,
  TIME_SLOTS,
  VIDEO_JOIN_CLOSES_MINUTES_AFTER,
  VIDEO_JOIN_OPENS_MINUTES_BEFORE,
  videoJoinRefusal,
  WAITLIST_HOLD_MINUTES,
  WEEKDAYS,
} from '../../contracts';
import { careWindowOf, hasCareRelationship } from '../../contracts/care-relationship';
import { bookingWindow, clinicHoursProblem, clinicToday, isInBookingWindow, openClinicDate, slotStart } from '../../contracts/booking-rules';
import { AppointmentAccess, assertReschedule, assertStatusChange } from './permissions';
import { holdExpiry } from '../waitlist/waitlist.rules';

/**
 * The calendar sweep (issue 33): the scheduling rules at every weekday, at the edges of the clinic's day, across a
 * month end, a year end and 29 February, each instant given as the rules' `now`. The expectations are worked out
 * here from the calendar alone (Nairobi is UTC+3 all year), not from the rules under test.
 */
const instants = calendarSweep();
const HOUR = 3_600_000;
const MINUTE = 60_000;
const patient = { userId: 7, role: 'user' as const, email: 'p@afya.test' };

function refusal(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(RpcFailure);
    return ((error as RpcFailure).getError() as { message: string }).message;
  }
}

/** Minutes after midnight of a slot label, worked out here: '02:30 PM' → 870. */
const minutesOf = (slot: string) => (Number(slot.slice(0, 2)) % 12) * 60 + Number(slot.slice(3, 5)) + (slot.endsWith('PM') ? 720 : 0);
const hhmm = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

describe('calendar sweep: the scheduling rules on every weekday at the day’s edges, month end, year end, 29 February', () => {
  it('covers every weekday, each sweep time, a month end, a year end and 29 February', () => {
    expect(new Set(instants.map((i) => i.weekday)).size).toBe(7);
    const dates = new Set(instants.map((i) => i.date));
    for (const edge of ['2026-11-30', '2026-12-01', '2026-12-31', '2027-01-01', '2028-02-28', '2028-02-29', '2028-03-01']) expect(dates.has(edge)).toBe(true);
  });

  it.each(instants.map((i) => [i.label, i] as const))('%s: today, the booking window, open days', (_label, { date, now }) => {
    expect(clinicToday(now)).toBe(date);
    const window = bookingWindow(now);
    expect(window).toEqual({ first: sweepAddDays(date, 1), last: sweepAddDays(date, BOOKING_WINDOW_DAYS) });
    expect(isInBookingWindow(date, now)).toBe(false);
    expect(isInBookingWindow(sweepAddDays(date, 1), now)).toBe(true);
    expect(isInBookingWindow(sweepAddDays(date, BOOKING_WINDOW_DAYS), now)).toBe(true);
    expect(isInBookingWindow(sweepAddDays(date, BOOKING_WINDOW_DAYS + 1), now)).toBe(false);
    // What tests, seeds and benches book on: after today, Monday to Friday, in order, inside the window for n ≤ 20.
    let previous = date;
    for (let n = 1; n <= 20; n++) {
      const open = openClinicDate(n, now);
      const weekday = new Date(`${open}T12:00:00Z`).getUTCDay();
      expect(weekday >= 1 && weekday <= 5).toBe(true);
      expect(open > previous).toBe(true);
      expect(isInBookingWindow(open, now)).toBe(true);
      for (const slot of TIME_SLOTS) expect(clinicHoursProblem(open, slot)).toBeNull();
      previous = open;
    }
  });

  it.each(instants.filter((i) => i.time === '00:00').map((i) => [i.label, i] as const))('%s: the clinic’s hours that weekday', (_label, { date, weekday }) => {
    const hours = CLINIC_HOURS[WEEKDAYS[weekday]];
    for (const slot of TIME_SLOTS) {
      const fits = hours !== null && minutesOf(slot) >= hhmm(hours.opens) && minutesOf(slot) + 30 <= hhmm(hours.closes);
      expect(clinicHoursProblem(date, slot) === null).toBe(fits);
      // a slot starts at its Nairobi wall-clock time on that date
      expect(slotStart(date, slot).getTime()).toBe(nairobi(date, `${String(Math.floor(minutesOf(slot) / 60)).padStart(2, '0')}:${slot.slice(3, 5)}`).getTime());
    }
  });

  it.each(instants.map((i) => [i.label, i] as const))('%s: cancelling and rescheduling need 24 hours’ notice, to the minute', (_label, { now }) => {
    // Every slot of the next three days, wherever the 24-hour line falls across midnight, a month or a year end.
    for (let days = 0; days <= 2; days++) {
      for (const slot of TIME_SLOTS) {
        const date = sweepAddDays(clinicToday(now), days);
        const starts = slotStart(date, slot);
        const visit: AppointmentAccess = { user_id: 7, doctor_user_id: 9, appointment_date: date, time_slot: slot, appointment_status: 'Confirmed', starts_at: starts };
        const enough = starts.getTime() - now.getTime() >= CANCELLATION_NOTICE_HOURS * HOUR;
        expect(refusal(() => assertStatusChange(patient, visit, 'Cancelled', now)) === null).toBe(enough);
        const to = { appointment_date: sweepAddDays(date, 3), time_slot: slot };
        expect(refusal(() => assertReschedule(patient, visit, to, now)) === null).toBe(enough);
      }
    }
  });

  it.each(instants.map((i) => [i.label, i] as const))('%s: the edges of the notice, the video window, the waitlist hold, the care window', (_label, { now }) => {
    const t = now.getTime();
    // A visit starting exactly 24 hours from now may still be cancelled; one minute less may not.
    const visitAt = (start: number): AppointmentAccess => ({ user_id: 7, doctor_user_id: 9, appointment_date: '2000-01-01', time_slot: '09:00 AM', appointment_status: 'Pending', starts_at: new Date(start) });
    expect(refusal(() => assertStatusChange(patient, visitAt(t + 24 * HOUR), 'Cancelled', now))).toBeNull();
    expect(refusal(() => assertStatusChange(patient, visitAt(t + 24 * HOUR - MINUTE), 'Cancelled', now))).not.toBeNull();

    // Video: open from 10 minutes before the start until 30 minutes after (paid video visits).
    // The visit starts at `start`; the clock reads `now`.
    const video = (start: number) => ({ visit_mode: 'video', appointment_status: 'Confirmed', paid: true, starts_at: new Date(start).toISOString() });
    expect(videoJoinRefusal(video(t + VIDEO_JOIN_OPENS_MINUTES_BEFORE * MINUTE + 1), now)).toBe('too_early');
    expect(videoJoinRefusal(video(t + VIDEO_JOIN_OPENS_MINUTES_BEFORE * MINUTE), now)).toBeNull();
    expect(videoJoinRefusal(video(t - VIDEO_JOIN_CLOSES_MINUTES_AFTER * MINUTE + 1), now)).toBeNull();
    expect(videoJoinRefusal(video(t - VIDEO_JOIN_CLOSES_MINUTES_AFTER * MINUTE), now)).toBe('closed');

    // A waitlist offer made now is held 15 minutes, across midnight and year ends alike.
    expect(holdExpiry(now).getTime()).toBe(t + WAITLIST_HOLD_MINUTES * MINUTE);

    // Care: a Confirmed visit opens 7 days before and 24 hours after its start; a Completed one 90 days after.
    const confirmed = { appointment_status: 'Confirmed', starts_at: new Date(t + 7 * 24 * HOUR) };
    expect(hasCareRelationship([confirmed], now)).toBe(true);
    expect(hasCareRelationship([{ ...confirmed, starts_at: new Date(t + 7 * 24 * HOUR + 1) }], now)).toBe(false);
    expect(hasCareRelationship([{ ...confirmed, starts_at: new Date(t - 24 * HOUR) }], now)).toBe(true);
    expect(hasCareRelationship([{ ...confirmed, starts_at: new Date(t - 24 * HOUR - 1) }], now)).toBe(false);
    const completed = { appointment_status: 'Completed', starts_at: new Date(t - 90 * 24 * HOUR) };
    expect(hasCareRelationship([completed], now)).toBe(true);
    expect(hasCareRelationship([{ ...completed, starts_at: new Date(t - 90 * 24 * HOUR - 1) }], now)).toBe(false);
    expect(careWindowOf({ appointment_status: 'Pending', starts_at: now })).toBeNull();
  });
});
