/**
 * The appointment calls' request bodies, queries and replies, each written once (zod). The gateway validates with
 * them and documents them (/api/docs), the service reads its bus payloads with them, the web apps take their types
 * from them (`z.input` for what a client sends, `z.output` for what the service reads). The rules that need the
 * clock or the database (booking window, the doctor's days, a free slot) stay in the service.
 *
 * Field order is the form's order: a request with several faults is answered with the first field's message.
 */
import { decimalNumber, idParam, isoDate, nullToAbsent, oneOf, pageQuery, trimmedText, wholeNumber, z } from '@afya/service-shared/schema';
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES,
  AppointmentMessages,
  type AppointmentType,
  MAX_AMOUNT,
  MAX_REASON_LENGTH,
  MIN_AMOUNT,
  MIN_REASON_LENGTH,
  NEW_TIME_CAUSES,
  SPECIALIZATIONS,
  TIME_SLOTS,
  VISIT_MODES,
  WEEKDAYS,
} from './catalog';
import { isCalendarDate } from './booking-rules';
import { AppointmentCoverSchema, PAYMENT_ROUTES } from './insurance';

const TYPES = APPOINTMENT_TYPES as unknown as readonly [AppointmentType, ...AppointmentType[]];

/** 'cancelled' → 'Cancelled': some clients write statuses in lower case (CONTRACT.md §3). */
const statusName = (value: string) => APPOINTMENT_STATUSES.find((s) => s.toLowerCase() === value.trim().toLowerCase()) ?? value;
const status = z.string({ error: AppointmentMessages.status }).transform(statusName).pipe(oneOf(APPOINTMENT_STATUSES, AppointmentMessages.status));

const doctorId = wholeNumber(AppointmentMessages.doctor, { min: 1 });
/** YYYY-MM-DD and a day the calendar has (not 2026-02-30). */
const clinicDate = isoDate(AppointmentMessages.date).refine(isCalendarDate, AppointmentMessages.date);
/**
 * A slot's label ('09:00 AM'). The clinic's are TIME_SLOTS; a doctor with their own hours has their own (every 15, 20,
 * 45 or 60 minutes: '09:15 AM'), so the schema takes any well-formed label and the service checks it is one the
 * doctor's day offers (issue 37; a doctor without hours: TIME_SLOTS only, 'Please select a time' as before).
 */
const timeSlot = z
  .string({ error: AppointmentMessages.time })
  .regex(/^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/, AppointmentMessages.time)
  .meta({ description: `A slot the doctor's day offers (GET /appointments/availability); without their own hours one of ${TIME_SLOTS.join(', ')}`, example: '09:00 AM' });

// ---- Requests ----

/**
 * POST /appointments (CONTRACT.md §5 and §7), with the API's field names only (time_slot, appointment_type, notes).
 * The type is optional (the service takes the one whose default fee equals total_amount, else Regular Checkup);
 * total_amount only chooses the type and is never refused; user_id and appointment_status are accepted and
 * dropped: the patient is the caller, a booking starts Pending.
 */
export const BookBodySchema = z.object({
  doctor_id: doctorId,
  appointment_type: nullToAbsent(oneOf(TYPES, AppointmentMessages.type)).meta({
    description: 'Default: the type whose default fee equals total_amount, else Regular Checkup',
  }),
  appointment_date: clinicDate.meta({ description: 'Clinic date (Africa/Nairobi), tomorrow to 30 days ahead', example: '2026-11-25' }),
  time_slot: timeSlot,
  notes: trimmedText(MIN_REASON_LENGTH, MAX_REASON_LENGTH, AppointmentMessages.reason, AppointmentMessages.reasonTooLong).meta({
    description: `The reason for the visit, ${MIN_REASON_LENGTH} to ${MAX_REASON_LENGTH} characters`,
  }),
  visit_mode: nullToAbsent(oneOf(VISIT_MODES, AppointmentMessages.visitMode)).meta({ description: 'Video only with a doctor whose profile offers_video' }),
  total_amount: z.unknown().optional().meta({ description: 'The amount the client showed: chooses the type when none is named; never what is charged' }),
  user_id: z.unknown().optional().meta({ description: 'Accepted and ignored: the patient is the signed-in caller' }),
  appointment_status: z.unknown().optional().meta({ description: 'Accepted and ignored: a booking starts Pending' }),
  member_id: nullToAbsent(idParam).meta({
    description: "Family care: book for this family member (GET /family's member_id); needs the `book` scope for them (else 403). Left out: the caller is the patient",
  }),
  cover_id: nullToAbsent(idParam).meta({
    description: "Insurance (issue 38): book with this cover of the patient's, which the doctor must accept; what is due now is the co-pay. Left out: pay yourself",
  }),
});

/** GET /appointments/availability */
export const AvailabilityQuerySchema = z.object({ doctor_id: doctorId, date: clinicDate });

