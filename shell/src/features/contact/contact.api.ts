import { calls } from 'shell/api-client';
import type { ContactPayload, ContactReply } from '@afya/support-service/contracts';
import { SupportMessages } from '@afya/support-service/contracts/catalog';

/** Payload of the contact form (CONTRACT.md §3). */
export type ContactMessage = ContactPayload;

/**
 * The ONE place the contact form submits through: POST /api/contact, which files a ticket in the admin's
 * support desk (CONTRACT.md §10: the form really arrives; no simulated delay). Rejects with the server's message
 * (validation, rate limit) or the contract's default.
 */
export function submitContactMessage(msg: ContactMessage): Promise<ContactReply> {
  return calls.support.contact({ body: msg }, { context: { fallback: SupportMessages.contactFailed } });
}
