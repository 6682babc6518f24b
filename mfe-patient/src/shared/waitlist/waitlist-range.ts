import { addDays, bookingWindow } from '@afya/appointment-service/contracts/booking-rules';

/** How many days a waitlist range covers by default from the wanted day (clipped to the booking window). */
export const DEFAULT_RANGE_DAYS = 6;

/** The range offered when joining from a day with no free slot: that day to a week on, within the booking window. */
export function defaultRange(date: string, now: Date = new Date()): { date_from: string; date_to: string } {
  const { last } = bookingWindow(now);
  const to = addDays(date, DEFAULT_RANGE_DAYS);
  return { date_from: date, date_to: to > last ? last : to };
}
