import { calendarSweep, nairobi, sweepAddDays } from '@afya/service-shared/testing';
import { TIME_SLOTS } from '@afya/appointment-service/contracts';
import { reminderSchedule, visitStart } from './messages';

/**
 * The calendar sweep (issue 33) for reminders: at every weekday and edge of the clinic's day, across a month end, a
 * year end and 29 February, the reminders still ahead for each slot of the next three days are those 24 and 2 hours
 * before its start that are later than now, worked out here from the calendar alone (Nairobi is UTC+3 all year).
 */
const HOUR = 3_600_000;

describe('calendar sweep: reminder times', () => {
  it.each(calendarSweep().map((i) => [i.label, i] as const))('%s', (_label, { date, now }) => {
    for (let days = 0; days <= 2; days++) {
      const visitDate = sweepAddDays(date, days);
      for (const slot of TIME_SLOTS) {
        const hour = (Number(slot.slice(0, 2)) % 12) + (slot.endsWith('PM') ? 12 : 0);
        const start = nairobi(visitDate, `${String(hour).padStart(2, '0')}:${slot.slice(3, 5)}`).getTime();
        expect(visitStart(visitDate, slot).getTime()).toBe(start);
        const expected = [
          { kind: 'reminder-24h', at: start - 24 * HOUR },
          { kind: 'reminder-2h', at: start - 2 * HOUR },
        ].filter(({ at }) => at > now.getTime());
        expect(reminderSchedule(visitDate, slot, now).map(({ kind, at }) => ({ kind, at: at.getTime() }))).toEqual(expected);
      }
    }
  });
});
