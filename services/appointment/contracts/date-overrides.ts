/**
 * A doctor's own hours for one date (issue 37, decision 0116): the rule that checks them before they are saved, and
 * its messages. Pure, as doctor-hours.ts, whose weekly rule it applies to the date's weekday.
 */
import { isCalendarDate } from './booking-rules';
import { type DateOverride, hoursProblem, isoWeekday, isoWeekdayName } from './doctor-hours';

/** At most this many sessions on one date (an override). */
export const MAX_DAY_SESSIONS = 6;

export const DateOverrideMessages = {
  overrideDate: 'Please give the date as YYYY-MM-DD',
  overridePast: 'The date is in the past: choose a date from today onward',
  overrideNotFound: 'There are no custom hours on that date',
  overrideSaved: 'Custom hours saved!',
  overrideRemoved: 'Custom hours removed: the weekly hours apply that day.',
  tooManyDaySessions: `At most ${MAX_DAY_SESSIONS} sessions in a day`,
  /** With the number of booked visits the date's new hours leave without their slot (409 OVERRIDE_HAS_APPOINTMENTS). */
  overrideHasAppointments: (count: number) => `${count} booked visits fall outside these hours on that date. Confirm to save them: each of them will need a new time.`,
} as const;

/**
 * Why custom hours for one date cannot be saved, naming the first problem (the date, a session's times, one ending
 * before it starts, one outside the clinic's hours that weekday, one shorter than a slot, two overlapping, a date in
 * the past), or null. `slotMinutes`: the length the date's slots take (the weekly hours' in effect, else 30).
 * No sessions: the doctor sees no one that date (a day off without a leave's record).
 */
export function overrideProblem(override: DateOverride, slotMinutes: number, today: string): string | null {
  if (!isCalendarDate(override.date)) return DateOverrideMessages.overrideDate;
  if (override.sessions.length > MAX_DAY_SESSIONS) return DateOverrideMessages.tooManyDaySessions;
  const weekday = isoWeekday(override.date);
  const problem = hoursProblem({ sessions: override.sessions.map((s) => ({ ...s, weekday })), slot_minutes: slotMinutes, valid_from: today }, today);
  // the weekly rule's message, naming the date where it names the session's weekday ("The session 2026-12-08 09:00-12:00 ...")
  if (problem) return problem.replace(isoWeekdayName(weekday), override.date);
  if (override.date < today) return DateOverrideMessages.overridePast;
  return null;
}
