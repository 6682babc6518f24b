import { CLINIC_HOURS } from '@afya/appointment-service/contracts/catalog';
import { clockMinutes, clockTime, hoursProblem, isClockTime, isoWeekdayName, SLOT_LENGTHS } from '@afya/appointment-service/contracts/doctor-hours';
import { t } from '../../i18n';
import type { HoursBody, HoursReply } from './api';

/**
 * The "My hours" editor's draft: the week as rows per ISO weekday (1 = Monday ... 7 = Sunday), the slot length and
 * the date it applies from. Checked here row by row, in the page's language, with the contract's own rule
 * (hoursProblem) as the last word, so the form never sends what the service would refuse for its shape.
 */
export interface DraftSession {
  /** A stable key for React while rows are added and removed. */
  key: number;
  start: string;
  end: string;
}

export interface WeekDraft {
  slot_minutes: number;
  valid_from: string;
  days: Record<number, DraftSession[]>;
}

export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

let nextKey = 1;
const session = (start: string, end: string): DraftSession => ({ key: nextKey++, start, end });

/** The clinic's opening hours on an ISO weekday in minutes, or null when it is closed (Sunday). */
export function clinicDay(weekday: number): { opens: number; closes: number } | null {
  const hours = CLINIC_HOURS[isoWeekdayName(weekday)];
  return hours ? { opens: clockMinutes(hours.opens), closes: clockMinutes(hours.closes) } : null;
}

/** The times offered for a weekday's sessions: every 5 minutes within the clinic's hours ('08:00' ... '18:00'). */
export function timeOptions(weekday: number, keep: string[] = []): string[] {
  const day = clinicDay(weekday);
  const times = new Set<string>();
  if (day) for (let at = day.opens; at <= day.closes; at += 5) times.add(clockTime(at));
  // A saved time off the 5-minute grid is still shown as it is.
  for (const time of keep) if (isClockTime(time)) times.add(time);
  return [...times].sort();
}

/** The draft of the hours as saved (the version in effect, or `next` when asked), from `today` when none is set. */
export function draftFrom(hours: Pick<HoursReply, 'sessions' | 'slot_minutes'> | null, validFrom: string): WeekDraft {
  const days: Record<number, DraftSession[]> = {};
  for (const weekday of ISO_WEEKDAYS) days[weekday] = [];
  const sessions = [...(hours?.sessions ?? [])].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
  for (const s of sessions) days[s.weekday]?.push(session(s.start, s.end));
  return { slot_minutes: hours?.slot_minutes ?? 30, valid_from: validFrom, days };
}

/** A new session for a weekday: after the day's last one (an hour long where it fits), else from the clinic's opening. */
export function newSession(draft: WeekDraft, weekday: number): DraftSession | null {
  const day = clinicDay(weekday);
  if (!day) return null;
  const last = draft.days[weekday].at(-1);
  const start = last && isClockTime(last.end) ? clockMinutes(last.end) : Math.max(day.opens, 9 * 60);
  if (start >= day.closes) return null;
  const end = Math.min(start + Math.max(60, draft.slot_minutes), day.closes);
  return session(clockTime(start), clockTime(end));
}

/** Monday's sessions copied to Tuesday ... Friday (a common week in one action). */
export function copyMondayToWeekdays(draft: WeekDraft): WeekDraft {
  const days = { ...draft.days };
  for (const weekday of [2, 3, 4, 5]) days[weekday] = draft.days[1].map((s) => session(s.start, s.end));
  return { ...draft, days };
}

export function sessionsOf(draft: WeekDraft): { weekday: number; start: string; end: string }[] {
  return ISO_WEEKDAYS.flatMap((weekday) => draft.days[weekday].map((s) => ({ weekday, start: s.start, end: s.end })));
}

export function bodyOf(draft: WeekDraft): HoursBody {
  return { sessions: sessionsOf(draft), slot_minutes: draft.slot_minutes, valid_from: draft.valid_from };
}

export interface DraftProblems {
  /** By session key: what is wrong with that row. */
  rows: Record<number, string>;
  /** What is wrong with the week as a whole (the date, or a problem the rows do not name). */
  form: string | null;
}

/** What stops the draft being saved, in the page's language; no problems: `rows` empty and `form` null. */
export function draftProblems(draft: WeekDraft, today: string): DraftProblems {
  const rows: Record<number, string> = {};
  let form: string | null = null;
  if (!(SLOT_LENGTHS as readonly number[]).includes(draft.slot_minutes)) form = t('hours.problem.slotLength');
  for (const weekday of ISO_WEEKDAYS) {
    const day = clinicDay(weekday);
    const sessions = draft.days[weekday];
    for (const s of sessions) {
      if (!isClockTime(s.start) || !isClockTime(s.end)) {
        rows[s.key] = t('hours.problem.time');
        continue;
      }
      const start = clockMinutes(s.start);
      const end = clockMinutes(s.end);
      if (end <= start) rows[s.key] = t('hours.problem.order');
      else if (!day) rows[s.key] = t('hours.problem.clinicClosed');
      else if (start < day.opens || end > day.closes) rows[s.key] = t('hours.problem.outside', { opens: clockTime(day.opens), closes: clockTime(day.closes) });
      else if (end - start < draft.slot_minutes) rows[s.key] = t('hours.problem.short', { minutes: draft.slot_minutes });
    }
    const ordered = sessions.filter((s) => !rows[s.key]).sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start));
    for (let i = 1; i < ordered.length; i++) {
      if (clockMinutes(ordered[i].start) < clockMinutes(ordered[i - 1].end)) {
        rows[ordered[i].key] = t('hours.problem.overlap', { start: ordered[i - 1].start, end: ordered[i - 1].end });
      }
    }
  }
  if (!form && !/^\d{4}-\d{2}-\d{2}$/.test(draft.valid_from)) form = t('hours.problem.validFrom');
  else if (!form && draft.valid_from < today) form = t('hours.problem.validFromPast');
  // The contract's rule as the last word: anything it refuses that the rows above did not name.
  if (!form && !Object.keys(rows).length) form = hoursProblem({ sessions: sessionsOf(draft), slot_minutes: draft.slot_minutes, valid_from: draft.valid_from }, today);
  return { rows, form };
}
