import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainEvent, EventConsumer, isMessageLanguage } from '@afya/service-shared';
import { AuthEvents, type UserEventData } from '@afya/auth-service/contracts';
import { AppointmentEvents, type AppointmentEventData } from '@afya/appointment-service/contracts';

/** Applies auth's user events to the support service's names, emails, phones, statuses and languages (idempotent: an upsert). */
export async function applyUserEvent(manager: EntityManager, data: Partial<UserEventData> | undefined, deleted = false): Promise<void> {
  if (!data?.user_id) return;
  await manager.query(
    `INSERT INTO user_directory (user_id, firstname, lastname, email, role, contact_phone, status, deleted, language, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9, 'en'), now())
     ON CONFLICT (user_id) DO UPDATE SET firstname = EXCLUDED.firstname, lastname = EXCLUDED.lastname,
       email = COALESCE(EXCLUDED.email, user_directory.email), role = EXCLUDED.role,
       contact_phone = EXCLUDED.contact_phone, status = COALESCE(EXCLUDED.status, user_directory.status),
       deleted = EXCLUDED.deleted, language = COALESCE($9, user_directory.language), updated_at = now()`,
    [
      data.user_id,
      data.firstname ?? '',
      data.lastname ?? '',
      data.email ?? null,
      data.role ?? 'user',
      data.contact_phone ?? null,
      data.status ?? null,
      deleted,
      // events from before the language existed carry none: the stored one (or English) stays
      isMessageLanguage(data.language) ? data.language : null,
    ],
  );
}

/**
 * An erased account (user.deleted with `erased`): the directory already holds the anonymised fields (applyUserEvent);
 * its tickets also lose the name and email the contact form copied in, and its delivery log rows the masked address,
 * the failure text (a provider's may quote the address) and the provider's message id (by which the provider could
 * name the number). The tickets themselves stay (kept for audit), and each logged message keeps its kind, channel,
 * times and status.
 */
export async function applyErasedUser(manager: EntityManager, data: Partial<UserEventData> | undefined): Promise<void> {
  if (!data?.erased || !data.user_id) return;
  await manager.query(`UPDATE tickets SET contact_name = NULL, contact_email = NULL WHERE user_id = $1 AND (contact_name IS NOT NULL OR contact_email IS NOT NULL)`, [
    data.user_id,
  ]);
  await manager.query(
    `UPDATE deliveries SET recipient = NULL, reason = NULL, provider_message_id = NULL, updated_at = now()
      WHERE user_id = $1 AND (recipient IS NOT NULL OR reason IS NOT NULL OR provider_message_id IS NOT NULL)`,
    [data.user_id],
  );
}

/** Applies appointment events: who saw which doctor when, and in what state (the doctor's view of their patients' tickets). */
export async function applyAppointmentEvent(manager: EntityManager, data: Partial<AppointmentEventData> | undefined, deleted = false): Promise<void> {
  if (!data?.appointment_id || !data.user_id || !data.doctor_user_id || !data.appointment_date) return;
  await manager.query(
    `INSERT INTO appointment_directory (appointment_id, user_id, doctor_user_id, appointment_date, appointment_status, time_slot, deleted, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (appointment_id) DO UPDATE SET user_id = EXCLUDED.user_id, doctor_user_id = EXCLUDED.doctor_user_id,
       appointment_date = EXCLUDED.appointment_date, appointment_status = COALESCE(EXCLUDED.appointment_status, appointment_directory.appointment_status),
       time_slot = COALESCE(EXCLUDED.time_slot, appointment_directory.time_slot),
       deleted = appointment_directory.deleted OR EXCLUDED.deleted, updated_at = now()`,
    [data.appointment_id, data.user_id, data.doctor_user_id, data.appointment_date, data.appointment_status ?? null, data.time_slot ?? null, deleted],
  );
}

/**
 * The support service learns names and appointments from the other services' JetStream events (two durable
 * consumers: nats-server 2.9 allows one subject filter per consumer, and user.* and appointment.* have
 * different roots). Each event is applied once (EventConsumer records its id in the same transaction).
 */
@Injectable()
export class DirectoryConsumer implements OnApplicationBootstrap {
  constructor(private readonly events: EventConsumer) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consume('support-users', {
      [AuthEvents.registered]: (event: DomainEvent<UserEventData>, manager) => applyUserEvent(manager, event.data),
      [AuthEvents.updated]: (event: DomainEvent<UserEventData>, manager) => applyUserEvent(manager, event.data),
      [AuthEvents.deleted]: async (event: DomainEvent<UserEventData>, manager) => {
        await applyUserEvent(manager, event.data, true);
        await applyErasedUser(manager, event.data);
      },
    });
    await this.events.consume('support-appointments', {
      [AppointmentEvents.created]: (event: DomainEvent<AppointmentEventData>, manager) => applyAppointmentEvent(manager, event.data),
      [AppointmentEvents.updated]: (event: DomainEvent<AppointmentEventData>, manager) => applyAppointmentEvent(manager, event.data),
      [AppointmentEvents.cancelled]: (event: DomainEvent<AppointmentEventData>, manager) => applyAppointmentEvent(manager, event.data),
      [AppointmentEvents.deleted]: (event: DomainEvent<AppointmentEventData>, manager) => applyAppointmentEvent(manager, event.data, true),
    });
  }
}