/** GET /appointments/admin/all: a page, and a status ('all' or empty: every status). */
export const ListAllQuerySchema = pageQuery.extend({
  status: z
    .string({ error: AppointmentMessages.status })
    .transform(statusName)
    .pipe(z.enum([...APPOINTMENT_STATUSES, 'all', ''], { error: AppointmentMessages.status }))
    .optional(),
});

const ADMIN_DATE = /^(all|today|upcoming|past|\d{4}-\d{2}-\d{2})$/;
/** GET /admin/appointments: search (patient, doctor, number or status), status, date, page. */
export const AdminAppointmentsQuerySchema = ListAllQuerySchema.extend({
  search: z.string({ error: 'search must be a string' }).max(100, 'Search is too long').optional().meta({ description: 'Patient name, doctor name, appointment number or status' }),
  date: z
    .string({ error: 'date must be today, upcoming, past or a date (YYYY-MM-DD)' })
    .regex(ADMIN_DATE, 'date must be today, upcoming, past or a date (YYYY-MM-DD)')
    .optional()
    .meta({ description: 'all, today, upcoming, past or YYYY-MM-DD' }),
  page: wholeNumber('page must be 1 or more', { min: 1 }).optional(),
});

/** PATCH /appointments/{id}/reschedule: where the visit moves (the same doctor). */
export const RescheduleBodySchema = z.object({ appointment_date: clinicDate, time_slot: timeSlot });

/** PATCH /appointments/{id}/status and /override */
export const StatusBodySchema = z.object({ status });

/** PATCH /appointments/{id}/amount (admin) */
export const AmountBodySchema = z.object({ total_amount: decimalNumber(AppointmentMessages.amount, { min: MIN_AMOUNT, max: MAX_AMOUNT }) });

/** PATCH /doctor/{id}/fee: the consultation fee in Ksh. */
export const FeeBodySchema = z.object({ fee: decimalNumber(AppointmentMessages.fee, { min: MIN_AMOUNT, max: MAX_AMOUNT }) });

/** PATCH /doctor/{id}/video: the doctor sees patients by video too. */
export const VideoOfferBodySchema = z.object({ offers_video: z.boolean({ error: AppointmentMessages.offersVideo }) });

const CLINICAL_TEXT_MAX = 5000;
const DURATION = 'Duration must be a whole number of minutes from 1 to 480';
const clinicalText = (tooLong: string, notText: string) => z.string({ error: notText }).max(CLINICAL_TEXT_MAX, tooLong).nullish();

const recordText = (field: string, max: number) =>
  z.string({ error: `${field} must be a string` }).max(max, `${field} must be shorter than or equal to ${max} characters`).nullish();
/** PATCH /medical-history/appt-{id}: an appointment record's clinical fields (null clears one). */
export const ClinicalEditBodySchema = z.object({ diagnosis: recordText('diagnosis', 2000), treatment: recordText('treatment', 2000), notes: recordText('notes', 2000) });

/** PATCH /appointments/{id}: clinical fields (the appointment's doctor or an admin); null clears a field. */
export const UpdateAppointmentBodySchema = z.object({
  diagnosis: clinicalText('Diagnosis is too long', 'Diagnosis must be text'),
  treatment: clinicalText('Treatment is too long', 'Treatment must be text'),
  medications: clinicalText('Medications are too long', 'Medications must be text'),
  notes: clinicalText('Notes are too long', 'Notes must be text'),
  duration: wholeNumber(DURATION, { min: 1, max: 480 }).optional().meta({ description: 'The consultation length in minutes (feeds the average consultation)' }),
});

/** POST /appointments/{id}/rating: 1-5 and an optional comment. */
export const RatingBodySchema = z.object({
  rating: wholeNumber(AppointmentMessages.rating, { min: 1, max: 5 }),
  comment: z.string({ error: 'The comment must be text' }).max(1000, 'The comment is too long (at most 1000 characters)').nullish(),
});

/** PATCH /admin/doctors/{id}/approve */
export const ApproveDoctorBodySchema = z.object({
  specialization: nullToAbsent(oneOf(SPECIALIZATIONS, AppointmentMessages.specialization)),
  available_days: nullToAbsent(
    z.array(oneOf(WEEKDAYS, `Available days must be weekday names (${WEEKDAYS.join(', ')})`), {
      error: 'Available days must be a list of weekday names',
    }),
  ).meta({ example: ['Monday', 'Wednesday'] }),
});

// ---- Bus payloads (the request, with what the path says) ----

const id = wholeNumber('Invalid id', { min: 1 });
export const BookPayloadSchema = BookBodySchema.omit({ user_id: true, appointment_status: true });
export const UpdateAppointmentPayloadSchema = z.object({ id, changes: UpdateAppointmentBodySchema });
export const SetStatusPayloadSchema = StatusBodySchema.extend({ id });
export const ReschedulePayloadSchema = RescheduleBodySchema.extend({ id });
export const SetAmountPayloadSchema = AmountBodySchema.extend({ id });
export const RatePayloadSchema = RatingBodySchema.extend({ id });
export const SetFeePayloadSchema = FeeBodySchema.extend({ doctor_id: doctorId });
export const SetVideoPayloadSchema = VideoOfferBodySchema.extend({ doctor_id: doctorId });
export const ApproveDoctorPayloadSchema = ApproveDoctorBodySchema.extend({ doctor_id: doctorId });

