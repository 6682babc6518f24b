/**
 * The appointment service's HTTP calls, each declared once (issue 34; the kit: @afya/service-shared/schema calls.ts).
 * The gateway serves each from its declaration (route, roles, validation, forwarding to `subject`), /api/docs documents
 * it, and the browser calls it through `calls.appointments.<name>` with the reply typed from its schema.
 *
 * The appointments' own calls are here, the doctors' in doctor-calls.ts, their hours, leave and the clinic's closures in doctor-hours-calls.ts, the waitlist's in waitlist-calls.ts; all are
 * one router, AppointmentCalls, with the video visit's in video-calls.ts. What stays a controller method in the gateway:
 * the visit's events (a stream). The migration plan is in docs/decisions/0095-one-declaration-per-call.md.
 */
import { bodyOf, call, listOf, queryOf, reply } from '@afya/service-shared/calls';
import { idParam, pageQuery, z } from '@afya/service-shared/schema';
import { DoctorCalls } from './doctor-calls';
import { DoctorHoursCalls } from './doctor-hours-calls';
import { AttendanceCalls } from './attendance-calls';
import { InsuranceCalls } from './insurance-calls';
import { AppointmentPatterns } from './patterns';
import { AdminSearchReplySchema, DashboardReplySchema } from './replies';
import {
  AdminAppointmentsQuerySchema,
  AmountBodySchema,
  AppointmentChangeReplySchema,
  AppointmentReplySchema,
  AppointmentViewSchema,
  AvailabilityQuerySchema,
  AvailabilityReplySchema,
  BookBodySchema,
  BookReplySchema,
  ClinicalEditBodySchema,
  DeleteAppointmentReplySchema,
  ListAllQuerySchema,
  RatingBodySchema,
  RatingReplySchema,
  RescheduleBodySchema,
  StatsReplySchema,
  StatusBodySchema,
  UpdateAppointmentBodySchema,
} from './schemas';
import { VideoCalls } from './video-calls';
import { WaitlistCalls } from './waitlist-calls';

/** `{id}` in a path: the appointment. */
const byId = z.object({ id: idParam });
const route = (route: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: `/${string}`; summary: string; successStatus?: number }) =>
  call.route({ ...route, tags: ['appointments'] });
/** 'all' or nothing: every status (the service is sent no status). */
const everyStatus = <T extends string>(status: T | undefined) => (status === undefined || status === '' || status === 'all' ? undefined : (status as Exclude<T, 'all' | ''>));

