import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainEvent, EventConsumer, recordEvent } from '@afya/service-shared';
import { AuthEvents, type UserEventData as AuthUserEventData } from '@afya/auth-service/contracts';
import { AppointmentEvents } from '../../contracts';
import { applyErasedUser } from '../appointments/erased-user';
import { DoctorRow, returnedRows, toDoctorEventData } from '../doctors/doctors.service';
import { SlotHolds } from '../waitlist/slot-holds';

/** What auth's user.registered / user.updated / user.deleted carry (a type-only import: no runtime dependency). */
export type UserEventData = Pick<AuthUserEventData, 'user_id' | 'firstname' | 'lastname' | 'role'> &
  Partial<Pick<AuthUserEventData, 'email' | 'status' | 'contact_phone' | 'erased'>>;

const RETURNING = `RETURNING doctor_id, user_id, first_name, last_name, specialization, fee::float8 AS fee, contact_phone, available_days, offers_video,
                   approval_status, active, created_at, updated_at`;

/**
 * Applies a user event to this service's read model (names for patient_full_name and nested users) and to
 * doctor profiles: a doctor account gets a pending profile when it has none, and keeps its names and phone
 * in sync; an account that is deleted, suspended or no longer a doctor stops being listed and bookable.
 */
export async function applyUserEvent(manager: EntityManager, data: UserEventData, deleted = false): Promise<void> {
  if (!data?.user_id) return;
  const status = data.status ?? 'active';
  await manager.query(
    `INSERT INTO user_directory (user_id, firstname, lastname, email, role, status, contact_phone, deleted, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
     ON CONFLICT (user_id) DO UPDATE SET firstname = EXCLUDED.firstname, lastname = EXCLUDED.lastname, email = EXCLUDED.email,
       role = EXCLUDED.role, status = EXCLUDED.status, contact_phone = EXCLUDED.contact_phone, deleted = EXCLUDED.deleted,
       updated_at = now()`,
    [data.user_id, data.firstname ?? '', data.lastname ?? '', data.email ?? null, data.role, status, data.contact_phone ?? null, deleted],
  );
  const bookable = !deleted && data.role === 'doctor' && status === 'active';
  const [existing]: DoctorRow[] = await manager.query(`SELECT * FROM doctors WHERE user_id = $1 FOR UPDATE`, [data.user_id]);
  if (!existing) {
    if (data.role !== 'doctor' || deleted) return;
    await manager.query(
      `INSERT INTO doctors (user_id, first_name, last_name, contact_phone, active) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO NOTHING`,
      [data.user_id, data.firstname ?? '', data.lastname ?? '', data.contact_phone ?? null, bookable],
    );
    return;
  }
  const changed =
    existing.first_name !== data.firstname ||
    existing.last_name !== data.lastname ||
    (existing.contact_phone ?? null) !== (data.contact_phone ?? null) ||
    existing.active !== bookable;
  if (!changed) return;
  const [updated] = returnedRows<DoctorRow>(await manager.query(
    `UPDATE doctors SET first_name = $2, last_name = $3, contact_phone = $4, active = $5, updated_at = now() WHERE user_id = $1 ${RETURNING}`,
    [data.user_id, data.firstname ?? existing.first_name, data.lastname ?? existing.last_name, data.contact_phone ?? null, bookable],
  ));
  await recordEvent(manager, AppointmentEvents.doctorUpdated, { ...toDoctorEventData(updated), active: updated.active });
}

@Injectable()
export class UserDirectoryConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly events: EventConsumer,
    private readonly holds: SlotHolds,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consume('appointment-users', {
      [AuthEvents.registered]: (event: DomainEvent<UserEventData>, manager) => applyUserEvent(manager, event.data),
      [AuthEvents.updated]: (event: DomainEvent<UserEventData>, manager) => applyUserEvent(manager, event.data),
      [AuthEvents.deleted]: async (event: DomainEvent<UserEventData>, manager) => {
        await applyUserEvent(manager, event.data, true);
        // Every deletion is an erasure now; `erased` is checked so an older deletion replayed from the stream changes nothing more.
        if (event.data?.erased && event.data.user_id) {
          const cancelled = await applyErasedUser(manager, event.data.user_id);
          // the waitlist forgets them; the slots their erasure freed go to the patients waiting for them
          await this.holds.userErased(manager, event.data.user_id, cancelled);
        }
      },
    });
  }
}
