import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { COMMUNICATIONS_CONFIG, type CommunicationsConfig } from './communications.config';

/** A provider refused or failed a message. Permanent: sending again cannot help (a number AT refuses, a 5xx SMTP reply). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface SentMessage {
  providerMessageId: string;
  providerStatus: string;
}

interface AtRecipient {
  statusCode: number;
  number: string;
  status: string;
  cost: string;
  messageId: string;
}

/** Per-recipient codes Africa's Talking documents as accepted (100 Processed, 101 Sent, 102 Queued). */
const AT_ACCEPTED = new Set([100, 101, 102]);
/** …and those where trying again later may work (405 InsufficientBalance, 500 InternalServerError, 501 GatewayError, 502 RejectedByGateway). */
const AT_TRANSIENT = new Set([405, 500, 501, 502]);

/** Africa's Talking's SMS API over plain HTTP: POST /version1/messaging, form fields, the apiKey header. */
@Injectable()
export class SmsProvider {
  constructor(@Inject(COMMUNICATIONS_CONFIG) private readonly config: CommunicationsConfig) {}

  async send(to: string, message: string): Promise<SentMessage> {
    const { baseUrl, username, apiKey, senderId } = this.config.sms;
    const form = new URLSearchParams({ username, to, message });
    if (senderId) form.set('from', senderId);
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/version1/messaging`, {
        method: 'POST',
        headers: { apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new ProviderError(`Africa's Talking unreachable: ${(error as Error).message}`, false);
    }
    const text = await response.text();
    if (response.status !== 201 && response.status !== 200) throw new ProviderError(`Africa's Talking answered ${response.status}: ${text.slice(0, 200)}`, false);
    let recipient: AtRecipient | undefined;
    try {
      recipient = (JSON.parse(text) as { SMSMessageData: { Recipients: AtRecipient[] } }).SMSMessageData.Recipients[0];
    } catch {
      throw new ProviderError(`Africa's Talking answered something unexpected: ${text.slice(0, 200)}`, false);
    }
    if (!recipient) throw new ProviderError(`Africa's Talking accepted no recipient: ${text.slice(0, 200)}`, true);
    if (!AT_ACCEPTED.has(recipient.statusCode)) throw new ProviderError(`Africa's Talking: ${recipient.status} (${recipient.statusCode})`, !AT_TRANSIENT.has(recipient.statusCode));
    return { providerMessageId: recipient.messageId, providerStatus: recipient.status };
  }
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
}

/** Email over SMTP with nodemailer (a pooled connection to SMTP_URL). */
@Injectable()
export class EmailProvider implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(COMMUNICATIONS_CONFIG) private readonly config: CommunicationsConfig) {
    this.transport = nodemailer.createTransport({ url: config.smtpUrl, pool: true, maxConnections: 5, connectionTimeout: 15_000, socketTimeout: 30_000 });
  }

  async send(email: OutgoingEmail): Promise<SentMessage> {
    try {
      const info = await this.transport.sendMail({ from: this.config.mailFrom, ...email });
      return { providerMessageId: String(info.messageId), providerStatus: String(info.response ?? 'accepted').slice(0, 200) };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx from the server: this address will not take it; anything else (connection, 4xx) may pass later
      throw new ProviderError(`SMTP: ${(error as Error).message}`.slice(0, 300), typeof code === 'number' && code >= 500);
    }
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
