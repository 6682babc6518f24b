/**
 * The appointment service's contract: NATS patterns, payloads, replies, events, and (catalog.ts) the booking
 * rules' constants and messages. The gateway and other services import only this folder from
 * services/appointment; the web app `import type`s the views from here and imports catalog.ts.
 *
 * The request and reply shapes are zod schemas (schemas.ts), so importing this folder loads zod; a web app imports
 * only types from here (and catalog.ts, booking-rules.ts at runtime). Patterns are plain names; the bus namespace
 * (AFYA_BUS) is put in front where a subject is used (`subject(AppointmentPatterns.book)`).
 */
import type { Role } from '@afya/auth-service/contracts';
import type { PayloadOf } from '@afya/service-shared/calls';
import type { z } from 'zod';
import type { AppointmentCalls } from './calls';
import type { DoctorCalls } from './doctor-calls';
import type { DataExportAttendance } from './attendance';
import type { DataExportCover } from './insurance';
import type { AppointmentStatus, NewTimeCause, VisitMode } from './catalog';
import type { VideoAccessReplySchema, VideoSessionReplySchema, VideoSignalSchema } from './video-calls';
import type {
  AdminDashboardStatsSchema,
  AdminDoctorListReplySchema,
  AdminSearchReplySchema,
  APPROVAL_STATUSES,
  ApproveDoctorReplySchema,
  DashboardCountsSchema,
  DashboardReplySchema,
  DoctorDashboardStatsSchema,
  DoctorListReplySchema,
  DoctorProfileReplySchema,
  DoctorProfileSchema,
  NotificationsReplySchema,
  PatientDashboardStatsSchema,
  PerformanceReplySchema,
  SetFeeReplySchema,
  SetVideoReplySchema,
} from './replies';
import type {
  AppointmentChangeReplySchema,
  AppointmentReplySchema,
  AppointmentViewSchema,
  ApproveDoctorBodySchema,
  ApproveDoctorPayloadSchema,
  AvailabilityQuerySchema,
  AvailabilityReplySchema,
  BookBodySchema,
  BookPayloadSchema,
  BookReplySchema,
  DeleteAppointmentReplySchema,
  DoctorSummarySchema,
  NeedsNewTimeFlagSchema,
  RatePayloadSchema,
  RatingBodySchema,
  RatingReplySchema,
  RatingViewSchema,
  RescheduleBodySchema,
  ReschedulePayloadSchema,
  SetAmountPayloadSchema,
  SetFeePayloadSchema,
  SetStatusPayloadSchema,
  SetVideoPayloadSchema,
  StatsReplySchema,
  StatusCountsSchema,
  UpdateAppointmentBodySchema,
  UpdateAppointmentPayloadSchema,
} from './schemas';

export * from './catalog';
export * from './care-relationship';
export * from './booking-rules';
export * from './doctor-hours';
export * from './date-overrides';
export * from './doctor-hours-calls';
export * from './waitlist';
export * from './schemas';
export * from './patterns';
export * from './replies';
export * from './calls';
export * from './video-calls';
export * from './attendance';
export * from './attendance-calls';
export * from './insurance';
export * from './insurance-rules';
export * from './insurance-calls';

/** Domain events (JetStream, through the outbox). */
export const AppointmentEvents = {
  created: 'appointment.created.v1',
  updated: 'appointment.updated.v1',
  cancelled: 'appointment.cancelled.v1',
  deleted: 'appointment.deleted.v1',
  doctorApproved: 'appointment.doctor.approved.v1',
  doctorUpdated: 'appointment.doctor.updated.v1',
  /** CONTRACT.md §10.6: every read or change of clinical fields (for the reporting service's audit trail). */
  auditRecorded: 'appointment.audit.recorded.v1',
  /**
   * Reads and refused attempts, published in groups (see AuditAccessBatchData): one JetStream message per
   * group instead of one per read. Each entry means the same as one audit.recorded event.
   */
  auditAccessBatch: 'appointment.audit.access-batch.v1',
  /** A freed slot is offered to a patient on the waitlist and held for them (WaitlistOfferedEventData). */
  waitlistOffered: 'appointment.waitlist.offered.v1',
  /** A confirmed leave or clinic closure fell on a booked visit: it needs a new time (NewTimeNeededEventData; issue 37). */
  newTimeNeeded: 'appointment.new-time-needed.v1',
} as const;

/** appointment.new-time-needed: the visit stays as it is (its status too); its patient is asked to pick a new time. */
export interface NewTimeNeededEventData {
  appointment_id: number;
  user_id: number;
  doctor_id: number;
  appointment_date: string;
  time_slot: string;
  /** What fell on it: the doctor's leave, a clinic closure, or the doctor's new weekly hours (no longer that slot). */
  cause: NewTimeCause;
}

// ---- Shapes (CONTRACT.md §3) ----

