import { randomUUID } from 'node:crypto';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainEvent, EventConsumer, getProcessLogger } from '@afya/service-shared';
import { type AppointmentEventData, AppointmentEvents, type WaitlistOfferedEventData } from '@afya/appointment-service/contracts';
import { type PaymentEventData, PaymentEvents } from '@afya/payment-service/contracts';
import { JobQueue, SEND_QUEUE, transactionDb } from './job-queue';
import { CHANNELS, type Channel, type MessageKind, reminderSchedule, REMINDED_STATUSES, visitStart, type WaitlistOfferFacts } from './rules/messages';

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
}

interface MessageAppointmentRow {
  appointment_id: number;
  appointment_date: string;
  time_slot: string;
  status: string;
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
    });
    await this.events.consume('support-messages-waitlist', {
      [AppointmentEvents.waitlistOffered]: (event: DomainEvent<WaitlistOfferedEventData>, manager) => this.offered(manager, event.data),
    });
    await this.events.consume('support-messages-payments', {
      [PaymentEvents.completed]: (event: DomainEvent<PaymentEventData>, manager) => this.paid(manager, event.data),
    });
  }

  private async record(manager: EntityManager, data: AppointmentEventData, status = data.appointment_status): Promise<MessageAppointmentRow | null> {
    const [previous] = (await manager.query(
      `SELECT appointment_id, to_char(appointment_date, 'YYYY-MM-DD') AS appointment_date, time_slot, status, deleted
         FROM message_appointments WHERE appointment_id = $1 FOR UPDATE`,
      [data.appointment_id],
    )) as MessageAppointmentRow[];
    await manager.query(
      `INSERT INTO message_appointments (appointment_id, user_id, doctor_user_id, doctor_name, patient_name, appointment_type, appointment_date, time_slot, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (appointment_id) DO UPDATE SET user_id = EXCLUDED.user_id, doctor_user_id = EXCLUDED.doctor_user_id,
         doctor_name = CASE WHEN EXCLUDED.doctor_name = '' THEN message_appointments.doctor_name ELSE EXCLUDED.doctor_name END,
         patient_name = CASE WHEN EXCLUDED.patient_name = '' THEN message_appointments.patient_name ELSE EXCLUDED.patient_name END,
         appointment_type = EXCLUDED.appointment_type, appointment_date = EXCLUDED.appointment_date, time_slot = EXCLUDED.time_slot,
         status = EXCLUDED.status, updated_at = now()`,
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
      ],
    );
    return previous ?? null;
  }

  private async booked(manager: EntityManager, data: AppointmentEventData, bookedAt: Date): Promise<void> {
    const previous = await this.record(manager, data);
    if (previous) return; // known already (an update arrived first): its jobs exist
    const now = new Date();
    await this.queueBoth(manager, { kind: 'booking-confirmation', user_id: data.user_id, appointment_id: data.appointment_id }, now);
    if (REMINDED_STATUSES.includes(data.appointment_status)) await this.scheduleReminders(manager, data, bookedAt > now ? bookedAt : now);
  }

  private async changed(manager: EntityManager, data: AppointmentEventData): Promise<void> {
    const previous = await this.record(manager, data);
    const moved = previous !== null && (previous.appointment_date !== data.appointment_date || previous.time_slot !== data.time_slot);
    const stillOn = REMINDED_STATUSES.includes(data.appointment_status);
    if (moved) await manager.query(`UPDATE message_appointments SET sequence = sequence + 1 WHERE appointment_id = $1`, [data.appointment_id]);
    if (previous === null) {
      if (stillOn) await this.scheduleReminders(manager, data, new Date());
      return;
    }
    if (moved || !stillOn) await this.withdraw(manager, data.appointment_id, true);
    if (moved && stillOn) await this.scheduleReminders(manager, data, new Date());
    if (moved && data.previous_appointment_date && data.previous_time_slot) {
      // a reschedule: the patient gets the new time (and the updated calendar event), the doctor is told
      const previous = { appointment_date: data.previous_appointment_date, time_slot: data.previous_time_slot };
      const now = new Date();
      await this.queueBoth(manager, { kind: 'reschedule', user_id: data.user_id, appointment_id: data.appointment_id, previous }, now);
      await this.queueBoth(manager, { kind: 'doctor-reschedule', user_id: data.doctor_user_id, appointment_id: data.appointment_id, previous }, now);
    }
  }

  private async cancelled(manager: EntityManager, data: AppointmentEventData): Promise<void> {
    const previous = await this.record(manager, data, 'Cancelled');
    if (previous?.status === 'Cancelled') return;
    await manager.query(`UPDATE message_appointments SET sequence = sequence + 1 WHERE appointment_id = $1`, [data.appointment_id]);
    // the reminders go; confirmations already queued still tell what happened, in order
    await this.withdraw(manager, data.appointment_id, true);
    await this.queueBoth(manager, { kind: 'cancellation', user_id: data.user_id, appointment_id: data.appointment_id }, new Date());
  }

  private async deleted(manager: EntityManager, data: AppointmentEventData): Promise<void> {
    await this.record(manager, data);
    await manager.query(`UPDATE message_appointments SET deleted = true, updated_at = now() WHERE appointment_id = $1`, [data.appointment_id]);
    await this.withdraw(manager, data.appointment_id, false);
  }

  private async paid(manager: EntityManager, data: PaymentEventData): Promise<void> {
    if (!data.appointment_id || !data.patient_id) return;
    await this.queueBoth(manager, { kind: 'payment-confirmation', user_id: data.patient_id, appointment_id: data.appointment_id, payment_id: data.payment_id }, new Date());
  }

  /** A freed slot held for a waitlisted patient: the offer goes at once, by SMS and email. */
  private async offered(manager: EntityManager, data: WaitlistOfferedEventData): Promise<void> {
    const { offer_id, doctor_name, appointment_date, time_slot, expires_at } = data;
    await this.queueBoth(manager, { kind: 'waitlist-offer', user_id: data.user_id, appointment_id: null, offer: { offer_id, doctor_name, appointment_date, time_slot, expires_at } }, new Date());
  }

  private async scheduleReminders(manager: EntityManager, data: AppointmentEventData, now: Date): Promise<void> {
    const plannedStart = visitStart(data.appointment_date, data.time_slot).toISOString();
    for (const reminder of reminderSchedule(data.appointment_date, data.time_slot, now)) {
      await this.queueBoth(manager, { kind: reminder.kind, user_id: data.user_id, appointment_id: data.appointment_id, planned_start: plannedStart }, reminder.at);
    }
  }

  private async queueBoth(manager: EntityManager, job: Omit<SendJob, 'channel' | 'due_at'>, runAt: Date): Promise<void> {
    const boss = await this.queue.instance();
    const db = transactionDb(manager);
    for (const channel of CHANNELS) {
      const id = randomUUID();
      const data: SendJob = { ...job, channel, due_at: runAt.toISOString() };
      await boss.send(SEND_QUEUE, data, { id, startAfter: runAt, db });
      // the jobs of an appointment are listed so a cancellation or a move withdraws them (an offer has none)
      if (job.appointment_id === null) continue;
      await manager.query(`INSERT INTO message_jobs (job_id, appointment_id, kind, channel, run_at) VALUES ($1, $2, $3, $4, $5)`, [
        id,
        job.appointment_id,
        job.kind,
        channel,
        runAt,
      ]);
    }
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
