/**
 * Arrival, the day's queue and attendance (issue 40; part of AppointmentCalls, calls.ts; the shapes in attendance.ts).
 * The desk (an admin) and the visit's doctor check patients in, run the queue and record outcomes; a patient may
 * check in their own Confirmed visit of today from 30 minutes before it starts. Who may do what on which visit is the
 * service's rule (src/attendance/attendance.rules.ts): another person's visit is a 404, as everywhere.
 */
import { bodyOf, call, queryOf, reply } from '@afya/service-shared/calls';
import { idParam, z } from '@afya/service-shared/schema';
import {
  AttendancePatterns,
  AttendanceReportQuerySchema,
  AttendanceReportReplySchema,
  AttendanceReplySchema,
  CallNextBodySchema,
  OutcomeBodySchema,
  QueueQuerySchema,
  QueueReplySchema,
  QueueStepBodySchema,
  UnresolvedReplySchema,
  WalkInBodySchema,
} from './attendance';
import { BookReplySchema } from './schemas';

const byId = z.object({ id: idParam });
const attendanceRoute = (route: { method: 'GET' | 'POST'; path: `/${string}`; summary: string; successStatus?: number }) =>
  call.route({ ...route, tags: ['attendance'] });

export const AttendanceCalls = {
  /** 409 when already checked in, not today's, or not Confirmed (the reason in the message). */
  checkIn: attendanceRoute({ method: 'POST', path: '/appointments/{id}/check-in', summary: 'Check a patient in for a visit of today (the desk, its doctor, or the patient 30 minutes ahead)' })
    .meta({ subject: AttendancePatterns.checkIn })
    .input(z.object({ params: byId }))
    .output(reply(AttendanceReplySchema)),

  /** Today's (or a date's) checked-in patients in queue order, each with the minutes waited. */
  queue: attendanceRoute({ method: 'GET', path: '/queue', summary: "A doctor's queue of the day (their doctor, admins)" })
    .meta({ subject: AttendancePatterns.queue, roles: ['doctor', 'admin'] })
    .input(z.object({ query: queryOf(QueueQuerySchema) }))
    .output(reply(QueueReplySchema)),

  /** The lowest waiting number of the doctor is called in (409 when nobody waits). */
  callNext: attendanceRoute({ method: 'POST', path: '/queue/next', summary: "Call the doctor's next waiting patient (their doctor, admins)" })
    .meta({ subject: AttendancePatterns.callNext, roles: ['doctor', 'admin'] })
    .input(z.object({ body: bodyOf(CallNextBodySchema) }))
    .output(reply(AttendanceReplySchema)),

  /** call: waiting → called; seen: waiting or called → seen (attended); left: waiting or called → left (left without being seen). */
  queueStep: attendanceRoute({ method: 'POST', path: '/appointments/{id}/queue', summary: 'Move a checked-in patient along the queue (their doctor, admins)' })
    .meta({ subject: AttendancePatterns.queueStep, roles: ['doctor', 'admin'] })
    .input(z.object({ params: byId, body: bodyOf(QueueStepBodySchema) }))
    .output(reply(AttendanceReplySchema)),

  /** Records (or corrects) the visit's outcome; a Cancelled visit never gets one (409). */
  setOutcome: attendanceRoute({ method: 'POST', path: '/appointments/{id}/attendance', summary: "Record a visit's attendance outcome (its doctor, admins)" })
    .meta({ subject: AttendancePatterns.setOutcome, roles: ['doctor', 'admin'] })
    .input(z.object({ params: byId, body: bodyOf(OutcomeBodySchema) }))
    .output(reply(AttendanceReplySchema)),

  /** Past visits without an outcome 30 minutes after their end (a doctor: theirs; admins: all), oldest first. */
  unresolved: attendanceRoute({ method: 'GET', path: '/attendance/unresolved', summary: 'Past visits without an attendance outcome (their doctor, admins)' })
    .meta({ subject: AttendancePatterns.unresolved, roles: ['doctor', 'admin'] })
    .input(z.object({}))
    .output(reply(UnresolvedReplySchema)),

  /** A free slot of today booked at the desk for a patient found by phone (or registered by name), checked in at once. */
  walkIn: attendanceRoute({ method: 'POST', path: '/walk-ins', successStatus: 201, summary: 'Book and check in a walk-in for today (admins)' })
    .meta({ subject: AttendancePatterns.walkIn, roles: ['admin'] })
    .input(z.object({ body: bodyOf(WalkInBodySchema) }))
    .output(reply(BookReplySchema.extend({ attendance: AttendanceReplySchema.shape.attendance }))),

  /** Admin analytics: no-show rate per doctor and week, the average wait, walk-ins per day (the CSV: GET /admin/reports/attendance.csv). */
  attendanceReport: call
    .route({ method: 'GET', path: '/admin/attendance', tags: ['admin'], summary: 'Attendance figures over a range of days (admins)' })
    .meta({ subject: AttendancePatterns.report, roles: ['admin'] })
    .input(z.object({ query: queryOf(AttendanceReportQuerySchema) }))
    .output(reply(AttendanceReportReplySchema)),
};
