/**
 * Clinic time: the booking rules in time live in the contract (contracts/booking-rules.ts), which the web app runs
 * too; the service reads them from there.
 */
export {
  addDays,
  bookingWindow,
  clinicHoursProblem,
  clinicInstant,
  clinicToday,
  isCalendarDate,
  isClinicOpenAllDay,
  isClinicOpenOn,
  isInBookingWindow,
  isTimeSlot,
  openClinicDate,
  slotMinutes,
  slotStart,
  wallClockIn,
  type WallClock,
  weekdayOf,
  worksOn,
} from '../../contracts/booking-rules';
