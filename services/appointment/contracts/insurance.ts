/**
 * Insurance cover (issue 38): payers, patients' covers, doctors' accepted payers with their co-pay, the cover snapshot
 * a booking keeps and the desk's check of it. Each shape declared once as a zod schema (the calls: insurance-calls.ts;
 * the pure rules: insurance-rules.ts; why it all lives in the appointment service: docs/decisions/0106).
 *
 * Afya records cover and collects co-pays; it never submits claims. Self-pay stays the default: a booking without
 * `cover_id` is today's booking, and the snapshot is its own record beside the appointment (appointment_covers).
 */
import { decimalNumber, idParam, isoDate, nullToAbsent, singleLine, trimmedText, wholeNumber, z } from '@afya/service-shared/schema';
import { COPAY_KINDS } from './insurance-rules';

/** Bus subjects of the insurance calls (kept beside the calls, as attendance's are). */
export const InsurancePatterns = {
  payers: 'appointment.v1.insurance.payers.list',
  addPayer: 'appointment.v1.insurance.payers.add',
  retirePayer: 'appointment.v1.insurance.payers.retire',
  covers: 'appointment.v1.insurance.covers.list',
  addCover: 'appointment.v1.insurance.covers.add',
  updateCover: 'appointment.v1.insurance.covers.update',
  removeCover: 'appointment.v1.insurance.covers.remove',
  doctorPayers: 'appointment.v1.insurance.doctor-payers.get',
  setDoctorPayers: 'appointment.v1.insurance.doctor-payers.set',
  coverCheck: 'appointment.v1.insurance.cover-check',
} as const;

export const PAYER_KINDS = ['sha', 'private'] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];
export const COVER_RELATIONSHIPS = ['self', 'spouse', 'child', 'other'] as const;
export type CoverRelationship = (typeof COVER_RELATIONSHIPS)[number];
export const COVER_PRIORITIES = ['primary', 'top_up'] as const;
export const COVER_CHECK_RESULTS = ['verified', 'rejected', 'self_pay'] as const;
export type CoverCheckResult = (typeof COVER_CHECK_RESULTS)[number];
/** A booked cover's state at the desk: `pending` until the doctor or an admin marks it. */
export const COVER_CHECK_STATES = ['pending', ...COVER_CHECK_RESULTS] as const;
export type CoverCheckState = (typeof COVER_CHECK_STATES)[number];
export const PAYMENT_ROUTES = ['self_pay', 'insurance'] as const;
export type PaymentRoute = (typeof PAYMENT_ROUTES)[number];

/** Every message the insurance calls can send (English; Kiswahili in services/shared/src/i18n/server-messages-insurance.sw.ts). */
export const InsuranceMessages = {
  payerCode: 'The short code must be 2 to 12 letters or digits',
  payerName: 'The name must be 2 to 100 characters',
  payerKind: 'Kind must be one of: sha, private',
  payerExists: 'A payer with this code already exists',
  payerNotFound: 'Payer not found',
  payer: 'Choose a payer',
  payerAdded: 'Payer added',
  payerRetired: 'Payer retired',
  memberNumber: 'Enter the member number (2 to 40 characters)',
  scheme: 'The scheme or plan is at most 100 characters',
  relationship: 'Relationship must be one of: self, spouse, child, other',
  principalName: "Enter the principal member's name (2 to 100 characters)",
  principalNumber: "Enter the principal member's number (2 to 40 characters)",
  principalNeeded: "Enter the principal member's name and number when the cover is not your own",
  validUntil: 'Valid until must be a calendar date (YYYY-MM-DD)',
  priority: 'Priority must be one of: primary, top_up',
  coverNotFound: 'Cover not found',
  coverAdded: 'Cover saved',
  coverUpdated: 'Cover updated',
  coverRemoved: 'Cover removed',
  copayKind: 'Co-pay must be one of: none, fixed, percent',
  copayValue: 'The co-pay must be a number of 0 or more',
  payersList: 'Payers must be a list of at most 50',
  payerTwice: 'A payer is listed twice',
  payersSaved: 'Accepted payers saved',
  notYourProfile: "You can only change your own profile's payers",
  coverExpired: 'This cover has expired before the visit. Choose another cover or pay yourself.',
  noCover: 'This visit was booked without cover.',
  checkResult: 'Result must be one of: verified, rejected, self_pay',
  checkReason: 'Say why the cover was rejected (2 to 200 characters)',
  checkSaved: 'Cover check recorded',
  checkClosed: 'Only a Pending or Confirmed visit can have its cover checked.',
  staffOnly: 'Only the clinic staff can do that.',
  bookedCovered: 'Appointment booked successfully! Your cover pays the whole fee.',
} as const;

