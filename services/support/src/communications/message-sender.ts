import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { getProcessLogger, isMessageLanguage, type MessageLanguage, NOTIFICATION_TEXTS } from '@afya/service-shared';
import { COMMUNICATIONS_CONFIG, type CommunicationsConfig } from './communications.config';
import { JobQueue, SEND_QUEUE } from './job-queue';
import type { SendJob } from './message-scheduler';
import { PaymentReceipts } from './payment-receipts';
import { EmailProvider, ProviderError, type SentMessage, SmsProvider } from './providers';
import { appointmentCalendar } from './rules/calendar';
import { emailContent, GIVE_UP_AFTER_MS, maskRecipient, smsText, type VisitFacts, vitalAlertEmail, vitalAlertSms, waitlistOfferEmail, type WaitlistOfferFacts, waitlistOfferSms } from './rules/messages';
import { type CarerLinkFacts, memberName } from './rules/carers';
import { deliveryDecision } from './rules/recipients';

/** A delivery in one of these states is done: a job run again (after a crash, a second replica) sends nothing. */
const FINISHED = new Set(['sent', 'delivered', 'failed', 'skipped']);

interface UserRow {
  firstname: string;
  lastname: string;
  email: string | null;
  contact_phone: string | null;
  status: string | null;
  deleted: boolean;
  language: MessageLanguage;
}

interface AppointmentRow extends VisitFacts {
  user_id: number;
  status: string;
  paid: boolean;
  duration: number;
  deleted: boolean;
  sequence: number;
}

/**
 * Takes due jobs off the queue in batches and hands each message to its provider (Africa's Talking, SMTP), all of
 * a batch at once. Each job is one delivery row (by job id): marked sending before the provider is called and sent
 * after, so a job run again after a crash that came after the provider's answer is recorded, not sent twice (the
 * window left is between the provider's answer and our commit). A provider outage fails the job: pg-boss runs it
 * again with backoff until it is 24 hours late, then it is given up; the log shows each attempt.
 */
