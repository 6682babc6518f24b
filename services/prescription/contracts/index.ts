/**
 * The prescription service's contract: NATS patterns, payloads, replies and events. Other packages import only this
 * folder from services/prescription. The request shapes are zod schemas (schemas.ts): a web app imports only types
 * from here (and catalog.ts at runtime). Patterns are plain names, callers put the bus namespace in front with
 * `subject()`.
 */
import type { AccountExportReply } from '@afya/auth-service/contracts';
import type { DataExportAppointmentsReply, VisitMode } from '@afya/appointment-service/contracts';
import type { DataExportPaymentsReply } from '@afya/payment-service/contracts';
import type { DataExportTicketsReply } from '@afya/support-service/contracts';

import type { z } from 'zod';
import type { CreatePrescriptionBodySchema, MedicineSchema, UpdatePrescriptionBodySchema, UpdatePrescriptionPayloadSchema } from './schemas';

export * from './catalog';
export * from './schemas';

/** Request-reply patterns (NATS subjects without the bus namespace). */
export const PrescriptionPatterns = {
  health: 'prescription.v1.health',
  create: 'prescription.v1.create',
  update: 'prescription.v1.update',
  remove: 'prescription.v1.delete',
  get: 'prescription.v1.get',
  /** The prescription of one appointment (View Prescription on a Completed appointment). */
  byAppointment: 'prescription.v1.by-appointment',
  /** PDF bytes as a BinaryRef (services/shared rpc/binary-transfer). */
  pdf: 'prescription.v1.pdf',
  listUser: 'prescription.v1.list.user',
  listDoctor: 'prescription.v1.list.doctor',
  listAll: 'prescription.v1.list.all',
  /** The doctor's own appointments that can still get a prescription (Write Prescription's picker). */
  writable: 'prescription.v1.writable-appointments',
  historySelf: 'prescription.v1.history.self',
  historyUser: 'prescription.v1.history.user',
  historyAll: 'prescription.v1.history.all',
  historyRemove: 'prescription.v1.history.delete',
  accessLog: 'prescription.v1.access-log',
  /** The caller's prescriptions, medical history and whole access log, for their data export (DataExportRecordsReply). */
  dataExport: 'prescription.v1.data-export',
  /** The readable PDF of a data export: the gateway sends the assembled archive (a BinaryRef), gets the PDF back. */
  dataExportPdf: 'prescription.v1.data-export.pdf',
} as const;
export type PrescriptionPattern = (typeof PrescriptionPatterns)[keyof typeof PrescriptionPatterns];

/** Domain events (JetStream, through the outbox). */
export const PrescriptionEvents = {
  created: 'prescription.created.v1',
  updated: 'prescription.updated.v1',
  deleted: 'prescription.deleted.v1',
} as const;

// ---- Shapes (CONTRACT.md §3) ----