const memberNumber = trimmedText(2, 40, InsuranceMessages.memberNumber).pipe(singleLine(InsuranceMessages.memberNumber));
const principalName = trimmedText(2, 100, InsuranceMessages.principalName).pipe(singleLine(InsuranceMessages.principalName));
const principalNumber = trimmedText(2, 40, InsuranceMessages.principalNumber).pipe(singleLine(InsuranceMessages.principalNumber));
const payerId = wholeNumber(InsuranceMessages.payer, { min: 1 });

// ---- Requests ----

export const AddPayerBodySchema = z.object({
  code: trimmedText(2, 12, InsuranceMessages.payerCode).regex(/^[A-Za-z0-9]+$/, InsuranceMessages.payerCode).transform((code) => code.toUpperCase()).meta({ example: 'AAR' }),
  name: trimmedText(2, 100, InsuranceMessages.payerName).pipe(singleLine(InsuranceMessages.payerName)).meta({ example: 'AAR Insurance' }),
  kind: nullToAbsent(z.enum(PAYER_KINDS, { error: InsuranceMessages.payerKind })).meta({ description: 'Default: private' }),
});

/** A cover as the patient writes it. The principal's name and number are needed when the relationship is not self. */
export const CoverFieldsSchema = z.object({
  payer_id: payerId,
  member_number: memberNumber.meta({ example: 'CR0680969605010-6' }),
  scheme: nullToAbsent(z.string({ error: InsuranceMessages.scheme }).trim().max(100, InsuranceMessages.scheme).pipe(singleLine(InsuranceMessages.scheme))),
  relationship: nullToAbsent(z.enum(COVER_RELATIONSHIPS, { error: InsuranceMessages.relationship })).meta({ description: 'To the principal member; default self' }),
  principal_name: nullToAbsent(principalName),
  principal_member_number: nullToAbsent(principalNumber),
  valid_until: nullToAbsent(isoDate(InsuranceMessages.validUntil)),
  priority: nullToAbsent(z.enum(COVER_PRIORITIES, { error: InsuranceMessages.priority })).meta({ description: 'Default primary' }),
});
export const AddCoverBodySchema = CoverFieldsSchema.extend({
  member_id: nullToAbsent(idParam).meta({ description: "Family care: the member's cover (needs the `book` scope for them); left out: the caller's own" }),
});
/** Every field optional; null clears scheme, principal fields and valid_until. */
export const UpdateCoverBodySchema = z.object({
  payer_id: payerId.optional(),
  member_number: memberNumber.optional(),
  scheme: z.string({ error: InsuranceMessages.scheme }).trim().max(100, InsuranceMessages.scheme).pipe(singleLine(InsuranceMessages.scheme)).nullable().optional(),
  relationship: z.enum(COVER_RELATIONSHIPS, { error: InsuranceMessages.relationship }).optional(),
  principal_name: principalName.nullable().optional(),
  principal_member_number: principalNumber.nullable().optional(),
  valid_until: isoDate(InsuranceMessages.validUntil).nullable().optional(),
  priority: z.enum(COVER_PRIORITIES, { error: InsuranceMessages.priority }).optional(),
});
export const CoversQuerySchema = z.object({
  member_id: nullToAbsent(idParam).meta({ description: "Family care: a member's covers (needs the `book` scope for them)" }),
});

export const DoctorPayerInputSchema = z.object({
  payer_id: payerId,
  copay_kind: z.enum(COPAY_KINDS, { error: InsuranceMessages.copayKind }),
  copay_value: nullToAbsent(decimalNumber(InsuranceMessages.copayValue, { min: 0 })).meta({ description: 'Ksh (fixed) or 0-100 (percent); none: 0' }),
});
export const SetDoctorPayersBodySchema = z.object({
  payers: z.array(DoctorPayerInputSchema, { error: InsuranceMessages.payersList }).max(50, InsuranceMessages.payersList),
});

export const CoverCheckBodySchema = z.object({
  result: z.enum(COVER_CHECK_RESULTS, { error: InsuranceMessages.checkResult }),
  reason: nullToAbsent(trimmedText(2, 200, InsuranceMessages.checkReason).pipe(singleLine(InsuranceMessages.checkReason))),
});

