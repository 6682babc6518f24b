/**
 * The waitlist's calls (part of AppointmentCalls, calls.ts; the shapes in waitlist.ts). Patients join a doctor's
 * waitlist for a date range, see and leave their entries, and open an offer's confirmation page: GET shows it, only
 * the POST …/claim books it (a link scanner opening the link claims nothing). Admins see the lengths per doctor.
 */
import { bodyOf, call, reply } from '@afya/service-shared/calls';
import { idParam, z } from '@afya/service-shared/schema';
import { AppointmentPatterns } from './patterns';
import { BookReplySchema } from './schemas';
import {
  JoinWaitlistReplySchema,
  JoinWaitlistSchema,
  LeaveWaitlistReplySchema,
  WaitlistEntrySchema,
  WaitlistLengthSchema,
  WaitlistMessageReplySchema,
  WaitlistOfferSchema,
} from './waitlist';

const byId = z.object({ id: idParam });
const waitlistRoute = (route: { method: 'GET' | 'POST' | 'DELETE'; path: `/${string}`; summary: string; successStatus?: number }) =>
  call.route({ ...route, tags: ['waitlist'] });

export const WaitlistCalls = {
  waitlistJoin: waitlistRoute({ method: 'POST', path: '/waitlist', successStatus: 201, summary: "Join a doctor's waitlist for a date range (patients)" })
    .meta({ subject: AppointmentPatterns.waitlistJoin, roles: ['user'] })
    .input(z.object({ body: bodyOf(JoinWaitlistSchema) }))
    .output(reply(JoinWaitlistReplySchema)),

  /** The patient's entries, newest first (a bare array), each with its place in line and any offer held for it. */
  waitlistList: waitlistRoute({ method: 'GET', path: '/waitlist', summary: "The patient's waitlist entries (patients)" })
    .meta({ subject: AppointmentPatterns.waitlistList, roles: ['user'] })
    .input(z.object({}))
    .output(reply(z.array(WaitlistEntrySchema))),

  waitlistLeave: waitlistRoute({ method: 'DELETE', path: '/waitlist/{id}', summary: 'Leave a waitlist (patients)' })
    .meta({ subject: AppointmentPatterns.waitlistLeave, roles: ['user'] })
    .input(z.object({ params: byId }))
    .output(reply(LeaveWaitlistReplySchema)),

  waitlistOffer: waitlistRoute({ method: 'GET', path: '/waitlist/offers/{id}', summary: 'A slot offered to the patient (reading it claims nothing)' })
    .meta({ subject: AppointmentPatterns.waitlistOffer, roles: ['user'] })
    .input(z.object({ params: byId }))
    .output(reply(WaitlistOfferSchema)),

  /** Books the held slot for the patient it is held for (409 once it has lapsed or was taken). */
  waitlistClaim: waitlistRoute({ method: 'POST', path: '/waitlist/offers/{id}/claim', successStatus: 201, summary: 'Book the offered slot (patients)' })
    .meta({ subject: AppointmentPatterns.waitlistClaim, roles: ['user'] })
    .input(z.object({ params: byId }))
    .output(reply(BookReplySchema)),

  waitlistDecline: waitlistRoute({ method: 'POST', path: '/waitlist/offers/{id}/decline', summary: 'Pass the offered slot on (patients)' })
    .meta({ subject: AppointmentPatterns.waitlistDecline, roles: ['user'] })
    .input(z.object({ params: byId }))
    .output(reply(WaitlistMessageReplySchema)),

  /** The admin's view: waitlist length per doctor (a bare array, longest first). */
  waitlistLengths: call
    .route({ method: 'GET', path: '/admin/waitlist', tags: ['waitlist'], summary: 'Waitlist length per doctor (admins)' })
    .meta({ subject: AppointmentPatterns.waitlistLengths, roles: ['admin'] })
    .input(z.object({}))
    .output(reply(z.array(WaitlistLengthSchema))),
};
