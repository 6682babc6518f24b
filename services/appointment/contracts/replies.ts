/**
 * The replies of the doctor, dashboard and admin-search calls as zod schemas (issue 34: each reply written once; the
 * types in index.ts are their `z.output`). The gateway does not parse a service's reply with them: they document the
 * call (/api/docs) and type it (the service building it, the browser's client reading it).
 */
import { z } from '@afya/service-shared/schema';
import { APPOINTMENT_STATUSES } from './catalog';
import { AppointmentViewSchema, DoctorSummarySchema, StatusCountsSchema } from './schemas';
import { PayerSchema } from './insurance';

const count = () => z.number().int();
const person = z.object({ firstname: z.string().nullable(), lastname: z.string().nullable() });

export const APPROVAL_STATUSES = ['pending', 'approved'] as const;

/** A doctor's profile as the calls show it. */
export const DoctorProfileSchema = DoctorSummarySchema.extend({
  user_id: z.number().int(),
  fee: z.number().nullable().meta({ description: "Ksh; null means 'Not set' (the appointment type's default fee applies)" }),
  contact_phone: z.string().nullable(),
  available_days: z.array(z.string()),
  offers_video: z.boolean().meta({ description: 'The doctor sees patients by video too (patients booking them choose In person or Video)' }),
  approval_status: z.enum(APPROVAL_STATUSES),
  approved: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  payers: z
    .array(PayerSchema)
    .optional()
    .meta({ description: 'Issue 38: the payers the doctor accepts (SHA, private insurers); in the doctors list' }),
});

/** GET /doctor/profile-by-user/{userId}: the profile, and once more under `doctor`. */
export const DoctorProfileReplySchema = DoctorProfileSchema.extend({ doctor: DoctorProfileSchema });
/** GET /appointments/doctors */
export const DoctorListReplySchema = z.object({ doctors: z.array(DoctorProfileSchema) });
/** GET /admin/doctors: every active profile, those awaiting approval first. */
export const AdminDoctorListReplySchema = DoctorListReplySchema.extend({ pending: count() });
/** PATCH /doctor/{id}/video and /fee: the profile as it now is, and the message to show. */
export const SetVideoReplySchema = DoctorProfileReplySchema.extend({ message: z.string() });
export const SetFeeReplySchema = DoctorProfileReplySchema.extend({ message: z.string() });
/** PATCH /admin/doctors/{id}/approve */
export const ApproveDoctorReplySchema = z.object({ doctor: DoctorProfileSchema, message: z.string() });

/** GET /doctor/notifications: today's emergency appointments and lab results. */
export const NotificationsReplySchema = z.object({
  emergencies: z.array(
    z.object({
      appointment_id: z.number().int(),
      appointment_date: z.string(),
      time_slot: z.string(),
      appointment_status: z.enum(APPOINTMENT_STATUSES),
      user_id: z.number().int(),
      user: person,
      patient_full_name: z.string().nullable(),
      message: z.string(),
    }),
  ),
  labResults: z.array(
    z.object({
      lab_result_id: z.number().int(),
      user_id: z.number().int().nullable(),
      appointment_id: z.number().int().nullable(),
      test_name: z.string(),
      message: z.string(),
      created_at: z.string(),
      user: person,
    }),
  ),
});

/** GET /doctor/performance (definitions in docs/decisions/0014-doctor-performance-definitions.md). */
export const PerformanceReplySchema = z.object({
  patientsSeen: count().meta({ description: 'Distinct patients with a Completed appointment in the last 7 days' }),
  avgRating: z.number().meta({ description: 'Mean of all ratings of this doctor, one decimal; 0 with ratingsCount 0 when none' }),
  ratingsCount: count(),
  onTimeRate: z.number().meta({ description: "Percent (0-100) of the last 7 days' Completed appointments that were completed within their slot" }),
  avgConsultation: z.number().meta({ description: "Mean recorded duration (minutes) of the last 7 days' Completed appointments" }),
  completedCount: count(),
  totalPatients: count().meta({ description: 'Different people with a booking with this doctor that was not cancelled (all time)' }),
  period: z.object({ from: z.string(), to: z.string() }),
});

/** GET /user/dashboard's appointment figures, patient and doctor alike. */
export const DashboardCountsSchema = z.object({
  todayCount: count(),
  todayAppointments: count().meta({ description: 'Same as todayCount (older clients read this name)' }),
  upcomingCount: count(),
  totalAppointments: count(),
  pendingCount: count(),
  confirmedCount: count(),
  completedCount: count(),
  cancelledCount: count(),
  byStatus: StatusCountsSchema,
});

export const PatientDashboardStatsSchema = DashboardCountsSchema.extend({
  unpaidCount: count().meta({ description: 'Pending or Confirmed, unpaid, with an amount above 0' }),
  upcomingTitle: z.enum(['Upcoming Appointments', 'Recent Appointments']),
  upcomingAppointments: z.array(AppointmentViewSchema).meta({ description: 'The next two future appointments, soonest first' }),
  recentAppointments: z.array(AppointmentViewSchema).meta({ description: 'When nothing is in the future: the two most recent; else empty' }),
  nextAppointments: z.array(AppointmentViewSchema).meta({ description: 'What the patient home shows: upcomingAppointments, else recentAppointments' }),
});

export const DoctorDashboardStatsSchema = DashboardCountsSchema.extend({
  totalPatients: count().meta({ description: 'Different people with a booking with this doctor that was not cancelled (all time)' }),
  today: z.array(AppointmentViewSchema).meta({ description: "Today's appointments (not cancelled), by slot" }),
});

/** The admin overview's appointment part (users come from auth, revenue from payment). */
export const AdminDashboardStatsSchema = z.object({
  source: z.literal('appointment'),
  totalAppointments: count(),
  todayCount: count(),
  doctors: count(),
  pendingDoctors: count(),
  paidAmount: z.number(),
  bookedAmount: z.number(),
  byStatus: z.record(z.enum(APPOINTMENT_STATUSES), z.number()),
  statusBreakdown: z.array(z.object({ status: z.enum(APPOINTMENT_STATUSES), count: z.number() })),
  recentAppointments: z.array(AppointmentViewSchema),
});

/** GET /user/dashboard: the caller's figures (a patient's, a doctor's or an admin's). */
export const DashboardReplySchema = z.object({ stats: z.union([PatientDashboardStatsSchema, DoctorDashboardStatsSchema, AdminDashboardStatsSchema]) });

/** GET /admin/appointments (JSON text, like the other lists): one page and the number of matches. */
export const AdminSearchReplySchema = z.object({
  appointments: z.array(AppointmentViewSchema),
  total: count().meta({
    description:
      "Exact up to 10,000 matches; above that (or for a name matching more than 1,000 people and 2,000 appointments) an estimate from PostgreSQL's plan or statistics, and totalIsEstimate is true",
  }),
  totalIsEstimate: z.boolean().optional(),
  page: count(),
  limit: count(),
});
