/**
 * The prescription service's HTTP calls (prescriptions and medical history), each declared once (issue 34, decision
 * 0095; the kit: @afya/service-shared/calls). The gateway serves each from its declaration, /api/docs documents it,
 * the web apps call it through `calls.prescriptions.<name>` with the reply typed from its schema.
 *
 * GET /prescriptions/{id} answers the prescription itself: the gateway unwraps the service's `{prescription}`
 * (gateway/src/modules/prescriptions/prescriptions.calls.ts). The edit of a record (PATCH /medical-history/{recordId})
 * is the appointment service's (AppointmentCalls.editRecord).
 *
 * The three lists answer one page (RowsPage): the bare array, X-Total-Count and Link. A record's removal
 * (DELETE /medical-history/{recordId}) sends the service `{ record_id, reason }`, a reason of '' when none is given.
 *
 * Still a controller method (gateway/src/modules/prescriptions): the PDF.
 */
import { bodyOf, call, listOf, queryOf, reply } from '@afya/service-shared/calls';
import { idParam, pageQuery, z } from '@afya/service-shared/schema';
import { PrescriptionPatterns } from './patterns';
import {
  AccessLogQuerySchema,
  AccessLogReplySchema,
  CreatePrescriptionBodySchema,
  DeletePrescriptionBodySchema,
  DeletePrescriptionReplySchema,
  MedicalHistoryAggregateReplySchema,
  MedicalHistoryReplySchema,
  MedicalHistorySelfReplySchema,
  PatientHistoryQuerySchema,
  PrescriptionReplySchema,
  PrescriptionViewSchema,
  RemoveRecordBodySchema,
  RemoveRecordReplySchema,
  UpdatePrescriptionBodySchema,
  WritableAppointmentsReplySchema,
} from './schemas';

const tags = ['prescriptions'];
const history = ['medical-history'];
/** No input: the service is sent `{}` whatever the query string holds (as the controller routes did). */
const none = z.object({});
const byId = z.object({ id: idParam });

/** A list of prescriptions, newest first: the bare array of one page. */
const list = ({ path, summary, subject, roles }: { path: `/${string}`; summary: string; subject: string; roles?: readonly ('user' | 'doctor' | 'admin')[] }) =>
  call
    .route({ method: 'GET', path, outputStructure: 'detailed', tags, summary })
    .meta({ subject, roles, list: true })
    .input(z.object({ query: queryOf(pageQuery) }))
    .output(listOf(PrescriptionViewSchema));

/** Family care (issue 36): `{member_id}` in a path; the carer needs `records` for them (a child: always, until 18). */
const member = z.object({ member_id: idParam });

