/**
 * The prescription service's contract: NATS patterns, payloads, replies and events. Other packages import only this
 * folder from services/prescription. The request shapes are zod schemas (schemas.ts): a web app imports only types
 * from here (and catalog.ts at runtime). Patterns are plain names, callers put the bus namespace in front with
 * `subject()`.
 */
import type { AccountExportReply } from '@afya/auth-service/contracts';
import type { DataExportAppointmentsReply } from '@afya/appointment-service/contracts';
import type { DataExportPaymentsReply } from '@afya/payment-service/contracts';
import type { DataExportTicketsReply } from '@afya/support-service/contracts';

import type { PayloadOf } from '@afya/service-shared/calls';
import type { z } from 'zod';
import type { PrescriptionCalls } from './calls';
import type { VitalReading } from './vitals-schemas';
import type {
  ACCESS_ACTIONS,
  AccessLogEntrySchema,
  AccessLogReplySchema,
  CreatePrescriptionBodySchema,
  DeletePrescriptionReplySchema,
  MedicalHistoryAggregateReplySchema,
  MedicalHistoryReplySchema,
  MedicalHistorySelfReplySchema,
  MedicalRecordSchema,
  MedicineSchema,
  PrescriptionReplySchema,
  PrescriptionViewSchema,
  RemoveRecordReplySchema,
  UpdatePrescriptionBodySchema,
  UpdatePrescriptionPayloadSchema,
  WritableAppointmentSchema,
  WritableAppointmentsReplySchema,
} from './schemas';

export * from './catalog';
export * from './schemas';
export * from './patterns';
export * from './calls';
export * from './vitals-rules';
export * from './vitals-schemas';
export * from './vitals-calls';


/** Domain events (JetStream, through the outbox). */
export const PrescriptionEvents = {
  created: 'prescription.created.v1',
  updated: 'prescription.updated.v1',
  deleted: 'prescription.deleted.v1',
  /** A critical reading alerted a doctor caring for the patient (VitalAlertCreatedEventData; issue 39, decision 0107). */
  vitalAlertCreated: 'prescription.vital-alert.created.v1',
} as const;

/**
 * prescription.vital-alert.created: one per alert, in the reading's transaction. Ids only, never the reading's values
 * or the patient's name: the support service sends the doctor an SMS and an email that say only where to look.
 */
export interface VitalAlertCreatedEventData {
  alert_id: number;
  reading_id: number;
  patient_id: number;
  doctor_user_id: number;
  level: 'critical';
}

// ---- Shapes (CONTRACT.md §3) ----

/** The prescription service's part of a patient's data export. */
export interface DataExportRecordsReply {
  prescriptions: PrescriptionView[];
  medical_history: MedicalRecord[];
  access_log: AccessLogEntry[];
  /** Records an admin removed from the medical history (kept, hidden): which, why and when. */
  removed_medical_records: { record_id: string; reason: string; removed_at: string }[];
  /** Issue 39: every reading of theirs, those entered in error included (with that status). */
  vital_readings: VitalReading[];
  /** Issue 39: the alerts their critical readings raised: which doctor, when, acknowledged when and with what note. */
  vital_alerts: DataExportVitalAlert[];
}
/** An alert in the patient's data export: the doctor it went to, and what became of it. */
export interface DataExportVitalAlert {
  alert_id: number;
  reading_id: number;
  doctor_user_id: number;
  doctor_name: string | null;
  level: string;
  created_at: string;
  acknowledged_at: string | null;
  note: string | null;
}
/**
 * A patient's data export (data rights): the gateway asks each service for the caller's part over the bus and
 * assembles this archive (the JSON download); the prescription service renders it as the readable PDF.
 */
