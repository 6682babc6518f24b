import { carerLinkProblem, type CarerLinkFacts } from './carers';
import { type Channel, kenyanMobile, type MessageKind, reminderStillValid } from './messages';

export interface RecipientFacts {
  email: string | null;
  contact_phone: string | null;
  status: string | null;
  deleted: boolean;
}

export interface AppointmentFacts {
  status: string;
  deleted: boolean;
  appointment_date: string;
  time_slot: string;
}

export type DeliveryDecision = { send: true; address: string } | { send: false; reason: string };

/**
 * Whether a message goes out, and where; when not, why (the delivery log shows the reason). A suspended or
 * deleted user, a channel turned off, an address we cannot use, or a reminder for a visit that is gone or moved
 * gets no message.
 */
export function deliveryDecision(input: {
  kind: MessageKind;
  channel: Channel;
  user: RecipientFacts;
  preferences: { sms: boolean; email: boolean } | null;
  appointment: AppointmentFacts | null;
  /** For reminders: the start the reminder was planned for (ISO). */
  plannedStart?: string;
  /** For waitlist offers: when the hold ends (ISO); past it, the offer is not sent. */
  offerExpiresAt?: string;
  /**
   * A carer's copy of a member's visit message (issue 36): the link as it is now (null: not known), re-checked at
   * send time as consent is (an ended link, a child turned 18, `reminders` withdrawn: nothing). Absent otherwise.
   */
  carerLink?: CarerLinkFacts | null;
  now?: Date;
}): DeliveryDecision {
  const { kind, channel, user, preferences, appointment } = input;
  if (input.carerLink !== undefined) {
    const problem = carerLinkProblem(input.carerLink, input.now ?? new Date());
    if (problem) return { send: false, reason: problem };
  }
  if (user.deleted) return { send: false, reason: 'user deleted' };
  if (user.status && user.status !== 'active') return { send: false, reason: `user ${user.status}` };
  if (preferences && !preferences[channel]) return { send: false, reason: `${channel === 'sms' ? 'SMS' : 'email'} turned off by the user` };
  if (kind === 'vital-alert') {
    // about a reading, not a visit: nothing to check but the recipient
  } else if (kind === 'waitlist-offer') {
    // an offer is about a slot, not an appointment; once its hold has ended it has passed on
    if (!input.offerExpiresAt || new Date(input.offerExpiresAt).getTime() <= (input.now ?? new Date()).getTime()) return { send: false, reason: 'offer no longer held' };
  } else if (!appointment) return { send: false, reason: 'appointment unknown' };
  else if (appointment.deleted) return { send: false, reason: 'appointment deleted' };
  if (appointment && kind.startsWith('reminder-')) {
    const valid = reminderStillValid(appointment, input.plannedStart ?? '');
    if (!valid.ok) return { send: false, reason: valid.reason };
  }
  if (channel === 'sms') {
    if (!user.contact_phone) return { send: false, reason: 'no phone number' };
    const phone = kenyanMobile(user.contact_phone);
    return phone ? { send: true, address: phone } : { send: false, reason: 'unknown phone format' };
  }
  // `.invalid` (RFC 2606) can never receive mail: a child's profile added by a carer (issue 36) or an erased account.
  if (!user.email || !/^[^\s@]+@[^\s@]+$/.test(user.email) || /\.invalid$/i.test(user.email)) return { send: false, reason: 'no email address' };
  return { send: true, address: user.email };
}
