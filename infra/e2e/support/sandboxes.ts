/**
 * The providers' sandboxes the platform under test sends to (started by global-setup.js): the SMS sandbox records
 * every SMS, the local SMTP server's inbox every email. A journey reads what arrived for its own recipient.
 */
export const SMS_URL = process.env.E2E_SMS_URL;
export const MAIL_URL = process.env.E2E_MAIL_URL;
/** The USSD simulator (issue 42): its page at `/`, its API under `/api/sessions`. */
export const USSD_URL = process.env.E2E_USSD_URL;

export interface SmsMessage {
  to: string;
  message: string;
}

export interface InboxEmail {
  id: string;
  subject: string;
  text?: string;
  to: { address: string }[];
}

/** Reads until `read` gives a value (a message arrives), every 300 ms for `timeoutMs` at the most. */
export async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The SMS the sandbox recorded for this phone number, oldest first. */
export const smsTo = async (phone: string) => ((await (await fetch(`${SMS_URL}/messages`)).json()) as SmsMessage[]).filter((m) => m.to === phone);

/** The emails the inbox holds for this address. */
export const emailsTo = async (address: string) =>
  ((await (await fetch(`${MAIL_URL}/api/email`)).json()) as InboxEmail[]).filter((e) => e.to.some((t) => t.address === address));