export interface DataExportArchive {
  format: 'afya-data-export';
  version: 1;
  generated_at: string;
  account: AccountExportReply['account'];
  erasure_requests: AccountExportReply['erasure_requests'];
  appointments: DataExportAppointmentsReply['appointments'];
  payments: DataExportPaymentsReply['payments'];
  prescriptions: DataExportRecordsReply['prescriptions'];
  medical_history: DataExportRecordsReply['medical_history'];
  tickets: DataExportTicketsReply['tickets'];
  access_log: DataExportRecordsReply['access_log'];
  // Added by issue 44 (everything held about the person); an archive made before has none of these.
  password_resets?: AccountExportReply['password_resets'];
  signed_out_sessions?: AccountExportReply['signed_out_sessions'];
  doctor_profile?: DataExportAppointmentsReply['doctor_profile'];
  waitlist_entries?: DataExportAppointmentsReply['waitlist_entries'];
  waitlist_offers?: DataExportAppointmentsReply['waitlist_offers'];
  lab_results?: DataExportAppointmentsReply['lab_results'];
  removed_medical_records?: DataExportRecordsReply['removed_medical_records'];
  message_preferences?: DataExportTicketsReply['message_preferences'];
  messages?: DataExportTicketsReply['messages'];
  // Added by issue 39 (health monitoring).
  vital_readings?: DataExportRecordsReply['vital_readings'];
  vital_alerts?: DataExportRecordsReply['vital_alerts'];
  // Added by issue 36 (family care): the person's family links and consents.
  family?: AccountExportReply['family'];
  // Added by issue 40 (arrival, queue and attendance).
  attendance?: DataExportAppointmentsReply['attendance'];
  // Added by issue 38 (insurance cover).
  insurance_covers?: DataExportAppointmentsReply['insurance_covers'];
}

/** dataExportPdf: the archive in (JSON bytes as a BinaryRef), the PDF out. */
export interface DataExportPdfPayload {
  archive: { inline: string } | { blob: string };
}
export interface DataExportPdfReply {
  filename: string;
  file: { inline: string } | { blob: string };
}

export type Medicine = z.output<typeof MedicineSchema>;

export type PrescriptionView = z.output<typeof PrescriptionViewSchema>;

// ---- Payloads and replies ----

/** POST /prescriptions. patient_id, doctor_id and doctor_name come from the appointment, never from here. */
export type CreatePrescriptionPayload = z.output<typeof CreatePrescriptionBodySchema>;
export type CreatePrescriptionBody = z.input<typeof CreatePrescriptionBodySchema>;
export type UpdatePrescriptionPayload = z.output<typeof UpdatePrescriptionPayloadSchema>;
export type UpdatePrescriptionBody = z.input<typeof UpdatePrescriptionBodySchema>;
export type DeletePrescriptionPayload = PayloadOf<typeof PrescriptionCalls.remove>;
export type PrescriptionReply = z.output<typeof PrescriptionReplySchema>;
export type DeletePrescriptionReply = z.output<typeof DeletePrescriptionReplySchema>;
export type RemoveRecordReply = z.output<typeof RemoveRecordReplySchema>;
/** prescription.pdf's payload: the prescription (the gateway's file route sends it; not a declared call). */
export interface PrescriptionPdfPayload {
  id: number;
}
/** prescription.pdf: the file's bytes (BinaryRef) and its name. */
export interface PrescriptionPdfReply {
  filename: string;
  file: { inline: string } | { blob: string };
}

export type WritableAppointment = z.output<typeof WritableAppointmentSchema>;
export type WritableAppointmentsReply = z.output<typeof WritableAppointmentsReplySchema>;

/** A medical history record (CONTRACT.md §3): appt-<id> or presc-<id>. */
export type MedicalRecord = z.output<typeof MedicalRecordSchema>;
/** /medical-history/user/{userId} */
export type MedicalHistoryReply = z.output<typeof MedicalHistoryReplySchema>;
/**
 * /medical-history/self: the aggregate shape. A patient's own records; a doctor's, the records of their own
 * appointments and the prescriptions they issued. `records` holds both kinds, newest first.
 */
export type MedicalHistorySelfReply = z.output<typeof MedicalHistorySelfReplySchema>;
/** GET /medical-history (admin aggregate) */
export type MedicalHistoryAggregateReply = z.output<typeof MedicalHistoryAggregateReplySchema>;
export interface HistoryRemovePayload {
  record_id: string;
  reason: string;
}

/** joined_video / left_video: who joined and left a video visit, and when (never anything of the call). */
export type AccessAction = (typeof ACCESS_ACTIONS)[number];
export type AccessLogEntry = z.output<typeof AccessLogEntrySchema>;
/** GET /medical-history/access-log as the service reads it: the patient (only admins may name another one) and a page. */
export type AccessLogPayload = PayloadOf<typeof PrescriptionCalls.accessLog>;
export type AccessLogReply = z.output<typeof AccessLogReplySchema>;

// ---- Events ----

/** prescription.created / .updated / .deleted (the reporting service's prescriptions report reads these). */
export interface PrescriptionEventData {
  prescription_id: number;
  appointment_id: number;
  patient_id: number;
  patient_name: string | null;
  doctor_id: number;
  doctor_name: string | null;
  medicines: Medicine[];
  notes?: string | null;
  created_at: string;
  updated_at: string;
  deleted_at?: string | null;
}
