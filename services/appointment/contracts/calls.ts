/**
 * The appointment service's HTTP calls, each declared once (issue 34; the kit: @afya/service-shared/schema calls.ts).
 * The gateway serves each from its declaration (route, roles, validation, forwarding to `subject`), /api/docs documents
 * it, and the browser calls it through `client.appointments.<name>` with the reply typed from its schema.
 *
 * Moved so far: the booking and the caller's own list. The other calls are still controller methods in
 * gateway/src/modules/appointments (the migration plan is in docs/decisions/0095-one-declaration-per-call.md).
 */
import { bodyOf, call, listOf, queryOf, reply } from '@afya/service-shared/calls';
import { pageQuery, z } from '@afya/service-shared/schema';
import { AppointmentPatterns } from './patterns';
import { AppointmentViewSchema, BookBodySchema, BookReplySchema } from './schemas';

export const AppointmentCalls = {
  /**
   * Patients book; the amount is the doctor's fee (or the type's default); 409 when the slot was just taken.
   * The type may be left out (see BookBodySchema); user_id and appointment_status are accepted and ignored.
   */
  book: call
    .route({ method: 'POST', path: '/appointments', successStatus: 201, tags: ['appointments'], summary: 'Book an appointment (patients)' })
    .meta({ subject: AppointmentPatterns.book, roles: ['user'] })
    .input(z.object({ body: bodyOf(BookBodySchema) }))
    .output(reply(BookReplySchema)),

  /** Own appointments, the bare array of one page: a patient's bookings, a doctor's agenda (admins: all, newest first). */
  listOwn: call
    .route({ method: 'GET', path: '/appointments', outputStructure: 'detailed', tags: ['appointments'], summary: "The caller's own appointments, one page" })
    .meta({ subject: AppointmentPatterns.listOwn, list: true })
    .input(z.object({ query: queryOf(pageQuery) }))
    .output(listOf(AppointmentViewSchema)),
};
