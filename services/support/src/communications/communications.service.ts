import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, forbidden, getProcessLogger, isMessageLanguage, notFound, parsePayload, type Principal, requestLanguage, rowsPage, type RowsPage, unauthorized } from '@afya/service-shared';
import { AppointmentMessages } from '@afya/appointment-service/contracts';
import {
  DeliveriesQuerySchema,
  type CalendarFileReply,
  type DeliveryListPayload,
  type DataExportTicketsReply,
  type DeliveryView,
  type NotificationPreferences,
  type PasswordResetMessagePayload,
  type SmsDeliveryReportPayload,
  type UssdLockedMessagePayload,
  PreferencesBodySchema,
} from '../../contracts';
import { PASSWORD_RESET_MINUTES } from '@afya/auth-service/contracts';
import { COMMUNICATIONS_CONFIG, type CommunicationsConfig } from './communications.config';
import { EmailProvider, SmsProvider } from './providers';
import { appointmentCalendar, type CalendarVisit } from './rules/calendar';
import { reportApplies, reportedStatus } from './rules/delivery-reports';
import { kenyanMobile, maskRecipient, resetEmailContent, resetSmsText, ussdLockedSmsText } from './rules/messages';

const LIST_LIMIT_MAX = 100;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

@Injectable()
export class CommunicationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(COMMUNICATIONS_CONFIG) private readonly config: CommunicationsConfig,
    private readonly sms: SmsProvider,
    private readonly email: EmailProvider,
  ) {}

  /**
   * GET /appointments/{id}/calendar.ics: the visit as the emails attach it (same UID, the current SEQUENCE, TZID
   * Africa/Nairobi, cancelled when it was), in the requester's language. Its patient, its doctor and admins; anyone
   * else, and a visit this service has not heard of or that was deleted, 404.
   */
  async calendarFile(actor: Principal, id: unknown): Promise<CalendarFileReply> {
    const appointmentId = Number(id);
    if (!Number.isInteger(appointmentId) || appointmentId < 1) throw notFound(AppointmentMessages.appointmentNotFound);
    const [row] = (await this.db.query(
      `SELECT appointment_id, user_id, doctor_user_id, doctor_name, appointment_type, to_char(appointment_date, 'YYYY-MM-DD') AS appointment_date,
              time_slot, status, paid, duration, deleted, sequence
         FROM message_appointments WHERE appointment_id = $1`,
      [appointmentId],
    )) as (Omit<CalendarVisit, 'cancelled'> & { user_id: number; doctor_user_id: number; deleted: boolean })[];
    const mayRead = row && !row.deleted && (actor.role === 'admin' || (actor.role === 'user' && row.user_id === actor.userId) || (actor.role === 'doctor' && row.doctor_user_id === actor.userId));
    if (!mayRead) throw notFound(AppointmentMessages.appointmentNotFound);
    const ics = appointmentCalendar(
      { ...row, cancelled: row.status === 'Cancelled' },
      {
        domain: this.config.calendarDomain,
        organizerEmail: this.config.mailFrom.replace(/^.*<([^>]+)>.*$/, '$1'),
        url: `${this.config.publicAppUrl}/dashboard/appointments`,
        language: requestLanguage(),
      },
    );
    return { filename: `appointment-${appointmentId}.ics`, ics };
  }

  /**
   * A password-reset link or code from auth, sent at once (not queued: the secret is never stored here; auth keeps
   * the request and asks again when this service could not take it). The delivery log gets its row, without the secret.
   */
  async sendPasswordReset(payload: PasswordResetMessagePayload): Promise<{ sent: boolean }> {
    const channel = payload?.channel;
    if ((channel !== 'email' && channel !== 'sms') || !payload.to || !Number.isInteger(payload.user_id)) throw badRequest('Not a password-reset message');
    const address = channel === 'sms' ? kenyanMobile(payload.to) : payload.to;
    // the account's language, as auth sent it (English for anything else)
    const language = isMessageLanguage(payload.language) ? payload.language : 'en';
    const jobId = randomUUID();
    const record = (status: string, reason: string | null, providerId: string | null = null, providerStatus: string | null = null) =>
      this.db.query(
        `INSERT INTO deliveries (job_id, user_id, kind, channel, recipient, status, reason, provider_message_id, provider_status, attempts, due_at, sent_at)
         VALUES ($1, $2, 'password-reset', $3, $4, $5, $6, $7, $8, 1, now(), CASE WHEN $5 = 'sent' THEN now() END)`,
        [jobId, payload.user_id, channel, address ? maskRecipient(channel, address) : null, status, reason, providerId, providerStatus],
      );
    if (!address) {
      await record('skipped', 'unknown phone format');
      return { sent: false };
    }
    try {
      const sent =
        channel === 'sms'
          ? await this.sms.send(address, resetSmsText(payload.code ?? '', PASSWORD_RESET_MINUTES, language))
          : await this.email.send({ to: address, ...resetEmailContent(payload.firstname, payload.link ?? '', PASSWORD_RESET_MINUTES, language) });
      await record('sent', null, sent.providerMessageId, sent.providerStatus);
      return { sent: true };
    } catch (error) {
      await record('failed', (error as Error).message.slice(0, 300));
      getProcessLogger().warn({ userId: payload.user_id, channel, err: error }, 'password reset message failed');
      return { sent: false };
    }
  }

  /**
   * Issue 42: auth locked USSD for a patient after wrong PINs. One SMS now (not queued: the lock is now), in the delivery
   * log as kind 'ussd-locked'; a failure is logged and answered, never thrown (the lock stands either way).
   */
  async sendUssdLocked(payload: UssdLockedMessagePayload): Promise<{ sent: boolean }> {
    if (!payload || !Number.isInteger(payload.user_id) || typeof payload.to !== 'string') throw badRequest('Not a USSD lock message');
    const address = kenyanMobile(payload.to);
    const language = isMessageLanguage(payload.language) ? payload.language : 'en';
    const record = (status: string, reason: string | null, providerId: string | null = null, providerStatus: string | null = null) =>
      this.db.query(
        `INSERT INTO deliveries (job_id, user_id, kind, channel, recipient, status, reason, provider_message_id, provider_status, attempts, due_at, sent_at)
         VALUES ($1, $2, 'ussd-locked', 'sms', $3, $4, $5, $6, $7, 1, now(), CASE WHEN $4 = 'sent' THEN now() END)`,
        [randomUUID(), payload.user_id, address ? maskRecipient('sms', address) : null, status, reason, providerId, providerStatus],
      );
    if (!address) {
      await record('skipped', 'unknown phone format');
      return { sent: false };
    }
    try {
      const sent = await this.sms.send(address, ussdLockedSmsText(payload.tries, payload.minutes, language));
      await record('sent', null, sent.providerMessageId, sent.providerStatus);
      return { sent: true };
    } catch (error) {
      await record('failed', (error as Error).message.slice(0, 300));
      getProcessLogger().warn({ userId: payload.user_id, err: error }, 'USSD lock message failed');
      return { sent: false };
    }
  }

  /** The caller's part of their data export held here: their message preferences and their delivery log. */
  async dataExport(principal: Principal): Promise<Pick<DataExportTicketsReply, 'message_preferences' | 'messages'>> {
    const [[preferences], rows] = (await Promise.all([
      this.db.query(`SELECT sms, email, updated_at FROM notification_preferences WHERE user_id = $1`, [principal.userId]),
      this.db.query(
        `SELECT delivery_id::int AS delivery_id, appointment_id, kind, channel, recipient, status, reason, provider_status, attempts, due_at, sent_at, updated_at
           FROM deliveries WHERE user_id = $1 ORDER BY created_at, delivery_id`,
        [principal.userId],
      ),
    ])) as [(NotificationPreferences & { updated_at: Date })[], (Omit<DeliveryView, 'user_id' | 'user_name'> & { due_at: Date; sent_at: Date | null; updated_at: Date })[]];
    return {
      message_preferences: preferences ? { sms: preferences.sms, email: preferences.email, updated_at: new Date(preferences.updated_at).toISOString() } : null,
      messages: rows.map((r) => ({
        ...r,
        due_at: new Date(r.due_at).toISOString(),
        sent_at: r.sent_at ? new Date(r.sent_at).toISOString() : null,
        updated_at: new Date(r.updated_at).toISOString(),
      })),
    };
  }

  async preferences(principal: Principal): Promise<NotificationPreferences> {
    const [row] = (await this.db.query(`SELECT sms, email FROM notification_preferences WHERE user_id = $1`, [principal.userId])) as NotificationPreferences[];
    return row ?? { sms: true, email: true };
  }

  async setPreferences(principal: Principal, payload: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
    const { sms, email } = parsePayload(PreferencesBodySchema, payload);
    const [row] = (await this.db.query(
      `INSERT INTO notification_preferences (user_id, sms, email) VALUES ($1, COALESCE($2, true), COALESCE($3, true))
       ON CONFLICT (user_id) DO UPDATE SET sms = COALESCE($2, notification_preferences.sms), email = COALESCE($3, notification_preferences.email), updated_at = now()
       RETURNING sms, email`,
      [principal.userId, sms ?? null, email ?? null],
    )) as NotificationPreferences[];
    return row;
  }

  /**
   * A delivery report from Africa's Talking: the message's provider status (Success → delivered, Failed/Rejected →
   * failed). A message already delivered or failed keeps its state, and a report repeating the recorded provider
   * status changes nothing (rules/delivery-reports.ts); the row is locked, so reports arriving together apply in turn.
   */
  async deliveryReport(payload: SmsDeliveryReportPayload): Promise<{ ok: true }> {
    if (!payload?.token || !sameSecret(String(payload.token), this.config.smsDeliveryReportToken)) throw unauthorized('Unknown callback');
    if (!payload.id || !payload.status) throw badRequest('id and status are required');
    const providerStatus = String(payload.status).slice(0, 40);
    const reason = payload.failureReason ? String(payload.failureReason).slice(0, 100) : null;
    const next = reportedStatus(providerStatus);
    const outcome = await this.db.transaction(async (manager) => {
      const [current] = (await manager.query(
        `SELECT delivery_id, status, provider_status FROM deliveries WHERE provider_message_id = $1 AND channel = 'sms' ORDER BY delivery_id LIMIT 1 FOR UPDATE`,
        [String(payload.id)],
      )) as { delivery_id: string; status: string; provider_status: string | null }[];
      if (!current) return 'unknown';
      if (!reportApplies(current, providerStatus)) return 'unchanged';
      await manager.query(
        `UPDATE deliveries SET provider_status = $2,
                status = COALESCE($3, status),
                reason = CASE WHEN $3 = 'failed' THEN COALESCE($4, reason) ELSE reason END,
                updated_at = now()
          WHERE delivery_id = $1`,
        [current.delivery_id, providerStatus, next, reason],
      );
      return 'applied';
    });
    if (outcome === 'unknown') getProcessLogger().info({ providerMessageId: payload.id }, 'delivery report for a message we do not know');
    if (outcome === 'unchanged') getProcessLogger().info({ providerMessageId: payload.id, providerStatus }, 'delivery report changes nothing (final state or duplicate)');
    return { ok: true };
  }

  /** The admin's delivery log: newest first, searched by name, email, masked number or appointment id; paged here. */
  async list(principal: Principal, payload: DeliveryListPayload): Promise<RowsPage<DeliveryView>> {
    if (principal.role !== 'admin') throw forbidden();
    const page = Math.max(1, Math.trunc(Number(payload?.page ?? 1)) || 1);
    const limit = Math.min(LIST_LIMIT_MAX, Math.max(1, Math.trunc(Number(payload?.limit ?? 20)) || 20));
    const { status, channel } = parsePayload(DeliveriesQuerySchema.pick({ status: true, channel: true }), { status: payload?.status, channel: payload?.channel });
    const search = typeof payload?.search === 'string' ? payload.search.trim().slice(0, 100) : '';
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (status) conditions.push(`d.status = $${params.push(status)}`);
    if (channel) conditions.push(`d.channel = $${params.push(channel)}`);
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const byId = /^\d{1,9}$/.test(search) ? ` OR d.appointment_id = ${Number(search)}` : '';
      conditions.push(
        `(u.firstname || ' ' || u.lastname ILIKE $${params.push(like)} OR u.email ILIKE $${params.length} OR d.recipient ILIKE $${params.length} OR d.kind ILIKE $${params.length}${byId})`,
      );
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM deliveries d LEFT JOIN user_directory u ON u.user_id = d.user_id ${where}`,
      params,
    )) as { total: number }[];
    const rows = (await this.db.query(
      `SELECT d.delivery_id::int AS delivery_id, d.user_id, NULLIF(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), '') AS user_name,
              d.appointment_id, d.kind, d.channel, d.recipient, d.status, d.reason, d.provider_status, d.attempts,
              d.due_at, d.sent_at, d.updated_at
         FROM deliveries d LEFT JOIN user_directory u ON u.user_id = d.user_id
         ${where}
        ORDER BY d.created_at DESC, d.delivery_id DESC
        LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    )) as DeliveryView[];
    const deliveries = rows.map((r) => ({
      ...r,
      due_at: new Date(r.due_at).toISOString(),
      sent_at: r.sent_at ? new Date(r.sent_at).toISOString() : null,
      updated_at: new Date(r.updated_at).toISOString(),
    }));
    return rowsPage(deliveries, total);
  }
}
