/**
 * The appointment service's contract: NATS patterns, payloads, replies, events and the booking rules'
 * constants. The gateway and other services import only this file from services/appointment.
 */
import { JsonText, subject } from '@afya/service-shared';
import type { Role } from '@afya/service-shared';

export const AppointmentPatterns = {
  book: subject('appointment.book'),
  availability: subject('appointment.availability'),
  get: subject('appointment.get'),
  listOwn: subject('appointment.list.own'),
  listForDoctor: subject('appointment.list.doctor'),
  listAll: subject('appointment.list.all'),
  stats: subject('appointment.stats'),
  dashboard: subject('appointment.dashboard'),
  update: subject('appointment.update'),
  setStatus: subject('appointment.status.set'),
  override: subject('appointment.status.override'),
  setAmount: subject('appointment.amount.set'),
  remove: subject('appointment.delete'),
  rate: subject('appointment.rate'),
  listDoctors: subject('appointment.doctors.list'),
  adminDoctors: subject('appointment.doctors.admin-list'),
  doctorByUser: subject('appointment.doctors.by-user'),
  setFee: subject('appointment.doctors.fee.set'),
  approveDoctor: subject('appointment.doctors.approve'),
  notifications: subject('appointment.doctors.notifications'),
  performance: subject('appointment.doctors.performance'),
  health: subject('appointment.health'),
} as const;

/** Domain events (JetStream, through the outbox). */
export const AppointmentEvents = {
  created: 'appointment.created',
  updated: 'appointment.updated',
  cancelled: 'appointment.cancelled',
  deleted: 'appointment.deleted',
  doctorApproved: 'doctor.approved',
  doctorUpdated: 'doctor.updated',
  /** PRODUCT.md item 6: every read or change of clinical fields (for the reporting service's audit trail). */
  auditRecorded: 'audit.recorded',
  /**
   * Reads and refused attempts, published in groups (see AuditAccessBatchData): one JetStream message per
   * group instead of one per read. Each entry means the same as one audit.recorded event.
   */
  auditAccessBatch: 'audit.access-batch',
} as const;

// Business constants (SPEC.md sections 1 and 9) live in catalog.ts: pure data the browser imports too.
export * from './catalog';
import { SPECIALIZATIONS, type AppointmentStatus, type Specialization } from './catalog';

/** Messages a person reads (SPEC.md section 5 for the form, PRODUCT.md item 3 for the race). */
export const AppointmentMessages = {
  doctor: 'Please select a doctor',
  type: 'Please select appointment type',
  date: 'Please select a date',
  time: 'Please select a time',
  reason: 'Please provide a reason (at least 10 characters)',
  dateWindow: 'Please choose a date from tomorrow up to 30 days ahead',
  slotTaken: 'That time slot is no longer available. Please choose another.',
  doctorNotFound: 'Doctor not found',
  doctorNotApproved: 'This doctor is not accepting appointments yet. Please choose another doctor.',
  appointmentNotFound: 'Appointment not found',
  status: 'Status must be one of Pending, Confirmed, Completed, Cancelled',
  patientOnlyCancels: 'You can only cancel your appointment',
  cancelOnlyOpen: 'Only pending or confirmed appointments can be cancelled',
  cancelTooLate: 'Appointments can only be cancelled at least 24 hours before they start',
  patientNoClinicalEdit: 'Only the doctor or an admin can change clinical notes',
  amount: 'Amount must be a number of at least 0',
  fee: 'Fee must be a number of at least 0',
  rating: 'Rating must be a whole number from 1 to 5',
  rateOnlyCompleted: 'You can rate an appointment once it is completed',
  alreadyRated: 'You have already rated this appointment',
  specialization: `Specialization must be one of ${SPECIALIZATIONS.join(', ')}`,
} as const;

// ---- Shapes (SPEC.md section 3) ----

export interface DoctorSummary {
  doctor_id: number;
  first_name: string;
  last_name: string;
  specialization: string | null;
}

export type ApprovalStatus = 'pending' | 'approved';

export interface DoctorProfile extends DoctorSummary {
  user_id: number;
  /** Ksh; null means 'Not set' (the appointment type's default fee applies). */
  fee: number | null;
  contact_phone: string | null;
  available_days: string[];
  approval_status: ApprovalStatus;
  approved: boolean;
  created_at: string;
  updated_at: string;
}

export interface AppointmentView {
  appointment_id: number;
  user_id: number;
  doctor_id: number;
  /** YYYY-MM-DD, clinic date */
  appointment_date: string;
  time_slot: string;
  appointment_type: string;
  /** Same as appointment_type (SPEC.md calls it type). */
  type: string;
  total_amount: number;
  appointment_status: AppointmentStatus;
  paid: boolean;
  notes: string | null;
  duration: number;
  patient_full_name: string | null;
  diagnosis: string | null;
  treatment: string | null;
  medications: string | null;
  rating: number | null;
  rating_comment: string | null;
  created_at: string;
  updated_at: string;
  doctor: DoctorSummary;
  user: { firstname: string | null; lastname: string | null };
}

