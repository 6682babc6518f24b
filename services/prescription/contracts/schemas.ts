/**
 * The prescription calls' request bodies and replies, each written once (zod): the gateway validates and documents
 * with them, the prescription service reads its bus payloads with them, the web apps take their types from them.
 * Who may write for which appointment (and whether the visit has started) stays in the service.
 */
import { wholeNumber, z } from '@afya/service-shared/schema';
import { MEDICINE_FIELD_MAX, MEDICINES_MAX, MEDICINES_MIN, NOTES_MAX, PrescriptionMessages } from './catalog';

const FILL = PrescriptionMessages.fillRequired;

/** A field of a medicine row as text: trimmed; a number is written out; anything else is blank. */
const asText = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const required = z.unknown().optional().transform(asText).pipe(z.string().min(1, FILL).max(MEDICINE_FIELD_MAX, FILL));
const optional = z.unknown().optional().transform(asText).pipe(z.string().max(MEDICINE_FIELD_MAX, FILL));

/** A medicine: name, dosage and instructions required, frequency optional ('' when not given). */
export const MedicineSchema = z.object({ name: required, dosage: required, frequency: optional, instructions: required });
/** A plain string row is tolerated as a name (and then lacks its dosage and instructions). */
const medicineRow = z.union([z.string().transform((name) => ({ name })), z.record(z.string(), z.unknown())], { error: FILL }).pipe(MedicineSchema);
const medicineList = z.array(medicineRow, { error: FILL }).min(MEDICINES_MIN, FILL).max(MEDICINES_MAX, FILL);
const medicineJson = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: FILL });
      return z.NEVER;
    }
  })
  .pipe(medicineList);

/** The medicines of POST/PATCH /prescriptions: a list, or a JSON string of a list (CONTRACT.md §7); 1-20 rows. */
export const MedicinesSchema = z
  .union([medicineList, medicineJson], { error: FILL })
  .meta({ description: 'A list of {name, dosage, frequency, instructions}, or a JSON string of one' });

/** Optional notes: trimmed, blank → null (absent stays absent: an edit leaves them as they are). */
const notes = z
  .string({ error: 'notes must be a string' })
  .max(NOTES_MAX, `notes must be shorter than or equal to ${NOTES_MAX} characters`)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value?.trim() || null))
  .optional();

// ---- Requests ----

/**
 * POST /prescriptions. doctor_id and patient_id, which the API's clients send, are accepted and dropped: the service
 * takes both from the appointment.
 */
export const CreatePrescriptionBodySchema = z.object({
  appointment_id: wholeNumber(FILL, { min: 1 }),
  medicines: MedicinesSchema,
  notes,
});

/** PATCH /prescriptions/{id}: what is present changes. */
export const UpdatePrescriptionBodySchema = z.object({ medicines: MedicinesSchema.optional(), notes });

/** DELETE /prescriptions/{id}: an optional reason for the audit trail. */
export const DeletePrescriptionBodySchema = z.object({
  reason: z.string({ error: 'reason must be a string' }).max(500, 'reason must be shorter than or equal to 500 characters').optional(),
});

const id = wholeNumber('Invalid id', { min: 1 });
export const UpdatePrescriptionPayloadSchema = UpdatePrescriptionBodySchema.extend({ id });

// ---- Medical history (GET /medical-history/access-log, PATCH and DELETE /medical-history/{recordId}) ----

/** class-validator's wording for a whole number from 1, kept for these calls' clients. */
const fromOne = (field: string) =>
  z
    .union([z.number(), z.string().regex(/^\s*\d+\s*$/).transform(Number)], { error: `${field} must be an integer number` })
    .pipe(z.number().int(`${field} must be an integer number`).min(1, `${field} must not be less than 1`))
    .optional();
/**
 * GET /medical-history/user/{userId}: a doctor may name their visit with the patient (the video visit's history panel):
 * the care relationship is then judged with that visit as the appointment service holds it now.
 */
export const PatientHistoryQuerySchema = z.object({
  appointment_id: fromOne('appointment_id').meta({ description: "doctors: their visit with this patient, judged as it is now (a video visit's history panel)" }),
});
/** GET /medical-history/access-log: a page; admins may name another patient. */
export const AccessLogQuerySchema = z.object({ page: fromOne('page'), limit: fromOne('limit'), user_id: fromOne('user_id').meta({ description: 'admins: another patient' }) });

/** DELETE /medical-history/{recordId}: the reason (the service requires one). */
export const RemoveRecordBodySchema = z.object({ reason: z.string({ error: 'reason must be a string' }).max(500, 'reason must be shorter than or equal to 500 characters').optional() });

// ---- Replies (their types are these schemas' output, index.ts) ----

