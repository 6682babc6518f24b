/**
 * The doctors' calls of the appointment service (part of AppointmentCalls, calls.ts): the directory, a doctor's
 * profile, fee, video offer, notifications and weekly performance, and the admins' list and approval.
 * The paths name the doctor `{id}` (`{userId}` for a user's profile); the service is sent `doctor_id` (`user_id`).
 */
import { bodyOf, call, queryOf, reply } from '@afya/service-shared/calls';
import { DoctorListQuerySchema } from './insurance';
import { idParam, z } from '@afya/service-shared/schema';
import { AppointmentPatterns } from './patterns';
import {
  AdminDoctorListReplySchema,
  ApproveDoctorReplySchema,
  DoctorListReplySchema,
  DoctorProfileReplySchema,
  NotificationsReplySchema,
  PerformanceReplySchema,
  SetFeeReplySchema,
  SetVideoReplySchema,
} from './replies';
import { ApproveDoctorBodySchema, FeeBodySchema, VideoOfferBodySchema } from './schemas';

/** `{id}` in a path: the doctor's profile (sent to the service as doctor_id). */
const doctorById = z.object({ id: idParam }).transform(({ id }) => ({ doctor_id: id }));
const doctorRoute = (route: { method: 'GET' | 'PATCH'; path: `/${string}`; summary: string }) => call.route({ ...route, tags: ['doctor'] });

export const DoctorCalls = {
  /** Patients and doctors see approved doctors; admins every active profile with its approval state. `?payer=SHA`: those who accept it. */
  doctors: call
    .route({ method: 'GET', path: '/appointments/doctors', tags: ['appointments'], summary: 'The doctors' })
    .meta({ subject: AppointmentPatterns.listDoctors })
    .input(z.object({ query: queryOf(DoctorListQuerySchema) }))
    .output(reply(DoctorListReplySchema)),

  /** Today's emergency appointments and lab results for the signed-in doctor. */
  notifications: doctorRoute({ method: 'GET', path: '/doctor/notifications', summary: "Today's emergencies and lab results (doctors)" })
    .meta({ subject: AppointmentPatterns.notifications, roles: ['doctor'] })
    .input(z.object({}))
    .output(reply(NotificationsReplySchema)),

  /** Weekly panel: patientsSeen, avgRating, onTimeRate, avgConsultation (definitions in docs/decisions/0014-doctor-performance-definitions.md). */
  performance: doctorRoute({ method: 'GET', path: '/doctor/performance', summary: "The doctor's week (doctors)" })
    .meta({ subject: AppointmentPatterns.performance, roles: ['doctor'] })
    .input(z.object({}))
    .output(reply(PerformanceReplySchema)),

  /** The doctor themself or an admin; answers doctor_id and fee (and the whole profile). */
  doctorByUser: doctorRoute({ method: 'GET', path: '/doctor/profile-by-user/{userId}', summary: "A user's doctor profile (the doctor, admins)" })
    .meta({ subject: AppointmentPatterns.doctorByUser, roles: ['doctor', 'admin'] })
    .input(z.object({ params: z.object({ userId: idParam }).transform(({ userId }) => ({ user_id: userId })) }))
    .output(reply(DoctorProfileReplySchema)),

  setFee: doctorRoute({ method: 'PATCH', path: '/doctor/{id}/fee', summary: "A doctor's consultation fee (the doctor, admins)" })
    .meta({ subject: AppointmentPatterns.setFee, roles: ['doctor', 'admin'] })
    .input(z.object({ params: doctorById, body: bodyOf(FeeBodySchema) }))
    .output(reply(SetFeeReplySchema)),

  /** The doctor themself or an admin turns video visits on or off. */
  setVideo: doctorRoute({ method: 'PATCH', path: '/doctor/{id}/video', summary: 'Video visits on or off (the doctor, admins)' })
    .meta({ subject: AppointmentPatterns.setVideo, roles: ['doctor', 'admin'] })
    .input(z.object({ params: doctorById, body: bodyOf(VideoOfferBodySchema) }))
    .output(reply(SetVideoReplySchema)),

  /** Every doctor profile with its approval state (awaiting approval first) and the pending count (admins). */
  adminDoctors: call
    .route({ method: 'GET', path: '/admin/doctors', tags: ['admin'], summary: 'Every doctor profile and the pending count (admins)' })
    .meta({ subject: AppointmentPatterns.adminDoctors, roles: ['admin'] })
    .input(z.object({}))
    .output(reply(AdminDoctorListReplySchema)),

  /** The doctor becomes bookable (doctor.approved). Optional body: specialization, available_days. */
  approveDoctor: call
    .route({ method: 'PATCH', path: '/admin/doctors/{id}/approve', tags: ['admin'], summary: 'Approve a doctor (admins)' })
    .meta({ subject: AppointmentPatterns.approveDoctor, roles: ['admin'] })
    .input(z.object({ params: doctorById, body: bodyOf(ApproveDoctorBodySchema) }))
    .output(reply(ApproveDoctorReplySchema)),
};