// ---- Payloads and replies ----

export interface BookPayload {
  doctor_id: number;
  appointment_date: string;
  time_slot: string;
  appointment_type: string;
  notes: string;
}

export interface AvailabilityPayload {
  doctor_id: number;
  date: string;
}
export interface AvailabilityReply {
  doctor_id: number;
  date: string;
  /** false for every slot when the date is outside the booking window or the doctor does not work that day */
  bookable_date: boolean;
  slots: { time_slot: string; available: boolean }[];
}

export interface AppointmentReply {
  appointment: AppointmentView;
}
export interface AppointmentListReply {
  appointments: AppointmentView[];
}

/**
 * The lists (listOwn, listForDoctor, listAll) answer the JSON text of an AppointmentListReply, built by
 * PostgreSQL, as a JsonText: it crosses the bus as raw bytes and the gateway sends it on as it is (no parse
 * and re-serialize on the hot path). Other services call `.parse<AppointmentListReply>()`.
 */
export type AppointmentListJson = JsonText;

export interface ListAllPayload {
  limit?: number;
  offset?: number;
  status?: AppointmentStatus;
}

export interface StatusCounts {
  total: number;
  Pending: number;
  Confirmed: number;
  Completed: number;
  Cancelled: number;
}

export interface StatsReply {
  data: AppointmentView[];
  stats: StatusCounts & { upcoming: number; today: number };
}

export interface DashboardReply {
  stats: Record<string, unknown>;
}

export interface UpdateAppointmentPayload {
  id: number;
  changes: { diagnosis?: string | null; treatment?: string | null; medications?: string | null; notes?: string | null; duration?: number };
}

export interface SetStatusPayload {
  id: number;
  status: AppointmentStatus;
}

export interface SetAmountPayload {
  id: number;
  total_amount: number;
}

export interface RatePayload {
  id: number;
  rating: number;
  comment?: string;
}
export interface RatingView {
  rating_id: number;
  appointment_id: number;
  doctor_id: number;
  user_id: number;
  rating: number;
  comment: string | null;
  created_at: string;
}

export interface SetFeePayload {
  doctor_id: number;
  fee: number;
}

export interface ApproveDoctorPayload {
  doctor_id: number;
  specialization?: Specialization;
  available_days?: string[];
}

export interface DoctorProfileReply extends DoctorProfile {
  doctor: DoctorProfile;
}

export interface NotificationsReply {
  emergencies: {
    appointment_id: number;
    appointment_date: string;
    time_slot: string;
    appointment_status: AppointmentStatus;
    user_id: number;
    user: { firstname: string | null; lastname: string | null };
    patient_full_name: string | null;
    message: string;
  }[];
  labResults: {
    lab_result_id: number;
    user_id: number | null;
    appointment_id: number | null;
    test_name: string;
    message: string;
    created_at: string;
    user: { firstname: string | null; lastname: string | null };
  }[];
}

export interface PerformanceReply {
  /** Distinct patients with a Completed appointment in the last 7 days */
  patientsSeen: number;
  /** Mean of all ratings of this doctor, one decimal; 0 with ratingsCount 0 when none */
  avgRating: number;
  ratingsCount: number;
  /** Percent (0-100) of the last 7 days' Completed appointments that were completed within their slot */
  onTimeRate: number;
  /** Mean recorded duration (minutes) of the last 7 days' Completed appointments */
  avgConsultation: number;
  completedCount: number;
  totalPatients: number;
  period: { from: string; to: string };
}

// ---- Events ----

export interface AppointmentEventData {
  appointment_id: number;
  user_id: number;
  doctor_id: number;
  doctor_user_id: number;
  appointment_date: string;
  time_slot: string;
  appointment_type: string;
  total_amount: number;
  appointment_status: AppointmentStatus;
  previous_status?: AppointmentStatus;
  paid: boolean;
  diagnosis?: string | null;
  treatment?: string | null;
  notes?: string | null;
}

export interface DoctorEventData {
  doctor_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  specialization: string | null;
  fee: number | null;
  approval_status: ApprovalStatus;
  available_days: string[];
}

export type AuditAction = 'read' | 'create' | 'update' | 'delete';
export type AuditOutcome = 'success' | 'denied' | 'not_found';

/** audit.access-batch: reads and refused attempts, in the order they happened. */
export interface AuditAccessBatchData {
  accesses: AuditRecordedData[];
}

/** audit.recorded: one access to patients' clinical data (diagnosis, treatment, notes). */
export interface AuditRecordedData {
  service: 'appointment';
  actor_user_id: number;
  actor_role: Role;
  action: AuditAction;
  resource: 'appointment';
  /** The patient whose record it is, when the access concerns one patient (else null: see records). */
  patient_user_id: number | null;
  /** The appointment, when the access concerns one (else null: see records). */
  appointment_id: number | null;
  /** Every record touched: one entry per appointment. */
  records: { patient_user_id: number; appointment_id: number }[];
  fields: string[];
  outcome: AuditOutcome;
  at: string;
  request_id?: string;
}
