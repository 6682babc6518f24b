/**
 * The booking rules' constants (SPEC.md sections 1 and 9). Pure data with no imports, so the web app uses the
 * very same lists as the service (shell/libs/ui-kit, the public pages) instead of a copy.
 */
export const SPECIALIZATIONS = [
  'Cardiology',
  'Dermatology',
  'Endocrinology',
  'Gastroenterology',
  'Neurology',
  'Oncology',
  'Orthopedics',
  'Pediatrics',
  'Psychiatry',
  'Radiology',
  'Surgery',
  'Urology',
] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];

/** 09:00 AM..11:30 AM and 02:00 PM..05:30 PM every 30 minutes, clinic time (Africa/Nairobi). */
export const TIME_SLOTS = [
  '09:00 AM',
  '09:30 AM',
  '10:00 AM',
  '10:30 AM',
  '11:00 AM',
  '11:30 AM',
  '02:00 PM',
  '02:30 PM',
  '03:00 PM',
  '03:30 PM',
  '04:00 PM',
  '04:30 PM',
  '05:00 PM',
  '05:30 PM',
] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

/** Appointment types and their default fees in Ksh; an unknown type costs UNKNOWN_TYPE_FEE. */
export const TYPE_FEES = {
  'Regular Checkup': 150,
  'Follow-up': 100,
  Consultation: 200,
  Emergency: 300,
  Vaccination: 80,
  'Lab Work': 120,
} as const;
export type AppointmentType = keyof typeof TYPE_FEES;
export const APPOINTMENT_TYPES = Object.keys(TYPE_FEES) as AppointmentType[];
export const UNKNOWN_TYPE_FEE = 150;

export const APPOINTMENT_STATUSES = ['Pending', 'Confirmed', 'Completed', 'Cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const CLINIC_TIME_ZONE = 'Africa/Nairobi';
/** Bookable from tomorrow up to this many days ahead (clinic dates). */
export const BOOKING_WINDOW_DAYS = 30;
/** A patient may cancel up to this many hours before the start. */
export const CANCELLATION_NOTICE_HOURS = 24;
export const DEFAULT_DURATION_MINUTES = 25;
export const MIN_REASON_LENGTH = 10;