// Written once as schemas (schemas.ts); a client's body is the schema's input, a service's payload its output.
export type DoctorSummary = z.output<typeof DoctorSummarySchema>;
export type AppointmentView = z.output<typeof AppointmentViewSchema>;
export type NeedsNewTimeFlag = z.output<typeof NeedsNewTimeFlagSchema>;
export type BookBody = z.input<typeof BookBodySchema>;
export type BookPayload = z.output<typeof BookPayloadSchema>;
export type BookReply = z.output<typeof BookReplySchema>;
export type AvailabilityPayload = z.output<typeof AvailabilityQuerySchema>;
export type AvailabilityReply = z.output<typeof AvailabilityReplySchema>;
export type AppointmentReply = z.output<typeof AppointmentReplySchema>;
export type AppointmentChangeReply = z.output<typeof AppointmentChangeReplySchema>;
export type DeleteAppointmentReply = z.output<typeof DeleteAppointmentReplySchema>;
export type StatusCounts = z.output<typeof StatusCountsSchema>;
export type StatsReply = z.output<typeof StatsReplySchema>;
export type UpdateAppointmentBody = z.input<typeof UpdateAppointmentBodySchema>;
export type UpdateAppointmentPayload = z.output<typeof UpdateAppointmentPayloadSchema>;
export type SetStatusPayload = z.output<typeof SetStatusPayloadSchema>;
export type RescheduleBody = z.input<typeof RescheduleBodySchema>;
export type ReschedulePayload = z.output<typeof ReschedulePayloadSchema>;
export type SetAmountPayload = z.output<typeof SetAmountPayloadSchema>;
export type RatingBody = z.input<typeof RatingBodySchema>;
export type RatePayload = z.output<typeof RatePayloadSchema>;
export type RatingView = z.output<typeof RatingViewSchema>;
export type RatingReply = z.output<typeof RatingReplySchema>;
export type SetFeePayload = z.output<typeof SetFeePayloadSchema>;
export type SetVideoPayload = z.output<typeof SetVideoPayloadSchema>;
export type ApproveDoctorBody = z.input<typeof ApproveDoctorBodySchema>;
export type ApproveDoctorPayload = z.output<typeof ApproveDoctorPayloadSchema>;
// The doctor, dashboard and admin-search replies (replies.ts).
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export type DoctorProfile = z.output<typeof DoctorProfileSchema>;
export type DoctorProfileReply = z.output<typeof DoctorProfileReplySchema>;
export type DoctorListReply = z.output<typeof DoctorListReplySchema>;
export type AdminDoctorListReply = z.output<typeof AdminDoctorListReplySchema>;
export type SetVideoReply = z.output<typeof SetVideoReplySchema>;
export type SetFeeReply = z.output<typeof SetFeeReplySchema>;
export type ApproveDoctorReply = z.output<typeof ApproveDoctorReplySchema>;
export type NotificationsReply = z.output<typeof NotificationsReplySchema>;
export type PerformanceReply = z.output<typeof PerformanceReplySchema>;
export type DashboardCounts = z.output<typeof DashboardCountsSchema>;
export type PatientDashboardStats = z.output<typeof PatientDashboardStatsSchema>;
export type DoctorDashboardStats = z.output<typeof DoctorDashboardStatsSchema>;
export type AdminDashboardStats = z.output<typeof AdminDashboardStatsSchema>;
export type DashboardReply = z.output<typeof DashboardReplySchema>;
export type AdminSearchReply = z.output<typeof AdminSearchReplySchema>;

/**
 * The appointment service's part of a person's data export: every appointment they booked (clinical fields and their
 * rating included), their waitlist entries and the slots offered to them, lab-result notices about them, and a
 * doctor's own profile.
 */
export interface DataExportAppointmentsReply {
  appointments: AppointmentView[];
  waitlist_entries: DataExportWaitlistEntry[];
  waitlist_offers: DataExportWaitlistOffer[];
  lab_results: { lab_result_id: number; appointment_id: number | null; test_name: string; message: string; created_at: string }[];
  /** The caller's doctor profile (a doctor's account, or one that was a doctor's; null for anyone else). */
  doctor_profile: DoctorProfile | null;
  /** Issue 40: arrival, queue number and outcome of their visits that have any. */
  attendance: DataExportAttendance[];
  /** Issue 38: the covers recorded for them (the covers of their visits are in appointments[].cover). */
  insurance_covers: DataExportCover[];
}
export interface DataExportWaitlistEntry {
  entry_id: number;
  doctor: DoctorSummary;
  date_from: string;
  date_to: string;
  appointment_type: string;
  notes: string | null;
  status: string;
  joined_at: string;
  updated_at: string;
}
export interface DataExportWaitlistOffer {
  offer_id: number;
  entry_id: number;
  doctor: DoctorSummary;
  appointment_date: string;
  time_slot: string;
  status: string;
  offered_at: string;
  expires_at: string;
  settled_at: string | null;
  appointment_id: number | null;
}