/** Bus payloads (the gateway checked the body; the service checks again). */
const id = idParam;
export const AddPayerPayloadSchema = AddPayerBodySchema;
export const PayerIdPayloadSchema = z.object({ id });
export const AddCoverPayloadSchema = AddCoverBodySchema;
export const UpdateCoverPayloadSchema = UpdateCoverBodySchema.extend({ id });
export const CoverIdPayloadSchema = z.object({ id });
export const CoversPayloadSchema = CoversQuerySchema;
export const DoctorPayersPayloadSchema = z.object({ doctor_id: id });
export const SetDoctorPayersPayloadSchema = SetDoctorPayersBodySchema.extend({ doctor_id: id });
export const CoverCheckPayloadSchema = CoverCheckBodySchema.extend({ id });
/** GET /appointments/doctors?payer=<code>: only doctors who accept that payer. */
export const DoctorListQuerySchema = z.object({
  payer: nullToAbsent(z.string().trim().max(12).pipe(singleLine(InsuranceMessages.payerCode))).meta({ description: "A payer's code (SHA, AAR...): only doctors who accept it", example: 'SHA' }),
});

// ---- Replies ----

export const PayerSchema = z.object({
  payer_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(PAYER_KINDS),
});
export type Payer = z.infer<typeof PayerSchema>;
export const PayersReplySchema = z.object({ payers: z.array(PayerSchema) });
export const PayerReplySchema = z.object({ payer: PayerSchema, message: z.string() });
export const RetirePayerReplySchema = z.object({ payer_id: z.number().int(), message: z.string() });

export const CoverSchema = z.object({
  cover_id: z.number().int(),
  user_id: z.number().int().meta({ description: 'The patient whose cover it is' }),
  payer_id: z.number().int(),
  payer: PayerSchema,
  member_number: z.string(),
  scheme: z.string().nullable(),
  relationship: z.enum(COVER_RELATIONSHIPS),
  principal_name: z.string().nullable(),
  principal_member_number: z.string().nullable(),
  valid_until: z.string().nullable(),
  priority: z.enum(COVER_PRIORITIES),
  warnings: z.array(z.string()).meta({ description: 'Kept with the cover, never a refusal (an SHA number not shaped like a CR number)' }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Cover = z.infer<typeof CoverSchema>;
export const CoversReplySchema = z.object({ covers: z.array(CoverSchema) });
export const CoverReplySchema = z.object({ cover: CoverSchema, message: z.string() });
export const RemoveCoverReplySchema = z.object({ cover_id: z.number().int(), message: z.string() });

export const DoctorPayerSchema = PayerSchema.extend({
  copay_kind: z.enum(COPAY_KINDS),
  copay_value: z.number(),
});
export type DoctorPayer = z.infer<typeof DoctorPayerSchema>;
export const DoctorPayersReplySchema = z.object({ doctor_id: z.number().int(), payers: z.array(DoctorPayerSchema) });
export const SetDoctorPayersReplySchema = DoctorPayersReplySchema.extend({ message: z.string() });

/** The cover as it was at booking (a snapshot: editing or removing the cover later never changes it) and its check. */
export const AppointmentCoverSchema = z.object({
  cover_id: z.number().int().meta({ description: 'The cover it was taken from (it may have been changed or removed since)' }),
  payer_id: z.number().int(),
  payer_code: z.string(),
  payer_name: z.string(),
  payer_kind: z.enum(PAYER_KINDS),
  member_number: z.string(),
  scheme: z.string().nullable(),
  relationship: z.enum(COVER_RELATIONSHIPS),
  principal_name: z.string().nullable(),
  principal_member_number: z.string().nullable(),
  valid_until: z.string().nullable(),
  priority: z.enum(COVER_PRIORITIES),
  fee: z.number().meta({ description: 'The visit fee at booking (Ksh)' }),
  copay_kind: z.enum(COPAY_KINDS),
  copay_value: z.number(),
  copay_amount: z.number().meta({ description: 'What the patient pays at booking (Ksh, whole shillings)' }),
  cover_amount: z.number().meta({ description: 'What the payer is expected to pay (Ksh); Afya does not submit claims' }),
  paid_amount: z.number().meta({ description: 'What the patient has paid for this visit so far (Ksh)' }),
  check_status: z.enum(COVER_CHECK_STATES),
  check_reason: z.string().nullable(),
  checked_by: z.number().int().nullable(),
  checked_at: z.string().nullable(),
});
export type AppointmentCover = z.infer<typeof AppointmentCoverSchema>;

/** A cover in its patient's data export, with its payer's name (member numbers in full: it is their own data). */
export interface DataExportCover {
  cover_id: number;
  payer_name: string;
  member_number: string;
  scheme: string | null;
  relationship: string;
  principal_name: string | null;
  principal_member_number: string | null;
  valid_until: string | null;
  priority: string;
  created_at: string;
  updated_at: string;
}
