import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventConsumer } from '@afya/service-shared';
import { AppointmentEvents } from '@afya/appointment-service/contracts';

/**
 * The admin user list shows each user's appointment count (CONTRACT.md §3) without reading the
 * appointment schema: this read model follows appointment events.
 */
@Injectable()
export class AppointmentCountsConsumer implements OnApplicationBootstrap {
  constructor(private readonly events: EventConsumer) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consume('auth-appointment-counts', {
      [AppointmentEvents.created]: (event, manager) => this.adjust(manager, event.data, +1),
      [AppointmentEvents.deleted]: (event, manager) => this.adjust(manager, event.data, -1),
    });
  }

  /**
   * SQL, not an entity: an atomic increment-or-insert (ON CONFLICT ... count + delta) that concurrent events
   * cannot lose, which TypeORM's save() cannot express.
   */
  private async adjust(manager: EntityManager, data: { user_id?: number }, delta: number): Promise<void> {
    if (!data?.user_id) return;
    await manager.query(
      `INSERT INTO user_appointment_counts (user_id, appointments_count) VALUES ($1, GREATEST($2, 0))
       ON CONFLICT (user_id) DO UPDATE SET appointments_count = GREATEST(user_appointment_counts.appointments_count + $2, 0)`,
      [data.user_id, delta],
    );
  }
}
