import { randomUUID } from 'node:crypto';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { DomainEvent, EventConsumer, getProcessLogger } from '@afya/service-shared';
import { type AppointmentEventData, AppointmentEvents, DEFAULT_DURATION_MINUTES, type NewTimeNeededEventData, type WaitlistOfferedEventData } from '@afya/appointment-service/contracts';
import { type PaymentEventData, PaymentEvents } from '@afya/payment-service/contracts';
import { ProducerEventTypes, type VitalAlertCreatedEventData } from '../../contracts';
import { JobQueue, SEND_QUEUE, transactionDb } from './job-queue';
import { isConfirmedVisit } from './rules/calendar';
import { carersToTell, type CarerLinkFacts } from './rules/carers';
import { CHANNELS, type Channel, isCarerMessage, type MessageKind, reminderSchedule, REMINDED_STATUSES, visitStart, type WaitlistOfferFacts } from './rules/messages';

/** A job of the send queue: one message on one channel. */
export interface SendJob {
  kind: MessageKind;
  channel: Channel;
  user_id: number;
  /** null for a waitlist offer (no appointment yet). */
  appointment_id: number | null;
  /** Waitlist offers: the slot held and until when (a message due after that is not sent). */
  offer?: WaitlistOfferFacts;
  /** When the message was due (a provider outage is retried for 24 hours from here). */
  due_at: string;
  /** Reminders: the visit's start they were planned for (a moved visit's old reminder sends nothing). */
  planned_start?: string;
  /** Payment confirmations: the payment, whose receipt PDF the email carries. */
  payment_id?: number;
  /** Reschedule messages: where the visit was. */
  previous?: { appointment_date: string; time_slot: string };
  /** A critical reading's alert to its doctor (issue 39): which alert (ids only; the values stay in the prescription service). */
  alert_id?: number;
  /** A carer's copy of a member's visit message (issue 36): whose visit, and the link re-checked when it is sent. */
  carer_of?: { member_user_id: number; link_id: number };
}

/** A message to queue on every channel, due at runAt. */
interface QueuedMessage {
  job: Omit<SendJob, 'channel' | 'due_at'>;
  runAt: Date;
}

interface MessageAppointmentRow {
  appointment_id: number;
  appointment_date: string;
  time_slot: string;
  /** The visit's doctor (an admin may move a visit that needs a new time to a colleague: issue 37). */
  doctor_user_id: number;
  status: string;
  paid: boolean;
  deleted: boolean;
}

/**
 * Turns the other services' events into message jobs, in the consumer's transaction: the event is marked applied,
 * the appointment recorded and its jobs queued (or withdrawn) together, so a redelivered event queues nothing twice
 * and a crash queues nothing half. Confirmations go at once; reminders 24 h and 2 h before the visit.
 */
@Injectable()
export class MessageScheduler implements OnApplicationBootstrap {
  constructor(
    private readonly events: EventConsumer,
    private readonly queue: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.instance();
    await this.events.consume('support-messages-appointments', {
      [AppointmentEvents.created]: (event: DomainEvent<AppointmentEventData>, manager) => this.booked(manager, event.data, new Date(event.occurredAt)),
      [AppointmentEvents.updated]: (event: DomainEvent<AppointmentEventData>, manager) => this.changed(manager, event.data),
      [AppointmentEvents.cancelled]: (event: DomainEvent<AppointmentEventData>, manager) => this.cancelled(manager, event.data),
      [AppointmentEvents.deleted]: (event: DomainEvent<AppointmentEventData>, manager) => this.deleted(manager, event.data),
      [AppointmentEvents.newTimeNeeded]: (event: DomainEvent<NewTimeNeededEventData>, manager) => this.newTimeNeeded(manager, event.data),
    });
    await this.events.consume('support-messages-waitlist', {
      [AppointmentEvents.waitlistOffered]: (event: DomainEvent<WaitlistOfferedEventData>, manager) => this.offered(manager, event.data),
    });
    await this.events.consume('support-messages-payments', {
      [PaymentEvents.completed]: (event: DomainEvent<PaymentEventData>, manager) => this.paid(manager, event.data),
    });
    await this.events.consume('support-messages-vital-alerts', {
      [ProducerEventTypes.vitalAlertCreated]: (event: DomainEvent<VitalAlertCreatedEventData>, manager) => this.vitalAlert(manager, event.data),
    });
  }