export const AppointmentCalls = {
  /**
   * Patients book; the amount is the doctor's fee (or the type's default); 409 when the slot was just taken.
   * The type may be left out (see BookBodySchema); user_id and appointment_status are accepted and ignored.
   */
  book: route({ method: 'POST', path: '/appointments', successStatus: 201, summary: 'Book an appointment (patients)' })
    .meta({ subject: AppointmentPatterns.book, roles: ['user'], idempotencyKey: true })
    .input(z.object({ body: bodyOf(BookBodySchema) }))
    .output(reply(BookReplySchema)),

  /**
   * Family care (issue 36): a member's appointments, the bare array of one page, for a carer with the `records` scope
   * (a child: always, until 18); 403 otherwise, 404 for another person's member. Each read is in the member's access log.
   */
  familyMemberAppointments: call
    .route({ method: 'GET', path: '/family/members/{member_id}/appointments', outputStructure: 'detailed', tags: ['family'], summary: "A family member's appointments (a carer with `records`)" })
    .meta({ subject: AppointmentPatterns.familyMemberAppointments, roles: ['user'], list: true })
    .input(z.object({ params: z.object({ member_id: idParam }), query: queryOf(pageQuery) }))
    .output(listOf(AppointmentViewSchema)),

  /** Own appointments, the bare array of one page: a patient's bookings, a doctor's agenda (admins: all, newest first). */
  listOwn: call
    .route({ method: 'GET', path: '/appointments', outputStructure: 'detailed', tags: ['appointments'], summary: "The caller's own appointments, one page" })
    .meta({ subject: AppointmentPatterns.listOwn, list: true })
    .input(z.object({ query: queryOf(pageQuery) }))
    .output(listOf(AppointmentViewSchema)),

  /** The booking screen's slots of one doctor and date: {slots:[{time_slot, available}]}. */
  availability: route({ method: 'GET', path: '/appointments/availability', summary: "A doctor's slots on one date" })
    .meta({ subject: AppointmentPatterns.availability })
    .input(z.object({ query: queryOf(AvailabilityQuerySchema) }))
    .output(reply(AvailabilityReplySchema)),

  stats: route({ method: 'GET', path: '/appointments/stats', summary: "The caller's appointments and their counts by status" })
    .meta({ subject: AppointmentPatterns.stats })
    .input(z.object({}))
    .output(reply(StatsReplySchema)),

  /** The signed-in doctor's agenda, one page (bare array, paging headers). */
  listForDoctor: call
    .route({ method: 'GET', path: '/appointments/doctor', outputStructure: 'detailed', tags: ['appointments'], summary: "The doctor's appointments, one page" })
    .meta({ subject: AppointmentPatterns.listForDoctor, roles: ['doctor'], list: true })
    .input(z.object({ query: queryOf(pageQuery) }))
    .output(listOf(AppointmentViewSchema)),

  /** Every appointment (admins), newest booking first, optionally of one status ('all' or empty: every status). */
  listAll: call
    .route({ method: 'GET', path: '/appointments/admin/all', outputStructure: 'detailed', tags: ['appointments'], summary: 'Every appointment, one page (admins)' })
    .meta({ subject: AppointmentPatterns.listAll, roles: ['admin'], list: true })
    .input(z.object({ query: queryOf(ListAllQuerySchema).transform(({ status, ...page }) => ({ ...page, status: everyStatus(status) })) }))
    .output(listOf(AppointmentViewSchema)),

  get: route({ method: 'GET', path: '/appointments/{id}', summary: 'One appointment' })
    .meta({ subject: AppointmentPatterns.get })
    .input(z.object({ params: byId }))
    .output(reply(AppointmentReplySchema)),

  /**
   * Clinical fields (diagnosis, treatment, medications, notes, duration): the appointment's doctor or an admin.
   * The service answers a patient 403 itself, so the refused attempt lands in the audit trail. (Sent as `{ id, changes }`.)
   */
  update: route({ method: 'PATCH', path: '/appointments/{id}', summary: "An appointment's clinical fields (its doctor, admins)" })
    .meta({ subject: AppointmentPatterns.update })
    .input(z.object({ params: byId, body: bodyOf(UpdateAppointmentBodySchema).transform((changes) => ({ changes })) }))
    .output(reply(AppointmentReplySchema)),

  /** Admin: any status. Doctor: own appointments. Patient: cancel own Pending/Confirmed, 24 hours ahead. */
  setStatus: route({ method: 'PATCH', path: '/appointments/{id}/status', summary: "An appointment's status" })
    .meta({ subject: AppointmentPatterns.setStatus })
    .input(z.object({ params: byId, body: bodyOf(StatusBodySchema) }))
    .output(reply(AppointmentChangeReplySchema)),

  /** The patient moves their own Pending or Confirmed visit to another free slot of the same doctor, 24 h or more ahead. */
  reschedule: route({ method: 'PATCH', path: '/appointments/{id}/reschedule', summary: 'Move a visit to another slot (patients)' })
    .meta({ subject: AppointmentPatterns.reschedule, roles: ['user'] })
    .input(z.object({ params: byId, body: bodyOf(RescheduleBodySchema) }))
    .output(reply(AppointmentChangeReplySchema)),

  override: route({ method: 'PATCH', path: '/appointments/{id}/override', summary: "Set any appointment's status (admins)" })
    .meta({ subject: AppointmentPatterns.override, roles: ['admin'] })
    .input(z.object({ params: byId, body: bodyOf(StatusBodySchema) }))
    .output(reply(AppointmentChangeReplySchema)),

  setAmount: route({ method: 'PATCH', path: '/appointments/{id}/amount', summary: "An appointment's amount (admins)" })
    .meta({ subject: AppointmentPatterns.setAmount, roles: ['admin'] })
    .input(z.object({ params: byId, body: bodyOf(AmountBodySchema) }))
    .output(reply(AppointmentChangeReplySchema)),

  remove: route({ method: 'DELETE', path: '/appointments/{id}', summary: 'Delete an appointment (admins)' })
    .meta({ subject: AppointmentPatterns.remove, roles: ['admin'] })
    .input(z.object({ params: byId }))
    .output(reply(DeleteAppointmentReplySchema)),

  /** The patient rates their own Completed appointment once (1-5, optional comment). */
  rate: route({ method: 'POST', path: '/appointments/{id}/rating', successStatus: 201, summary: 'Rate a completed visit (patients)' })
    .meta({ subject: AppointmentPatterns.rate, roles: ['user'] })
    .input(z.object({ params: byId, body: bodyOf(RatingBodySchema) }))
    .output(reply(RatingReplySchema)),

  /**
   * The appointment figures of the caller's dashboard (patient: today's count, upcoming and the two to show; doctor:
   * today's list; admin: appointment and doctor totals). Users and revenue totals belong to the auth and payment services.
   */
  dashboard: call
    .route({ method: 'GET', path: '/user/dashboard', tags: ['user'], summary: "The caller's dashboard figures" })
    .meta({ subject: AppointmentPatterns.dashboard })
    .input(z.object({}))
    .output(reply(DashboardReplySchema)),

  /**
   * Admins' search of every appointment (patient, doctor, number or status), status, date (all, today, upcoming, past
   * or YYYY-MM-DD) and page: {appointments, total, page, limit}, the service's JSON text sent as it came.
   */
  adminSearch: call
    .route({ method: 'GET', path: '/admin/appointments', tags: ['admin'], summary: 'Search every appointment, one page with the total (admins)' })
    .meta({ subject: AppointmentPatterns.adminSearch, roles: ['admin'] })
    .input(
      z.object({
        query: queryOf(AdminAppointmentsQuerySchema).transform(({ search, status, date, page, limit, offset }) => ({
          search: search?.trim() || undefined,
          status: everyStatus(status),
          date: everyStatus(date),
          page,
          limit,
          offset,
        })),
      }),
    )
    .output(reply(AdminSearchReplySchema)),

  /**
   * Edit an appointment record's diagnosis, treatment and notes (the service checks and audits it). The record is
   * named as the medical history names it, 'appt-12'; the gateway reads the appointment's id from it
   * (gateway/src/modules/medical-history/medical-history.calls.ts: anything else is 'Invalid record type.').
   */
  editRecord: call
    .route({ method: 'PATCH', path: '/medical-history/{recordId}', tags: ['medical-history'], summary: "Edit an appointment record's diagnosis, treatment and notes (doctors, admins)" })
    .meta({ subject: AppointmentPatterns.update, roles: ['doctor', 'admin'] })
    .input(z.object({ params: z.object({ recordId: z.string().meta({ description: "The record's id, such as appt-12" }) }), body: bodyOf(ClinicalEditBodySchema) }))
    .output(reply(AppointmentChangeReplySchema)),

  ...DoctorCalls,
  ...DoctorHoursCalls,
  ...WaitlistCalls,
  ...VideoCalls,
  ...AttendanceCalls,
  ...InsuranceCalls,
};