const int = z.number().int();
/** In person or video (the appointment service's VISIT_MODES). */
const visitMode = z.enum(['in_person', 'video']);
/** A medicine as stored and answered. */
const medicine = z.object({ name: z.string(), dosage: z.string(), frequency: z.string(), instructions: z.string() });

export const PrescriptionViewSchema = z.object({
  prescription_id: int,
  prescription_number: z.string().meta({ description: "'RX-000042': the number printed on the PDF" }),
  appointment_id: int,
  doctor_id: int.meta({ description: "The doctor's profile id (appointment service's doctors.doctor_id)" }),
  doctor_user_id: int,
  patient_id: int.meta({ description: "The patient's user id" }),
  patient_name: z.string().nullable(),
  doctor_name: z.string().nullable(),
  specialization: z.string().nullable(),
  appointment_date: z.string().nullable(),
  time_slot: z.string().nullable(),
  appointment_type: z.string().nullable(),
  visit_mode: visitMode.nullable().meta({ description: 'In person or video (null when the appointment is not known here yet)' }),
  appointment_status: z.string().nullable(),
  medicines: z.array(medicine),
  notes: z.string().nullable(),
  issued_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const PrescriptionReplySchema = z.object({ prescription: PrescriptionViewSchema, message: z.string().optional() });
export const DeletePrescriptionReplySchema = z.object({ message: z.string(), prescription_id: int });
/** DELETE /medical-history/{recordId}: the record removed (soft, audited). */
export const RemoveRecordReplySchema = z.object({ message: z.string(), record_id: z.string() });

export const WritableAppointmentSchema = z.object({
  appointment_id: int,
  patient_id: int,
  patient_name: z.string().nullable(),
  patient_phone: z.string().nullable().meta({ description: "The patient's phone as on their profile: tells two patients with the same name apart" }),
  appointment_date: z.string(),
  time_slot: z.string(),
  appointment_type: z.string(),
  visit_mode: visitMode,
  appointment_status: z.string(),
});
/** GET /prescriptions/writable-appointments: Write Prescription's picker. */
export const WritableAppointmentsReplySchema = z.object({ appointments: z.array(WritableAppointmentSchema) });

/** A medical history record (CONTRACT.md §3): appt-<id> or presc-<id>. */
export const MedicalRecordSchema = z.object({
  id: z.string(),
  type: z.enum(['appointment', 'prescription']),
  condition: z.enum(['Appointment', 'Prescription']),
  patient_id: int,
  patient_name: z.string().nullable(),
  doctor_name: z.string().nullable(),
  specialization: z.string().nullable(),
  date: z.string().nullable(),
  diagnosis: z.string().nullable(),
  treatment: z.string().nullable(),
  notes: z.string().nullable(),
  medicines: z.array(medicine),
  appointment_id: int,
  prescription_id: int.nullable(),
  appointment_status: z.string().nullable(),
  can_edit: z.boolean().meta({ description: 'Whether the caller may edit this record (an appointment record of their own, as a doctor; any, as an admin)' }),
});
const records = z.array(MedicalRecordSchema);
/** GET /medical-history/user/{userId} */
export const MedicalHistoryReplySchema = z.object({ records });
/**
 * GET /medical-history/self: the aggregate shape. A patient's own records; a doctor's, the records of their own
 * appointments and the prescriptions they issued. `records` holds both kinds, newest first.
 */
export const MedicalHistorySelfReplySchema = z.object({ records, appointments: records, prescriptions: records });
/** GET /medical-history (admin aggregate) */
export const MedicalHistoryAggregateReplySchema = z.object({
  history: z.object({ appointments: records, prescriptions: records }),
  appointments: records,
  prescriptions: records,
  records,
});

/** joined_video / left_video: who joined and left a video visit, and when (never anything of the call). */
export const ACCESS_ACTIONS = ['viewed', 'created', 'updated', 'deleted', 'downloaded', 'joined_video', 'left_video'] as const;
export const AccessLogEntrySchema = z.object({
  id: int,
  actor_user_id: int,
  actor_name: z.string().nullable(),
  actor_role: z.string(),
  action: z.enum(ACCESS_ACTIONS),
  record: z.string().meta({ description: "What was touched: 'Prescription RX-000042', 'Appointment #17', 'Medical history'" }),
  outcome: z.string().meta({ description: "'success', or a refused attempt: 'denied', 'not_found'" }),
  via: z.string().nullable().meta({ description: "The service that made the access for the actor ('prescription', 'payment'), or null" }),
  at: z.string(),
});
/** GET /medical-history/access-log: one page of entries, newest first. */
export const AccessLogReplySchema = z.object({ entries: z.array(AccessLogEntrySchema), total: int, page: int, limit: int });