// ---- Payloads and replies ----


/**
 * The lists (listOwn, listForDoctor, listAll) answer one page: the bare JSON array of the appointments, built by
 * PostgreSQL and carried by the bus as raw bytes with the list's total beside it (@afya/service-shared's JsonText).
 * The gateway sends the array on as it is, the total in X-Total-Count; another service calls `.parse<AppointmentList>()`.
 */
export type AppointmentList = AppointmentView[];

/** GET /appointments/admin/all as the service reads it: the page and a status ('all' or empty: none). */
export type ListAllPayload = PayloadOf<typeof AppointmentCalls.listAll>;

/**
 * GET /admin/appointments as the service reads it: search (patient, doctor, number or status), status, date (today,
 * upcoming, past or one clinic day; 'all' or empty: none), a 1-based page, or an offset (older clients).
 */
export type AdminSearchPayload = PayloadOf<typeof AppointmentCalls.adminSearch>;

/** One appointment by its id (get, remove). */
export type AppointmentIdPayload = PayloadOf<typeof AppointmentCalls.get>;

/** A user's doctor profile, by the user's id. */
export type DoctorByUserPayload = PayloadOf<typeof DoctorCalls.doctorByUser>;


/** appointment.v1.video.presence */
export interface VideoPresencePayload {
  id: number;
  event: 'joined' | 'left';
}

/** Which side of a video visit the caller is. */
export type VideoSide = 'patient' | 'doctor';

/** appointment.v1.video.access: the caller may join this visit now; who the two sides are and the window. */
export type VideoAccessReply = z.output<typeof VideoAccessReplySchema>;
/** GET /video/{id}: the access, the ICE servers and the recording notice. */
export type VideoSessionReply = z.output<typeof VideoSessionReplySchema>;

/**
 * What one browser of a video visit sends the other through the gateway (POST /api/video/{id}/signal): a session
 * description (SDP offer or answer) or an ICE candidate, and nothing else (the gateway refuses any other shape).
 */
export type VideoSignal = z.output<typeof VideoSignalSchema>;

/** One event of a visit's stream (GET /api/video/{id}/events), as the gateway writes it and the call screen reads it. */
export type VideoStreamEvent =
  | { event: 'ready'; data: { appointment_id: number; side: VideoSide; closes_at: string } }
  | { event: 'peer'; data: { state: 'joined' | 'left'; side: VideoSide; stream: string } }
  | { event: 'signal'; data: VideoSignal }
  | { event: 'closed'; data: { reason: string } };


// ---- Events ----

export interface AppointmentEventData {
  appointment_id: number;
  user_id: number;
  doctor_id: number;
  doctor_user_id: number;
  appointment_date: string;
  time_slot: string;
  /**
   * The instant the visit starts (ISO 8601), what every rule of time counts from (visitStartsAt). Absent in events
   * recorded before it was carried: read the clinic date and slot then.
   */
  starts_at?: string;
  /** The consultation's length in minutes (absent in events recorded before it was carried: DEFAULT_DURATION_MINUTES). */
  duration?: number;
  appointment_type: string;
  /** Absent in events recorded before video visits existed (read it as in_person). */
  visit_mode?: VisitMode;
  total_amount: number;
  appointment_status: AppointmentStatus;
  previous_status?: AppointmentStatus;
  /** Set when the visit moved (a reschedule): where it was. */
  previous_appointment_date?: string;
  previous_time_slot?: string;
  paid: boolean;
  /**
   * On a cancellation: the patient is owed the whole fee whatever the notice, because the cause was the clinic's (the
   * visit needed a new time after its doctor's hours, leave or a closure moved its day away, or its doctor cancelled
   * it). Absent or false: the 24-hour notice rule decides the refund.
   */
  refund_in_full?: boolean;
  diagnosis?: string | null;
  treatment?: string | null;
  notes?: string | null;
  medications?: string | null;
  /** The patient's and doctor's names when the event was recorded (read models show them without asking). */
  patient_name?: string | null;
  doctor_name?: string | null;
  doctor_specialization?: string | null;
  /** Issue 38: a covered visit's payer code, its split and the desk's check (absent: self-pay, or an older event). */
  payer_code?: string;
  copay_amount?: number;
  cover_amount?: number;
  cover_check?: string;
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
  offers_video?: boolean;
}

/** video_joined / video_left: a participant's call screen of a video visit opened or closed (no data is read). */
export type AuditAction = 'read' | 'create' | 'update' | 'delete' | 'video_joined' | 'video_left';
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
  /** The service that made the read for the actor (RpcRequest.via), when it was not the actor through the gateway. */
  via?: string;
}
