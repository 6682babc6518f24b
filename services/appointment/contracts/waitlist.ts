/**
 * The waitlist's request and reply shapes, each declared once as a zod schema (the gateway validates bodies with
 * them through nestjs-zod, the service reads the same types, the web app `import type`s them).
 *
 * A patient joins a doctor's waitlist for a date range; when a slot of that doctor in the range frees, the first
 * waiting patient is offered it and the slot is held for them for WAITLIST_HOLD_MINUTES; they claim it on a
 * confirmation page after signing in (opening the link claims nothing); unclaimed, it passes to the next patient.
 */
import type { PayloadOf } from '@afya/service-shared/calls';
import { z } from '@afya/service-shared/schema';
import type { WaitlistCalls } from './waitlist-calls';
import { APPOINTMENT_TYPES, AppointmentMessages, MAX_REASON_LENGTH, MIN_REASON_LENGTH, WaitlistMessages } from './catalog';

const calendarDate = (message: string) => z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message);

/** POST /waitlist: the doctor, the range of dates the patient could come, and what the visit is for (used when they claim). */
export const JoinWaitlistSchema = z
  .object({
    doctor_id: z.number({ error: AppointmentMessages.doctor }).int(AppointmentMessages.doctor).positive(AppointmentMessages.doctor),
    date_from: calendarDate(WaitlistMessages.range),
    date_to: calendarDate(WaitlistMessages.range),
    appointment_type: z.enum(APPOINTMENT_TYPES as [string, ...string[]], { error: AppointmentMessages.type }),
    notes: z
      .string({ error: AppointmentMessages.reason })
      .trim()
      .min(MIN_REASON_LENGTH, AppointmentMessages.reason)
      .max(MAX_REASON_LENGTH, AppointmentMessages.reasonTooLong),
  })
  .refine((v) => v.date_to >= v.date_from, { message: WaitlistMessages.rangeOrder, path: ['date_to'] });
export type JoinWaitlistPayload = z.infer<typeof JoinWaitlistSchema>;

export const WAITLIST_ENTRY_STATUSES = ['waiting', 'offered', 'booked', 'left'] as const;
export const WAITLIST_OFFER_STATUSES = ['held', 'claimed', 'expired', 'declined', 'withdrawn'] as const;

const DoctorSummarySchema = z.object({
  doctor_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  specialization: z.string().nullable(),
});

/** A slot offered to a patient and held for them until expires_at. */
export const WaitlistOfferSchema = z.object({
  offer_id: z.number(),
  entry_id: z.number(),
  doctor: DoctorSummarySchema,
  appointment_date: z.string(),
  time_slot: z.string(),
  appointment_type: z.string(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  offered_at: z.string(),
  expires_at: z.string(),
  /** Set once claimed: the appointment it became. */
  appointment_id: z.number().nullable(),
});
export type WaitlistOfferView = z.infer<typeof WaitlistOfferSchema>;

/** One of the patient's waitlist entries (GET /waitlist answers the bare array, newest first). */
export const WaitlistEntrySchema = z.object({
  entry_id: z.number(),
  doctor: DoctorSummarySchema,
  date_from: z.string(),
  date_to: z.string(),
  appointment_type: z.string(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  /** The range's last day has passed: nothing more will be offered. */
  ended: z.boolean(),
  /** 1 = next in line for this doctor (entries still waiting only; null otherwise). */
  position: z.number().nullable(),
  joined_at: z.string(),
  /** The offer held for this entry now, if any. */
  offer: WaitlistOfferSchema.nullable(),
});
export type WaitlistEntryView = z.infer<typeof WaitlistEntrySchema>;
export type WaitlistEntryList = WaitlistEntryView[];

export const JoinWaitlistReplySchema = z.object({ entry: WaitlistEntrySchema, message: z.string() });
export type JoinWaitlistReply = z.infer<typeof JoinWaitlistReplySchema>;

export const WaitlistMessageReplySchema = z.object({ message: z.string() });
export type WaitlistMessageReply = z.infer<typeof WaitlistMessageReplySchema>;

/** DELETE /waitlist/:id */
export const LeaveWaitlistReplySchema = WaitlistMessageReplySchema.extend({ entry_id: z.number() });
export type LeaveWaitlistReply = z.infer<typeof LeaveWaitlistReplySchema>;

/** GET /admin/waitlist: per doctor, how many patients wait (entries still open) and how many slots are held now. */
export const WaitlistLengthSchema = z.object({
  doctor_id: z.number(),
  doctor_name: z.string(),
  specialization: z.string().nullable(),
  waiting: z.number(),
  held_offers: z.number(),
});
export type WaitlistLength = z.infer<typeof WaitlistLengthSchema>;

/**
 * Bus payloads (the gateway has checked the body; the service checks again, the bus is not a trust boundary): an
 * entry's or an offer's id (leave, offer, claim, decline).
 */
export type WaitlistIdPayload = PayloadOf<typeof WaitlistCalls.waitlistLeave>;

/** appointment.waitlist.offered.v1: support sends the offer by SMS and email. */
export interface WaitlistOfferedEventData {
  offer_id: number;
  user_id: number;
  doctor_id: number;
  doctor_name: string;
  patient_name: string | null;
  appointment_date: string;
  time_slot: string;
  expires_at: string;
}