@Injectable()
export class MessageSender implements OnApplicationBootstrap {
  private readonly logger = getProcessLogger();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(COMMUNICATIONS_CONFIG) private readonly config: CommunicationsConfig,
    private readonly queue: JobQueue,
    private readonly sms: SmsProvider,
    private readonly email: EmailProvider,
    private readonly receipts: PaymentReceipts,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.sender) return;
    const boss = await this.queue.instance();
    let workerId: string | null = null;
    workerId = await boss.work<SendJob>(SEND_QUEUE, { batchSize: this.config.batchSize, pollingIntervalSeconds: this.config.pollingIntervalSeconds }, async (jobs) => {
      await this.sendBatch(boss, jobs);
      // A full batch means more are due (10,000 reminders of one minute): fetch the next at once, not after the
      // polling interval. One worker still takes one batch at a time (a recipient's messages stay in order).
      if (jobs.length >= this.config.batchSize && workerId) boss.notifyWorker(workerId);
    });
  }

  /**
   * The batch's recipients at once, each one's messages on a channel in the order they were due (a booking's
   * confirmation before its cancellation); jobs that must be tried again are failed one by one (the rest complete).
   */
  async sendBatch(boss: PgBoss, jobs: PgBoss.Job<SendJob>[]): Promise<void> {
    const byRecipient = new Map<string, PgBoss.Job<SendJob>[]>();
    for (const job of [...jobs].sort((a, b) => a.data.due_at.localeCompare(b.data.due_at))) {
      const key = `${job.data.user_id}:${job.data.channel}`;
      byRecipient.set(key, [...(byRecipient.get(key) ?? []), job]);
    }
    const failed: { id: string; reason: unknown }[] = [];
    await Promise.all(
      [...byRecipient.values()].map(async (queue) => {
        for (const job of queue) {
          try {
            await this.deliver(job.id, job.data);
          } catch (reason) {
            failed.push({ id: job.id, reason });
          }
        }
      }),
    );
    for (const { id, reason } of failed) await boss.fail(SEND_QUEUE, id, { message: String((reason as Error)?.message ?? reason) });
  }

  async deliver(jobId: string, job: SendJob, now: Date = new Date()): Promise<void> {
    // What the decision needs, in one round trip: the delivery so far, the recipient, the visit, the preferences.
    const [facts] = (await this.db.query(
      `SELECT (SELECT status FROM deliveries WHERE job_id = $1) AS prior,
              (SELECT row_to_json(u) FROM (SELECT firstname, lastname, email, contact_phone, status, deleted, language FROM user_directory WHERE user_id = $2) u) AS user,
              (SELECT row_to_json(a) FROM (
                 SELECT appointment_id, user_id, doctor_name, patient_name, appointment_type, to_char(appointment_date, 'YYYY-MM-DD') AS appointment_date,
                        time_slot, status, paid, duration, deleted, sequence
                   FROM message_appointments WHERE appointment_id = $3) a) AS appointment,
              (SELECT row_to_json(p) FROM (SELECT sms, email FROM notification_preferences WHERE user_id = $2) p) AS preferences,
              (SELECT row_to_json(l) FROM (SELECT kind, status, scopes, to_char(ends_on, 'YYYY-MM-DD') AS ends_on FROM family_links WHERE link_id = $4) l) AS carer_link,
              (SELECT firstname FROM user_directory WHERE user_id = $5) AS member_firstname`,
      [jobId, job.user_id, job.appointment_id, job.carer_of?.link_id ?? null, job.carer_of?.member_user_id ?? null],
    )) as {
      prior: string | null;
      user: UserRow | null;
      appointment: AppointmentRow | null;
      preferences: { sms: boolean; email: boolean } | null;
      carer_link: CarerLinkFacts | null;
      member_firstname: string | null;
    }[];
    if (facts.prior && FINISHED.has(facts.prior)) return;
    const { user, appointment, preferences } = facts;
    if (!user) {
      // the user directory may lag the booking by a moment: try again (given up after 24 hours like an outage)
      return this.failOrRetry(jobId, job, null, new ProviderError('recipient not known yet', false), now);
    }
    const decision = deliveryDecision({
      kind: job.kind,
      channel: job.channel,
      user,
      preferences: preferences ?? null,
      appointment: appointment ?? null,
      plannedStart: job.planned_start,
      offerExpiresAt: job.offer?.expires_at,
      ...(job.carer_of ? { carerLink: facts.carer_link } : {}),
      now,
    });
    if (!decision.send) {
      await this.upsert(jobId, job, { status: 'skipped', reason: decision.reason, recipient: null });
      this.logger.info({ jobId, kind: job.kind, channel: job.channel, appointmentId: job.appointment_id, reason: decision.reason }, `message not sent: ${decision.reason}`);
      return;
    }
    const recipient = maskRecipient(job.channel, decision.address);
    await this.upsert(jobId, job, { status: 'sending', reason: null, recipient, attempt: true });
    let sent: SentMessage;
    try {
      // (a message about a visit got here only with the visit known: the decision sends nothing without it)
      const language: MessageLanguage = isMessageLanguage(user.language) ? user.language : 'en';
      sent =
        job.kind === 'waitlist-offer' && job.offer
          ? await this.sendOffer(job, job.offer, decision.address, user, language)
          : job.kind === 'vital-alert'
            ? await this.sendVitalAlert(job, decision.address, user, language)
            : await this.send(job, decision.address, appointment as AppointmentRow, language, await this.receiptFor(job, language), this.carerOf(job, user, facts.member_firstname, language));
    } catch (error) {
      return this.failOrRetry(jobId, job, recipient, error, now);
    }
    await this.db.query(
      `UPDATE deliveries SET status = 'sent', reason = NULL, provider_message_id = $2, provider_status = $3, sent_at = now(), updated_at = now() WHERE job_id = $1`,
      [jobId, sent.providerMessageId, sent.providerStatus],
    );
    this.logger.info({ jobId, kind: job.kind, channel: job.channel, appointmentId: job.appointment_id }, 'message sent');
  }

  private async failOrRetry(jobId: string, job: SendJob, recipient: string | null, error: unknown, now: Date): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof ProviderError && error.permanent;
    const late = now.getTime() - new Date(job.due_at).getTime() > GIVE_UP_AFTER_MS;
    if (permanent || late) {
      await this.upsert(jobId, job, { status: 'failed', reason: late && !permanent ? `given up after 24 hours: ${reason}` : reason, recipient });
      this.logger.warn({ jobId, kind: job.kind, channel: job.channel, appointmentId: job.appointment_id, reason }, 'message failed');
      return;
    }
    await this.upsert(jobId, job, { status: 'retrying', reason, recipient });
    this.logger.warn({ jobId, kind: job.kind, channel: job.channel, appointmentId: job.appointment_id, reason }, 'message will be retried');
    throw error;
  }

  /** The confirmation page's link: opening it claims nothing (the patient signs in and confirms there). */
  private sendOffer(job: SendJob, offer: WaitlistOfferFacts, address: string, user: UserRow, language: MessageLanguage): Promise<SentMessage> {
    const link = `${this.config.publicAppUrl}/dashboard/waitlist/offers/${offer.offer_id}`;
    if (job.channel === 'sms') return this.sms.send(address, waitlistOfferSms(offer, link, language));
    return this.email.send({ to: address, ...waitlistOfferEmail(offer, `${user.firstname} ${user.lastname}`.trim(), link, language) });
  }

  /** A critical reading's alert: the doctor's alerts page, nothing about the reading (issue 39). */
  private sendVitalAlert(job: SendJob, address: string, user: UserRow, language: MessageLanguage): Promise<SentMessage> {
    const link = `${this.config.publicAppUrl}/dashboard/doctor/vital-alerts`;
    if (job.channel === 'sms') return this.sms.send(address, vitalAlertSms(link, language));
    return this.email.send({ to: address, ...vitalAlertEmail(`${user.firstname} ${user.lastname}`.trim(), link, language) });
  }

  /**
   * A payment confirmation's email carries the receipt PDF. Not had (the payment service away, a timeout): the job is
   * retried like a provider outage, so the email goes later with its receipt rather than without it.
   */
  private async receiptFor(job: SendJob, language: MessageLanguage): Promise<{ filename: string; content: Buffer } | null> {
    if (job.kind !== 'payment-confirmation' || job.channel !== 'email' || !job.payment_id) return null;
    try {
      return await this.receipts.pdf(job.payment_id, job.user_id, language);
    } catch (error) {
      throw new ProviderError(`receipt not available yet: ${(error as Error).message}`.slice(0, 300), false);
    }
  }

  /** A carer's copy (issue 36): the member named by first name only, the carer greeted by theirs. */
  private carerOf(job: SendJob, user: UserRow, memberFirstname: string | null, language: MessageLanguage): { member: string; name: string } | undefined {
    if (!job.carer_of) return undefined;
    return { member: memberName(memberFirstname, NOTIFICATION_TEXTS[language].aPatient), name: `${user.firstname} ${user.lastname}`.trim() };
  }

  /** In the recipient's stored language (their profile's, learnt from auth's user events); a carer's copy says whose visit. */
  private send(
    job: SendJob,
    address: string,
    appointment: AppointmentRow,
    language: MessageLanguage,
    receipt: { filename: string; content: Buffer } | null = null,
    carer?: { member: string; name: string },
  ): Promise<SentMessage> {
    // a carer follows the member's visits on their family page
    const link = `${this.config.publicAppUrl}/dashboard/${carer ? 'family' : 'appointments'}`;
    if (job.channel === 'sms') return this.sms.send(address, smsText(job.kind, appointment, link, job.previous, language, carer?.member));
    const content = emailContent(job.kind, appointment, link, job.previous, language, carer);
    // to the doctor, and a visit that needs a new time (its calendar event changes once it has one): no calendar file
    if (job.kind === 'doctor-reschedule' || job.kind === 'new-time-needed') return this.email.send({ to: address, ...content });
    const calendar = appointmentCalendar(
      { ...appointment, cancelled: job.kind === 'cancellation' },
      { domain: this.config.calendarDomain, organizerEmail: this.config.mailFrom.replace(/^.*<([^>]+)>.*$/, '$1'), url: link, language },
    );
    return this.email.send({
      to: address,
      ...content,
      attachments: [
        { filename: 'appointment.ics', content: calendar, contentType: `text/calendar; charset=utf-8; method=${job.kind === 'cancellation' ? 'CANCEL' : 'REQUEST'}` },
        ...(receipt ? [{ filename: receipt.filename, content: receipt.content, contentType: 'application/pdf' }] : []),
      ],
    });
  }

  private async upsert(jobId: string, job: SendJob, row: { status: string; reason: string | null; recipient: string | null; attempt?: boolean }): Promise<void> {
    await this.db.query(
      `INSERT INTO deliveries (job_id, user_id, appointment_id, kind, channel, recipient, status, reason, attempts, due_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (job_id) DO UPDATE SET status = EXCLUDED.status, reason = EXCLUDED.reason,
         recipient = COALESCE(EXCLUDED.recipient, deliveries.recipient),
         attempts = deliveries.attempts + $9, updated_at = now()`,
      [jobId, job.user_id, job.appointment_id, job.kind, job.channel, row.recipient, row.status, row.reason, row.attempt ? 1 : 0, job.due_at],
    );
  }
}