  /**
   * A critical reading alerted a doctor caring for the patient (issue 39, decision 0107): the doctor gets an SMS and
   * an email at once that say where to look, never the value or who. Applied once per event (processed_events).
   */
  private async vitalAlert(manager: EntityManager, data: VitalAlertCreatedEventData): Promise<void> {
    await this.enqueue(manager, [{ job: { kind: 'vital-alert', user_id: data.doctor_user_id, appointment_id: null, alert_id: data.alert_id }, runAt: new Date() }]);
  }

  /**
   * Records the appointment as the event tells it and answers what was known before (null: first seen), in one
   * statement. The previous row is read and locked first (the insert selects from it, so the CTE runs before the
   * upsert: read after it, FOR UPDATE would skip the row the statement itself had changed), then replaced.
   */
  private async record(manager: EntityManager, data: AppointmentEventData, status = data.appointment_status): Promise<MessageAppointmentRow | null> {
    const [row] = (await manager.query(
      `WITH previous AS (
         SELECT appointment_id, to_char(appointment_date, 'YYYY-MM-DD') AS appointment_date, time_slot, doctor_user_id, status, paid, deleted
           FROM message_appointments WHERE appointment_id = $1 FOR UPDATE)
       INSERT INTO message_appointments
         (appointment_id, user_id, doctor_user_id, doctor_name, patient_name, appointment_type, appointment_date, time_slot, status, paid, duration)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, COALESCE($11::integer, $12::integer) FROM (SELECT count(*) FROM previous) AS read_first
       ON CONFLICT (appointment_id) DO UPDATE SET user_id = EXCLUDED.user_id, doctor_user_id = EXCLUDED.doctor_user_id,
         doctor_name = CASE WHEN EXCLUDED.doctor_name = '' THEN message_appointments.doctor_name ELSE EXCLUDED.doctor_name END,
         patient_name = CASE WHEN EXCLUDED.patient_name = '' THEN message_appointments.patient_name ELSE EXCLUDED.patient_name END,
         appointment_type = EXCLUDED.appointment_type, appointment_date = EXCLUDED.appointment_date, time_slot = EXCLUDED.time_slot,
         status = EXCLUDED.status, paid = EXCLUDED.paid,
         duration = CASE WHEN $11::integer IS NULL THEN message_appointments.duration ELSE EXCLUDED.duration END, updated_at = now()
       RETURNING (SELECT to_json(previous) FROM previous) AS previous`,
      [
        data.appointment_id,
        data.user_id,
        data.doctor_user_id,
        data.doctor_name ?? '',
        data.patient_name ?? '',
        data.appointment_type,
        data.appointment_date,
        data.time_slot,
        status,
        data.paid === true,
        Number.isInteger(data.duration) && data.duration! > 0 && data.duration! <= 480 ? data.duration : null,
        DEFAULT_DURATION_MINUTES,
      ],
    )) as { previous: MessageAppointmentRow | null }[];
    return row.previous ?? null;
  }

  private async booked(manager: EntityManager, data: AppointmentEventData, bookedAt: Date): Promise<void> {
    const previous = await this.record(manager, data);
    if (previous) return; // known already (an update arrived first): its jobs exist
    const now = new Date();
    const confirmation: QueuedMessage = { job: { kind: 'booking-confirmation', user_id: data.user_id, appointment_id: data.appointment_id }, runAt: now };
    const reminders = REMINDED_STATUSES.includes(data.appointment_status) ? this.reminders(data, bookedAt > now ? bookedAt : now) : [];
    await this.enqueue(manager, [confirmation, ...reminders]);
  }

