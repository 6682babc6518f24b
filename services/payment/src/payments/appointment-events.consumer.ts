import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainEvent, EventConsumer } from '@afya/service-shared';
import { AppointmentEventData, AppointmentEvents } from '@afya/appointment-service/contracts';
import { PaymentsService } from './payments.service';

/**
 * appointment.created / updated / cancelled → the appointment's status here (`appointment_states`: a payment for an
 * appointment cancelled meanwhile is flagged), and a cancellation's automatic refund (PaymentsService.refundCancelled).
 */
@Injectable()
export class AppointmentEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly events: EventConsumer,
    private readonly payments: PaymentsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const apply = (cancelled: boolean) => (event: DomainEvent<AppointmentEventData>, manager: EntityManager) => this.apply(manager, event, cancelled);
    await this.events.consume('payment-appointments', {
      [AppointmentEvents.created]: apply(false),
      [AppointmentEvents.updated]: apply(false),
      [AppointmentEvents.cancelled]: apply(true),
    });
  }

  private async apply(manager: EntityManager, { data, occurredAt }: DomainEvent<AppointmentEventData>, cancelled: boolean): Promise<void> {
    if (!data?.appointment_id) return;
    await manager.query(
      `INSERT INTO appointment_states (appointment_id, status, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (appointment_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()`,
      [data.appointment_id, data.appointment_status],
    );
    if (cancelled) await this.payments.refundCancelled(manager, data, occurredAt);
  }
}