/** The prescription service's part of a patient's data export. */
export interface DataExportRecordsReply {
  prescriptions: PrescriptionView[];
  medical_history: MedicalRecord[];
  access_log: AccessLogEntry[];
  /** Records an admin removed from the medical history (kept, hidden): which, why and when. */
  removed_medical_records: { record_id: string; reason: string; removed_at: string }[];
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

export interface PrescriptionView {
  prescription_id: number;
  /** 'RX-000042': the number printed on the PDF. */
  prescription_number: string;
  appointment_id: number;
  /** The doctor's profile id (appointment service's doctors.doctor_id). */
  doctor_id: number;
  doctor_user_id: number;
  /** The patient's user id. */
  patient_id: number;
  patient_name: string | null;
  doctor_name: string | null;
  specialization: string | null;
  appointment_date: string | null;
  time_slot: string | null;
  appointment_type: string | null;
  /** In person or video (null when the appointment is not known here yet). */
  visit_mode: VisitMode | null;
  appointment_status: string | null;
  medicines: Medicine[];
  notes: string | null;
  issued_at: string;
  created_at: string;
  updated_at: string;
}

// ---- Payloads and replies ----

/** POST /prescriptions. patient_id, doctor_id and doctor_name come from the appointment, never from here. */
export type CreatePrescriptionPayload = z.output<typeof CreatePrescriptionBodySchema>;
export type CreatePrescriptionBody = z.input<typeof CreatePrescriptionBodySchema>;
export type UpdatePrescriptionPayload = z.output<typeof UpdatePrescriptionPayloadSchema>;
export type UpdatePrescriptionBody = z.input<typeof UpdatePrescriptionBodySchema>;
export interface DeletePrescriptionPayload {
  id: number;
  reason?: string;
}
export interface PrescriptionReply {
  prescription: PrescriptionView;
  message?: string;
}
/**
 * The lists (user, doctor, all): one page (payload `limit`, `offset`; without them the first 1,000, newest first)
 * and the whole list's total. Over HTTP the body is the bare array and the total is in X-Total-Count.
 */
export interface PrescriptionListReply {
  prescriptions: PrescriptionView[];
  total: number;
}
export interface DeletePrescriptionReply {
  message: string;
  prescription_id: number;
}
/** prescription.pdf: the file's bytes (BinaryRef) and its name. */
export interface PrescriptionPdfReply {
  filename: string;
  file: { inline: string } | { blob: string };
}

export interface WritableAppointment {
  appointment_id: number;
  patient_id: number;
  patient_name: string | null;
  /** The patient's phone as on their profile: tells two patients with the same name apart */
  patient_phone: string | null;
  appointment_date: string;
  time_slot: string;
  appointment_type: string;
  visit_mode: VisitMode;
  appointment_status: string;
}
export interface WritableAppointmentsReply {
  appointments: WritableAppointment[];
}

/** A medical history record (CONTRACT.md §3): appt-<id> or presc-<id>. */
export interface MedicalRecord {
  id: string;
  type: 'appointment' | 'prescription';
  condition: 'Appointment' | 'Prescription';
  patient_id: number;
  patient_name: string | null;
  doctor_name: string | null;
  specialization: string | null;
  date: string | null;
  diagnosis: string | null;
  treatment: string | null;
  notes: string | null;
  medicines: Medicine[];
  appointment_id: number;
  prescription_id: number | null;
  appointment_status: string | null;
  /** Whether the caller may edit this record (an appointment record of their own, as a doctor; any, as an admin) */
  can_edit: boolean;
}
/** /medical-history/user/{userId} */
export interface MedicalHistoryReply {
  records: MedicalRecord[];
}
/**
 * /medical-history/self: the aggregate shape. A patient's own records; a doctor's, the records of their own
 * appointments and the prescriptions they issued. `records` holds both kinds, newest first.
 */
export interface MedicalHistorySelfReply extends MedicalHistoryReply {
  appointments: MedicalRecord[];
  prescriptions: MedicalRecord[];
}
/** GET /medical-history (admin aggregate) */
export interface MedicalHistoryAggregateReply {
  history: { appointments: MedicalRecord[]; prescriptions: MedicalRecord[] };
  appointments: MedicalRecord[];
  prescriptions: MedicalRecord[];
  records: MedicalRecord[];
}
export interface HistoryRemovePayload {
  record_id: string;
  reason: string;
}

/** joined_video / left_video: who joined and left a video visit, and when (never anything of the call). */
export type AccessAction = 'viewed' | 'created' | 'updated' | 'deleted' | 'downloaded' | 'joined_video' | 'left_video';
export interface AccessLogEntry {
  id: number;
  actor_user_id: number;
  actor_name: string | null;
  actor_role: string;
  action: AccessAction;
  /** What was touched: 'Prescription RX-000042', 'Appointment #17', 'Medical history'. */
  record: string;
  /** 'success', or a refused attempt: 'denied', 'not_found'. */
  outcome: string;
  /** The service that made the access for the actor ('prescription', 'payment'), or null when the actor did it themself. */
  via: string | null;
  at: string;
}
export interface AccessLogPayload {
  /** The patient; only admins may name another one. */
  user_id?: number;
  page?: number;
  limit?: number;
}
export interface AccessLogReply {
  entries: AccessLogEntry[];
  total: number;
  page: number;
  limit: number;
}

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
