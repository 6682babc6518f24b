/**
 * Clinic time: the booking rules in time live in the contract (contracts/booking-rules.ts), which the web app runs
 * too; the service reads them from there.
 */
export {
  addDays,
  bookingWindow,
  clinicInstant,
  clinicToday,
  isCalendarDate,
  isInBookingWindow,
  isTimeSlot,
  slotMinutes,
  slotStart,
  wallClockIn,
  type WallClock,
  weekdayOf,
  worksOn,
} from '../../contracts/booking-rules';