  private async changed(manager: EntityManager, data: AppointmentEventData): Promise<void> {
    const previous = await this.record(manager, data);
    // a new doctor at the same time is a move too (an admin's move to a colleague: the patient and the colleague are told)
    const moved =
      previous !== null && (previous.appointment_date !== data.appointment_date || previous.time_slot !== data.time_slot || previous.doctor_user_id !== data.doctor_user_id);
    // Paid or confirmed (or no longer): the calendar's STATUS changes, so the event takes a new SEQUENCE too.
    const reconfirmed = previous !== null && isConfirmedVisit(previous) !== isConfirmedVisit({ status: data.appointment_status, paid: data.paid === true });
    const stillOn = REMINDED_STATUSES.includes(data.appointment_status);
    if (moved || reconfirmed) await manager.query(`UPDATE message_appointments SET sequence = sequence + 1 WHERE appointment_id = $1`, [data.appointment_id]);
    if (previous === null) {
      if (stillOn) await this.enqueue(manager, this.reminders(data, new Date()));
      return;
    }
    if (moved || !stillOn) await this.withdraw(manager, data.appointment_id, true);
    const now = new Date();
    const messages = moved && stillOn ? this.reminders(data, now) : [];
    if (moved && data.previous_appointment_date && data.previous_time_slot) {
      // a reschedule: the patient gets the new time (and the updated calendar event), the doctor is told
      const previous = { appointment_date: data.previous_appointment_date, time_slot: data.previous_time_slot };
      messages.push(
        { job: { kind: 'reschedule', user_id: data.user_id, appointment_id: data.appointment_id, previous }, runAt: now },
        { job: { kind: 'doctor-reschedule', user_id: data.doctor_user_id, appointment_id: data.appointment_id, previous }, runAt: now },
      );
    }
    await this.enqueue(manager, messages);
  }

  private async cancelled(manager: EntityManager, data: AppointmentEventData): Promise<void> {
    const previous = await this.record(manager, data, 'Cancelled');
    if (previous?.status === 'Cancelled') return;
    await manager.query(`UPDATE message_appointments SET sequence = sequence + 1 WHERE appointment_id = $1`, [data.appointment_id]);
    // the reminders go; confirmations already queued still tell what happened, in order
    await this.withdraw(manager, data.appointment_id, true);
    await this.enqueue(manager, [{ job: { kind: 'cancellation', user_id: data.user_id, appointment_id: data.appointment_id }, runAt: new Date() }]);
  }

  private async deleted(manager: EntityManager, data: AppointmentEventData): Promise<void> {
    await this.record(manager, data);
    await manager.query(`UPDATE message_appointments SET deleted = true, updated_at = now() WHERE appointment_id = $1`, [data.appointment_id]);
    await this.withdraw(manager, data.appointment_id, false);
  }

  /**
   * A payment: the confirmation (its email carries the receipt and the calendar file). The visit is paid from now on:
   * a booking that was tentative becomes confirmed in the patient's calendar, with a new SEQUENCE, in this transaction,
   * so the confirmation's calendar file is that update whichever of the payment and the appointment's own update
   * arrives first.
   */
  private async paid(manager: EntityManager, data: PaymentEventData): Promise<void> {
    if (!data.appointment_id || !data.patient_id) return;
    const [known] = (await manager.query(`SELECT status, paid FROM message_appointments WHERE appointment_id = $1 FOR UPDATE`, [data.appointment_id])) as {
      status: string;
      paid: boolean;
    }[];
    if (known && !known.paid) {
      const bump = isConfirmedVisit(known) ? 0 : 1;
      await manager.query(`UPDATE message_appointments SET paid = true, sequence = sequence + $2, updated_at = now() WHERE appointment_id = $1`, [data.appointment_id, bump]);
    }
    await this.enqueue(manager, [
      { job: { kind: 'payment-confirmation', user_id: data.patient_id, appointment_id: data.appointment_id, payment_id: data.payment_id }, runAt: new Date() },
    ]);
  }

  /** A freed slot held for a waitlisted patient: the offer goes at once, by SMS and email. */
  /**
   * The doctor's leave or a clinic closure fell on the visit (issue 37): its patient is asked, by SMS and email at
   * once, to pick a new time. The event is applied once (the consumer's record of applied events, in this
   * transaction), so a redelivery queues nothing twice; a visit that moves before they go withdraws them.
   */
  private async newTimeNeeded(manager: EntityManager, data: NewTimeNeededEventData): Promise<void> {
    await this.enqueue(manager, [{ job: { kind: 'new-time-needed', user_id: data.user_id, appointment_id: data.appointment_id }, runAt: new Date() }]);
  }

  private async offered(manager: EntityManager, data: WaitlistOfferedEventData): Promise<void> {
    const { offer_id, doctor_name, appointment_date, time_slot, expires_at } = data;
    await this.enqueue(manager, [
      { job: { kind: 'waitlist-offer', user_id: data.user_id, appointment_id: null, offer: { offer_id, doctor_name, appointment_date, time_slot, expires_at } }, runAt: new Date() },
    ]);
  }

