/**
 * The booking rules' constants and messages (CONTRACT.md §1, §5 and §9, CONTRACT.md §10.3): the one place
 * they are written. The appointment service's rules, the gateway's DTOs and the web app (shell/libs/ui-kit,
 * the booking screen) all read them from here.
 *
 * Pure data (and the video-joining rule, a pure function): no imports and nothing computed when the module
 * loads, so a browser bundle can import it as it is. Lists are written out even where they could be derived; src/contracts.spec.ts checks they agree.
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

/** 09:00 AM..11:30 AM and 02:00 PM..05:30 PM every SLOT_MINUTES, clinic time (CLINIC_TIME_ZONE). */
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
/** Length of one slot of TIME_SLOTS. */
export const SLOT_MINUTES = 30;

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
/** The keys of TYPE_FEES in the form's order. */
export const APPOINTMENT_TYPES: readonly AppointmentType[] = ['Regular Checkup', 'Follow-up', 'Consultation', 'Emergency', 'Vaccination', 'Lab Work'];
export const UNKNOWN_TYPE_FEE = 150;
/** The type of a booking that names none and whose amount matches no type's default fee. */
export const DEFAULT_APPOINTMENT_TYPE: AppointmentType = 'Regular Checkup';

/**
 * How the visit happens: at the clinic, or a video call in the browser (only with a doctor who offers video).
 * A booking that names none is in person. The fee does not depend on it.
 */
export const VISIT_MODES = ['in_person', 'video'] as const;
export type VisitMode = (typeof VISIT_MODES)[number];
export const DEFAULT_VISIT_MODE: VisitMode = 'in_person';
/** How people read a visit mode (cards, lists, PDFs, CSVs). */
export const VISIT_MODE_LABELS: Record<VisitMode, string> = { in_person: 'In person', video: 'Video' };

/**
 * Joining a video visit: from this many minutes before the slot starts (clinic time)...
 */
export const VIDEO_JOIN_OPENS_MINUTES_BEFORE = 10;
/** ...until this many minutes after it started. */
export const VIDEO_JOIN_CLOSES_MINUTES_AFTER = 30;

/** A patient may check themself in from this many minutes before the start (issue 40; the desk at any time of the day). */
export const SELF_CHECK_IN_MINUTES_BEFORE = 30;

/** Why a video visit cannot be joined now (apart from who asks: only its patient and its doctor ever may). */
export type VideoJoinRefusal = 'not_video' | 'cancelled' | 'completed' | 'unpaid' | 'too_early' | 'closed';

/** The instants (ms since the epoch) between which a visit starting at `startsAt` can be joined. */
export function videoJoinWindow(startsAt: number): { opensAt: number; closesAt: number } {
  return { opensAt: startsAt - VIDEO_JOIN_OPENS_MINUTES_BEFORE * 60_000, closesAt: startsAt + VIDEO_JOIN_CLOSES_MINUTES_AFTER * 60_000 };
}

// The joining rule itself (videoJoinRefusal) is in booking-rules.ts: it reads the visit's start (visitStartsAt).

export const APPOINTMENT_STATUSES = ['Pending', 'Confirmed', 'Completed', 'Cancelled'] as const;

/**
 * Why a booked visit needs a new time (issue 37; a record beside the visit, never an appointment_status): the doctor's
 * leave, a clinic closure, or the doctor's new weekly hours no longer holding its slot.
 */
export const NEW_TIME_CAUSES = ['leave', 'closure', 'hours'] as const;
export type NewTimeCause = (typeof NEW_TIME_CAUSES)[number];
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Weekday names as doctors' available_days hold them; index = JavaScript's getUTCDay(). */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/**
 * The days a doctor sees patients when their profile lists none (available_days empty): every day.
 * A doctor's own available_days, when set, are the only bookable weekdays.
 */
