import { SupportMessages } from '../../contracts';
import {
  accessTo,
  canDelete,
  canEdit,
  canPost,
  canRead,
  canSetStatus,
  contactTicket,
  isUnread,
  mergeTicketFields,
  messageText,
  statusAfterMessage,
  statusOf,
  ticketFields,
} from './tickets';

const patient = { userId: 7, role: 'user' as const };
const other = { userId: 8, role: 'user' as const };
const doctor = { userId: 20, role: 'doctor' as const };
const admin = { userId: 1, role: 'admin' as const };
const ticket = (status: string | null = 'open') => ({ user_id: 7, status: status as never });

describe('who may do what with a ticket', () => {
  it('gives owners, admins and a patient\'s doctor access; anyone else none', () => {
    expect(accessTo(patient, ticket())).toBe('owner');
    expect(accessTo(admin, ticket())).toBe('admin');
    expect(accessTo(doctor, ticket(), true)).toBe('doctor-read');
    expect(accessTo(doctor, ticket(), false)).toBe('none');
    expect(accessTo(other, ticket(), true)).toBe('none');
    expect(accessTo(patient, { user_id: null, status: 'open' })).toBe('none');
  });

  it("answers another user's ticket with 404, not 403", () => {
    for (const verdict of [canRead('none'), canEdit('none', ticket()), canSetStatus('none', 'closed'), canDelete('none'), canPost('none')]) {
      expect(verdict).toEqual({ ok: false, status: 404, message: SupportMessages.notFound });
    }
  });

  it("lets a doctor read their patients' tickets but change nothing", () => {
    expect(canRead('doctor-read')).toEqual({ ok: true });
    for (const verdict of [canEdit('doctor-read', ticket()), canSetStatus('doctor-read', 'closed'), canDelete('doctor-read'), canPost('doctor-read')]) {
      expect(verdict).toMatchObject({ ok: false, status: 403 });
    }
  });

  it('refuses the owner an edit once resolved or closed (409), not before', () => {
    expect(canEdit('owner', ticket('open'))).toEqual({ ok: true });
    expect(canEdit('owner', ticket('in-progress'))).toEqual({ ok: true });
    expect(canEdit('owner', ticket('resolved'))).toEqual({ ok: false, status: 409, message: SupportMessages.finished });
    expect(canEdit('owner', ticket('closed'))).toMatchObject({ status: 409 });
  });

  it('lets owners only close, admins set anything', () => {
    expect(canSetStatus('owner', 'closed')).toEqual({ ok: true });
    expect(canSetStatus('owner', 'resolved')).toMatchObject({ status: 403, message: SupportMessages.ownerMayOnlyClose });
    for (const status of ['open', 'in-progress', 'pending', 'resolved', 'closed'] as const) expect(canSetStatus('admin', status)).toEqual({ ok: true });
  });
});

describe('statuses', () => {
  it('reads a missing or unknown status as open', () => {
    expect(statusOf({ status: null })).toBe('open');
    expect(statusOf({ status: 'weird' })).toBe('open');
    expect(statusOf({ status: 'pending' })).toBe('pending');
  });

  it("moves an open ticket to in-progress on an admin's reply and reopens a finished one on the owner's message", () => {
    expect(statusAfterMessage('open', true)).toBe('in-progress');
    expect(statusAfterMessage(null, true)).toBe('in-progress');
    expect(statusAfterMessage('pending', true)).toBe('pending');
    expect(statusAfterMessage('resolved', true)).toBe('resolved');
    expect(statusAfterMessage('resolved', false)).toBe('open');
    expect(statusAfterMessage('closed', false)).toBe('open');
    expect(statusAfterMessage('in-progress', false)).toBe('in-progress');
  });
});

describe('ticket fields', () => {
  it('requires a title and a description and fills the contract defaults', () => {
    expect(ticketFields({ subject: ' ', description: 'x' })).toEqual({ error: SupportMessages.subjectRequired });
    expect(ticketFields({ subject: 'Refund', description: '' })).toEqual({ error: SupportMessages.descriptionRequired });
    expect(ticketFields({ subject: ' Refund ', description: ' Charged twice ' })).toEqual({
      fields: { subject: 'Refund', description: 'Charged twice', category: 'general', priority: 'medium', related_appointment_id: null },
    });
    expect(ticketFields({ subject: 'a', description: 'b', priority: 'critical' as never })).toEqual({ error: SupportMessages.priority });
    expect(ticketFields({ subject: 'a', description: 'b', category: 'legal' as never })).toEqual({ error: SupportMessages.category });
    expect(ticketFields({ subject: 'a'.repeat(201), description: 'b' })).toEqual({ error: SupportMessages.subjectTooLong });
  });

  it('changes only the given fields on edit', () => {
    const current = { subject: 'Refund', description: 'Charged twice', category: 'billing' as const, priority: 'high' as const, related_appointment_id: 4 };
    expect(mergeTicketFields(current, { priority: 'urgent' })).toEqual({ fields: { ...current, priority: 'urgent' } });
    expect(mergeTicketFields(current, { related_appointment_id: null })).toEqual({ fields: { ...current, related_appointment_id: null } });
    expect(mergeTicketFields(current, { subject: '' })).toEqual({ error: SupportMessages.subjectRequired });
  });

  it('accepts messages of 1 to 5,000 characters', () => {
    expect(messageText('  ')).toEqual({ error: SupportMessages.messageRequired });
    expect(messageText('a'.repeat(5001))).toEqual({ error: SupportMessages.messageTooLong });
    expect(messageText(' Thanks ')).toEqual({ message: 'Thanks' });
  });
});

describe('the contact form', () => {
  const valid = { name: 'Amina Wanjiru', email: 'Amina@Example.co.ke', subject: 'billing' as const, message: 'I was charged twice.' };

  it("validates with the contract's messages", () => {
    expect(contactTicket({ ...valid, name: 'A' })).toEqual({ error: SupportMessages.contactName });
    expect(contactTicket({ ...valid, email: 'amina@' })).toEqual({ error: SupportMessages.contactEmail });
    expect(contactTicket({ ...valid, subject: 'misc' as never })).toEqual({ error: SupportMessages.contactSubject });
    expect(contactTicket({ ...valid, subject: 'hello-world' as never })).toEqual({ error: SupportMessages.contactSubject });
    expect(contactTicket({ ...valid, message: 'Too short' })).toEqual({ error: SupportMessages.contactMessage });
  });

  it('becomes a ticket whose category comes from the subject choice', () => {
    expect(contactTicket(valid)).toEqual({
      ticket: { name: 'Amina Wanjiru', email: 'amina@example.co.ke', subject: 'Contact form: Billing & Payments', description: 'I was charged twice.', category: 'billing' },
    });
    expect(contactTicket({ ...valid, subject: 'complaint' })).toMatchObject({ ticket: { category: 'general', subject: 'Contact form: Complaint' } });
  });
});

describe('unread', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute));
  it("shows the owner an admin's reply until they open the conversation", () => {
    const t = { last_owner_activity_at: at(0), last_staff_message_at: at(5), owner_read_at: null, staff_read_at: at(5) };
    expect(isUnread('owner', t)).toBe(true);
    expect(isUnread('owner', { ...t, owner_read_at: at(6) })).toBe(false);
    expect(isUnread('admin', t)).toBe(false);
    expect(isUnread('admin', { ...t, last_owner_activity_at: at(7) })).toBe(true);
    expect(isUnread('owner', { ...t, last_staff_message_at: null })).toBe(false);
  });
});