// ---- Replies ----

const person = z.object({ firstname: z.string().nullable(), lastname: z.string().nullable() });

export const DoctorSummarySchema = z.object({
  doctor_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  specialization: z.string().nullable(),
});

/**
 * A confirmed leave, clinic closure or change of the doctor's hours fell on this visit and it waits for a new time
 * (issue 37: a record beside the appointment; its appointment_status is unchanged). The leave's reason is never here.
 */
export const NeedsNewTimeFlagSchema = z
  .object({
    cause: z.enum(NEW_TIME_CAUSES).meta({ description: "leave: the doctor is away that day; closure: the clinic is closed; hours: the doctor no longer sees patients at that time" }),
    since: z.string().meta({ description: 'When the leave, closure or new hours were confirmed (ISO 8601)' }),
    closure_name: z.string().nullable().meta({ description: "The closure's name (e.g. Jamhuri Day) when cause is closure, else null" }),
  });

export const AppointmentViewSchema = z.object({
    appointment_id: z.number().int(),
    user_id: z.number().int(),
    doctor_id: z.number().int(),
    appointment_date: z.string().meta({ description: 'YYYY-MM-DD, clinic date' }),
    time_slot: z.string(),
    starts_at: z.string().meta({
      description: 'The instant the visit starts (ISO 8601, UTC): the video window and the other rules of time count from it',
    }),
    appointment_type: z.string(),
    type: z.string().meta({ description: 'Same as appointment_type (CONTRACT.md calls it type)' }),
    visit_mode: z.enum(VISIT_MODES).meta({ description: 'In person (the default) or a video call' }),
    total_amount: z.number(),
    appointment_status: z.enum(APPOINTMENT_STATUSES),
    paid: z.boolean(),
    notes: z.string().nullable(),
    duration: z.number().int(),
    patient_full_name: z.string().nullable(),
    diagnosis: z.string().nullable(),
    treatment: z.string().nullable(),
    medications: z.string().nullable(),
    rating: z.number().nullable(),
    rating_comment: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    doctor: DoctorSummarySchema,
    user: person,
    needs_new_time: NeedsNewTimeFlagSchema.nullable().meta({
      description: 'null, unless the visit (Pending or Confirmed) waits for a new time: its patient picks one with Reschedule, or cancels',
    }),
    booked_by: z
      .object({ user_id: z.number().int(), name: z.string().nullable(), relationship: z.string().nullable() })
      .nullable()
      .optional()
      .meta({ description: 'Family care: the carer who booked for the patient (null or absent: the patient booked)' }),
    payment_route: z.enum(PAYMENT_ROUTES).optional().meta({ description: 'Issue 38: self_pay (the default) or insurance (booked with a cover)' }),
    amount_due_now: z.number().optional().meta({ description: 'Issue 38: what a payment is for now (Ksh): the co-pay with cover, the rest once the cover is rejected; 0 when paid or closed' }),
    cover: AppointmentCoverSchema.nullable().optional().meta({ description: 'Issue 38: the cover as it was at booking, and its check at the desk (null: self-pay)' }),
});

export const AppointmentReplySchema = z.object({ appointment: AppointmentViewSchema });
/** A change's reply: the appointment as it now is, and the message to show ('Status updated!'). */
export const AppointmentChangeReplySchema = AppointmentReplySchema.extend({ message: z.string() });
/** POST /appointments' reply: the appointment, its id once more at the top level, and the message to show. */
export const BookReplySchema = AppointmentChangeReplySchema.extend({ appointment_id: z.number().int() });
/** DELETE /appointments/{id} */
export const DeleteAppointmentReplySchema = z.object({ message: z.string(), appointment_id: z.number().int() });

export const AvailabilityReplySchema = z.object({
  doctor_id: z.number().int(),
  date: z.string(),
  bookable_date: z.boolean().meta({ description: "false for every slot when the date is outside the booking window or the doctor does not work that day" }),
  slots: z.array(z.object({ time_slot: z.string(), available: z.boolean() })),
  unavailable: z.string().optional().meta({ description: 'Only when the clinic is closed that date or the doctor is on leave: why (slots is then empty)' }),
});

export const RatingViewSchema = z.object({
  rating_id: z.number().int(),
  appointment_id: z.number().int(),
  doctor_id: z.number().int(),
  user_id: z.number().int(),
  rating: z.number(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export const RatingReplySchema = z.object({ rating: RatingViewSchema, message: z.string() });

export const StatusCountsSchema = z.object({
  total: z.number().int(),
  Pending: z.number().int(),
  Confirmed: z.number().int(),
  Completed: z.number().int(),
  Cancelled: z.number().int(),
});
export const StatsReplySchema = z.object({
  data: z.array(AppointmentViewSchema),
  stats: StatusCountsSchema.extend({ upcoming: z.number().int(), today: z.number().int() }),
});