export const DEFAULT_WORKING_WEEKDAYS: readonly Weekday[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The clinic's opening hours by weekday ('HH:MM', 24-hour clinic time); null = closed. The one source of both the
 * booking screen's Office Hours panel and the slots offered for a date: a slot is offered only if it starts and
 * ends within that day's hours (Saturday 9:00-14:00 keeps the morning slots; Sunday has none).
 */
export const CLINIC_HOURS: Readonly<Record<Weekday, { opens: string; closes: string } | null>> = {
  Monday: { opens: '08:00', closes: '18:00' },
  Tuesday: { opens: '08:00', closes: '18:00' },
  Wednesday: { opens: '08:00', closes: '18:00' },
  Thursday: { opens: '08:00', closes: '18:00' },
  Friday: { opens: '08:00', closes: '18:00' },
  Saturday: { opens: '09:00', closes: '14:00' },
  Sunday: null,
};

/** The slots of TIME_SLOTS within the clinic's hours on a weekday (CLINIC_HOURS), in clock order. */
export function slotsWithinClinicHours(weekday: Weekday): TimeSlot[] {
  const hours = CLINIC_HOURS[weekday];
  if (!hours) return [];
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const slotStart = (slot: string) => (Number(slot.slice(0, 2)) % 12) * 60 + Number(slot.slice(3, 5)) + (slot.endsWith('PM') ? 720 : 0);
  return TIME_SLOTS.filter((slot) => slotStart(slot) >= minutes(hours.opens) && slotStart(slot) + SLOT_MINUTES <= minutes(hours.closes));
}

/** Slots and dates are wall-clock time in this zone, whatever the server's or the browser's zone is. */
export const CLINIC_TIME_ZONE = 'Africa/Nairobi';

/** The first bookable clinic date is this many days after today (tomorrow)... */
export const BOOKING_FIRST_DAY_OFFSET = 1;
/** ...and the last one this many days after today, inclusive. */
export const BOOKING_WINDOW_DAYS = 30;
/** A patient may cancel up to this many hours before the start. */
export const CANCELLATION_NOTICE_HOURS = 24;
/** The consultation length a booking starts with (minutes). */
export const DEFAULT_DURATION_MINUTES = 25;
/** The reason for the visit (the API's `notes`): at least this many characters after trimming... */
export const MIN_REASON_LENGTH = 10;
/** ...and at most this many. */
export const MAX_REASON_LENGTH = 2000;
/** A fee or an appointment amount in Ksh: from MIN_AMOUNT (0 is allowed: free consultations) to MAX_AMOUNT. */
export const MIN_AMOUNT = 0;
export const MAX_AMOUNT = 10_000_000;
/**
 * Most appointments one list reply holds: a patient's or doctor's history, or one admin page (limit/offset).
 * A page stays well under NATS's 1 MB message limit (~0.7 KB a row with typical notes).
 */
export const LIST_PAGE_MAX = 500;

/**
 * Messages a person reads: CONTRACT.md §5 for the booking form (word for word), CONTRACT.md §10.3 for the
 * race, and the service's refusals. The web app shows the same texts for the same checks.
 */
export const AppointmentMessages = {
  doctor: 'Please select a doctor',
  type: 'Please select appointment type',
  date: 'Please select a date',
  time: 'Please select a time',
  reason: 'Please provide a reason (at least 10 characters)',
  reasonTooLong: 'The reason is too long (at most 2000 characters)',
  dateWindow: 'Please choose a date from tomorrow up to 30 days ahead',
  slotTaken: 'That time slot is no longer available. Please choose another.',
  /** Family care (issue 36): a member already has a visit that starts then. */
  memberBusy: 'This person already has an appointment at that time. Please choose another.',
  doctorNotFound: 'Doctor not found',
  doctorNotApproved: 'This doctor is not accepting appointments yet. Please choose another doctor.',
  appointmentNotFound: 'Appointment not found',
  status: 'Status must be one of Pending, Confirmed, Completed, Cancelled',
  patientOnlyCancels: 'You can only cancel your appointment',
  cancelOnlyOpen: 'Only pending or confirmed appointments can be cancelled',
  cancelTooLate: 'Appointments can only be cancelled at least 24 hours before they start',
  rescheduleOnlyOwn: 'Only the patient can reschedule their appointment',
  rescheduleOnlyOpen: 'Only pending or confirmed appointments can be rescheduled',
  rescheduleTooLate: 'Appointments can only be rescheduled at least 24 hours before they start',
  rescheduleSameSlot: 'Please choose a different date or time',
  completeTooEarly: 'You can complete an appointment only once its time has started.',
  patientNoClinicalEdit: 'Only the doctor or an admin can change clinical notes',
  amount: 'Amount must be a number of at least 0',
  fee: 'Fee must be a number of at least 0',
  rating: 'Rating must be a whole number from 1 to 5',
  rateOnlyCompleted: 'You can rate an appointment once it is completed',
  alreadyRated: 'You have already rated this appointment',
  visitMode: 'Visit mode must be in_person or video',
  noVideo: 'This doctor does not offer video visits. Please choose In person.',
  offersVideo: 'offers_video must be true or false',
  videoParticipantsOnly: 'Only the patient and the doctor of this visit can join it',
  videoNotVideo: 'This appointment is not a video visit',
  videoCancelled: 'This appointment was cancelled',
  videoCompleted: 'This visit is already completed',
  videoUnpaid: 'The video visit opens once the appointment is paid or confirmed',
  videoTooEarly: 'The video visit opens 10 minutes before the appointment',
  videoClosed: 'The video visit closed 30 minutes after the appointment started',
  specialization:
    'Specialization must be one of Cardiology, Dermatology, Endocrinology, Gastroenterology, Neurology, Oncology, Orthopedics, Pediatrics, Psychiatry, Radiology, Surgery, Urology',
} as const;

// ---- Waitlist (contracts/waitlist.ts holds its shapes) ----

/** How long a freed slot is held for the patient it is offered to. */
export const WAITLIST_HOLD_MINUTES = 15;

export const WaitlistMessages = {
  range: 'Please choose the dates you could come: from a first to a last date',
  rangeOrder: 'The last date must be on or after the first date',
  alreadyWaiting: 'You are already on this doctor’s waitlist. Leave it first to choose other dates.',
  entryNotFound: 'Waitlist entry not found',
  offerNotFound: 'Offer not found',
  offerClaimed: 'You have already booked this slot.',
  offerExpired: `This offer has expired: the slot was held for ${WAITLIST_HOLD_MINUTES} minutes and has passed to the next patient on the waitlist.`,
  offerGone: 'This offer is no longer open.',
  slotHeld: 'That time slot is held for a patient on the waitlist. Please choose another.',
  joined: 'You are on the waitlist. We will send you an SMS and an email when a slot frees.',
  left: 'You have left the waitlist.',
  claimed: 'Appointment booked! Please proceed with payment.',
  declined: 'Thank you. The slot goes to the next patient on the waitlist.',
} as const;

