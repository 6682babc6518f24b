/**
 * The appointment service's HTTP calls, each declared once (issue 34). PROTOTYPE WITH ts-rest.
 */
import { bodyOf, contract, meta, queryOf } from '@afya/service-shared/calls';
import { pageQuery, z } from '@afya/service-shared/schema';
import { AppointmentPatterns } from './patterns';
import { AppointmentViewSchema, BookBodySchema, BookReplySchema } from './schemas';

export const AppointmentCalls = contract.router({
  book: {
    method: 'POST',
    path: '/appointments',
    summary: 'Book an appointment (patients)',
    metadata: meta({ subject: AppointmentPatterns.book, roles: ['user'] }),
    body: bodyOf(BookBodySchema),
    responses: { 201: BookReplySchema },
  },
  listOwn: {
    method: 'GET',
    path: '/appointments',
    summary: "The caller's own appointments, one page",
    metadata: meta({ subject: AppointmentPatterns.listOwn, list: true }),
    query: queryOf(pageQuery),
    responses: { 200: z.array(AppointmentViewSchema) },
  },
});
