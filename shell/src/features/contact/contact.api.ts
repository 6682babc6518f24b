/** Payload of the contact form (SPEC.md section 3). */
export interface ContactMessage {
  name: string;
  email: string;
  subject: 'general' | 'appointment' | 'technical' | 'billing' | 'complaint' | 'other';
  message: string;
}

export const CONTACT_SIMULATED_DELAY_MS = 1000;

/**
 * The ONE place the contact form submits through. For now it behaves as SPEC.md says (1 s simulated
 * send, no server call). When the support service is up, replace the body with:
 *   return api.post('support/contact', msg, { fallback: 'Failed to send message. Please try again.' });
 */
export async function submitContactMessage(msg: ContactMessage): Promise<void> {
  void msg;
  await new Promise((resolve) => setTimeout(resolve, CONTACT_SIMULATED_DELAY_MS));
}