  /** The visit's reminders still ahead of `now`. */
  private reminders(data: AppointmentEventData, now: Date): QueuedMessage[] {
    const plannedStart = visitStart(data.appointment_date, data.time_slot).toISOString();
    return reminderSchedule(data.appointment_date, data.time_slot, now).map((reminder) => ({
      job: { kind: reminder.kind, user_id: data.user_id, appointment_id: data.appointment_id, planned_start: plannedStart },
      runAt: reminder.at,
    }));
  }

  /**
   * Queues each message on every channel, in the event's transaction: all jobs in one insert and their listing in
   * another, whatever their number (a booking's confirmation and four reminders were 12 statements, one per job and
   * per listing: the support consumer fell behind the bookings; docs/decisions/0077-fewer-statements-per-booking-and-read.md).
   */
  private async enqueue(manager: EntityManager, patientMessages: QueuedMessage[]): Promise<void> {
    if (!patientMessages.length) return;
    const messages = [...patientMessages, ...(await this.carerCopies(manager, patientMessages))];
    const jobs: PgBoss.JobInsert<SendJob>[] = [];
    const listed: { job_id: string; appointment_id: number; kind: string; channel: Channel; run_at: string }[] = [];
    for (const { job, runAt } of messages) {
      for (const channel of CHANNELS) {
        const id = randomUUID();
        jobs.push({ id, name: SEND_QUEUE, data: { ...job, channel, due_at: runAt.toISOString() }, startAfter: runAt.toISOString() });
        // the jobs of an appointment are listed so a cancellation or a move withdraws them (an offer has none)
        if (job.appointment_id !== null) listed.push({ job_id: id, appointment_id: job.appointment_id, kind: job.kind, channel, run_at: runAt.toISOString() });
      }
    }
    const boss = await this.queue.instance();
    await boss.insert(jobs, { db: transactionDb(manager) });
    if (!listed.length) return;
    await manager.query(
      `INSERT INTO message_jobs (job_id, appointment_id, kind, channel, run_at)
       SELECT job_id, appointment_id, kind, channel, run_at
         FROM jsonb_to_recordset($1::jsonb) AS r(job_id uuid, appointment_id integer, kind text, channel text, run_at timestamptz)`,
      [JSON.stringify(listed)],
    );
  }

  /**
   * The same visit messages for the patient's carers the links name (issue 36, decision 0118): every active carer of
   * a child, a linked adult's carer with `reminders`. One read for the batch; the sender checks each link again.
   */
  private async carerCopies(manager: EntityManager, messages: QueuedMessage[]): Promise<QueuedMessage[]> {
    const patients = [...new Set(messages.filter((m) => isCarerMessage(m.job.kind)).map((m) => m.job.user_id))];
    if (!patients.length) return [];
    const links = (await manager.query(
      `SELECT link_id, carer_user_id, member_user_id, kind, status, scopes, to_char(ends_on, 'YYYY-MM-DD') AS ends_on
         FROM family_links WHERE member_user_id = ANY($1::int[]) AND status = 'active' ORDER BY link_id`,
      [patients],
    )) as (CarerLinkFacts & { link_id: number; carer_user_id: number; member_user_id: number })[];
    if (!links.length) return [];
    const now = new Date();
    return messages.flatMap(({ job, runAt }) =>
      carersToTell(
        job.kind,
        links.filter((link) => link.member_user_id === job.user_id && link.carer_user_id !== job.user_id),
        now,
      ).map((link) => ({ job: { ...job, user_id: link.carer_user_id, carer_of: { member_user_id: job.user_id, link_id: link.link_id } }, runAt })),
    );
  }

  /** Withdraws the appointment's queued jobs not yet sent (reminders only, or every kind). */
  private async withdraw(manager: EntityManager, appointmentId: number, remindersOnly: boolean): Promise<void> {
    const rows = (await manager.query(
      `UPDATE message_jobs SET withdrawn = true
        WHERE appointment_id = $1 AND NOT withdrawn ${remindersOnly ? `AND kind LIKE 'reminder-%'` : ''}
        RETURNING job_id`,
      [appointmentId],
    )) as [{ job_id: string }[], number];
    const ids = rows[0].map((r) => r.job_id);
    if (!ids.length) return;
    const boss = await this.queue.instance();
    await boss.cancel(SEND_QUEUE, ids, { db: transactionDb(manager) });
    getProcessLogger().info({ appointmentId, jobs: ids.length }, 'withdrew queued messages');
  }
}