export const PrescriptionCalls = {
  /** A family member's prescriptions, newest first (a carer with `records`); each read is in the member's access log. */
  familyMemberPrescriptions: call
    .route({ method: 'GET', path: '/family/members/{member_id}/prescriptions', outputStructure: 'detailed', tags: ['family'], summary: "A family member's prescriptions (a carer with `records`)" })
    .meta({ subject: PrescriptionPatterns.familyMemberPrescriptions, roles: ['user'], list: true })
    .input(z.object({ params: member, query: queryOf(pageQuery) }))
    .output(listOf(PrescriptionViewSchema)),

  /** A family member's medical history ({records}), as GET /medical-history/user/{userId} answers it. */
  familyMemberHistory: call
    .route({ method: 'GET', path: '/family/members/{member_id}/medical-history', tags: ['family'], summary: "A family member's medical history (a carer with `records`)" })
    .meta({ subject: PrescriptionPatterns.familyMemberHistory, roles: ['user'] })
    .input(z.object({ params: member }))
    .output(reply(MedicalHistoryReplySchema)),

  /** The patient's own prescriptions, newest first. */
  listUser: list({ path: '/prescriptions/user', summary: "The patient's own prescriptions, newest first", subject: PrescriptionPatterns.listUser, roles: ['user'] }),

  /** The prescriptions the doctor issued. */
  listDoctor: list({ path: '/prescriptions/doctor', summary: 'The prescriptions the doctor issued', subject: PrescriptionPatterns.listDoctor, roles: ['doctor'] }),

  /** Admins: all; doctors: those they may read; patients: their own. */
  listAll: list({ path: '/prescriptions', summary: 'Prescriptions, one page (admins: all; doctors: those they may read; patients: their own)', subject: PrescriptionPatterns.listAll }),

  /** Write Prescription's picker: the doctor's own, not cancelled appointments without a prescription. */
  writable: call
    .route({ method: 'GET', path: '/prescriptions/writable-appointments', tags, summary: 'Appointments that can still get a prescription (doctors)' })
    .meta({ subject: PrescriptionPatterns.writable, roles: ['doctor'] })
    .input(none)
    .output(reply(WritableAppointmentsReplySchema)),

  /** The prescription of one appointment (View Prescription); 404 'No prescription found for this appointment.'. */
  byAppointment: call
    .route({ method: 'GET', path: '/prescriptions/appointment/{appointment_id}', tags, summary: 'The prescription of an appointment' })
    .meta({ subject: PrescriptionPatterns.byAppointment })
    .input(z.object({ params: z.object({ appointment_id: idParam }) }))
    .output(reply(PrescriptionReplySchema)),

  /** One prescription, the object itself (its fields at the top level); others' answer 404. */
  get: call
    .route({ method: 'GET', path: '/prescriptions/{id}', tags, summary: 'One prescription, the object itself (its fields at the top level)' })
    .meta({ subject: PrescriptionPatterns.get })
    .input(z.object({ params: byId }))
    .output(reply(PrescriptionViewSchema)),

  /** Doctors write one prescription per appointment of theirs (patient and doctor come from the appointment). */
  create: call
    .route({ method: 'POST', path: '/prescriptions', successStatus: 201, tags, summary: 'Write a prescription (doctors)' })
    .meta({ subject: PrescriptionPatterns.create, roles: ['doctor'] })
    .input(z.object({ body: bodyOf(CreatePrescriptionBodySchema) }))
    .output(reply(PrescriptionReplySchema)),

  /** What is present changes: the medicines, the notes. */
  update: call
    .route({ method: 'PATCH', path: '/prescriptions/{id}', tags, summary: 'Change a prescription (doctors, admins)' })
    .meta({ subject: PrescriptionPatterns.update, roles: ['doctor', 'admin'] })
    .input(z.object({ params: byId, body: bodyOf(UpdatePrescriptionBodySchema) }))
    .output(reply(PrescriptionReplySchema)),

  /** Admins only: a soft delete (kept, hidden), audited, with an optional reason. */
  remove: call
    .route({ method: 'DELETE', path: '/prescriptions/{id}', tags, summary: 'Delete a prescription (admins)' })
    .meta({ subject: PrescriptionPatterns.remove, roles: ['admin'] })
    .input(z.object({ params: byId, body: bodyOf(DeletePrescriptionBodySchema) }))
    .output(reply(DeletePrescriptionReplySchema)),

  /** Admins: every patient's records ({history: {appointments, prescriptions}}). */
  historyAll: call
    .route({ method: 'GET', path: '/medical-history', tags: history, summary: "Every patient's medical history (admins)" })
    .meta({ subject: PrescriptionPatterns.historyAll, roles: ['admin'] })
    .input(none)
    .output(reply(MedicalHistoryAggregateReplySchema)),

  /** A patient's own records; a doctor's own appointments' records and the prescriptions they issued. */
  historySelf: call
    .route({ method: 'GET', path: '/medical-history/self', tags: history, summary: 'Own medical history (patients, doctors)' })
    .meta({ subject: PrescriptionPatterns.historySelf, roles: ['user', 'doctor'] })
    .input(none)
    .output(reply(MedicalHistorySelfReplySchema)),

  /** Admins: a soft delete of a record with a reason, audited ('Invalid record type.' for an id that is not appt-N). */
  removeRecord: call
    .route({ method: 'DELETE', path: '/medical-history/{recordId}', tags: history, summary: 'Delete a medical record with a reason, audited (admins)' })
    .meta({ subject: PrescriptionPatterns.historyRemove, roles: ['admin'] })
    .input(
      z.object({
        params: z.object({ recordId: z.string().meta({ description: "The record's id, such as appt-12" }) }).transform(({ recordId }) => ({ record_id: recordId })),
        body: bodyOf(RemoveRecordBodySchema).transform(({ reason }) => ({ reason: reason ?? '' })),
      }),
    )
    .output(reply(RemoveRecordReplySchema)),

  /** Who viewed or changed the signed-in patient's records (admins: any patient's with ?user_id=). */
  accessLog: call
    .route({ method: 'GET', path: '/medical-history/access-log', tags: history, summary: "Who viewed or changed a patient's records (patients, admins)" })
    .meta({ subject: PrescriptionPatterns.accessLog, roles: ['user', 'admin'] })
    .input(z.object({ query: queryOf(AccessLogQuerySchema) }))
    .output(reply(AccessLogReplySchema)),

  /** A patient's records: themself, an admin, a doctor in a care relationship (who may name their visit: ?appointment_id=). */
  historyUser: call
    .route({ method: 'GET', path: '/medical-history/user/{userId}', tags: history, summary: "A patient's medical history" })
    .meta({ subject: PrescriptionPatterns.historyUser })
    // The path names it userId (as documented since the contract began); the service reads user_id.
    .input(z.object({ params: z.object({ userId: idParam }).transform(({ userId }) => ({ user_id: userId })), query: queryOf(PatientHistoryQuerySchema) }))
    .output(reply(MedicalHistoryReplySchema)),
};
