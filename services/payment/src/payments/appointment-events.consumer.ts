import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DomainEvent, EventConsumer } from '@afya/service-shared';
import { AppointmentEventData, AppointmentEvents } from '@afya/appointment-service/contracts';
import { PaymentsService } from './payments.service';

/** appointment.created / updated / cancelled → the appointment's status here, and automatic refunds. */
@Injectable()
export class AppointmentEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly events: EventConsumer,
    private readonly payments: PaymentsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const apply = (cancelled: boolean) => (event: DomainEvent<AppointmentEventData>, manager: Parameters<PaymentsService['applyAppointmentEvent']>[0]) =>
      this.payments.applyAppointmentEvent(manager, event.data, event.occurredAt, cancelled);
    await this.events.consume('payment-appointments', {
      [AppointmentEvents.created]: apply(false),
      [AppointmentEvents.updated]: apply(false),
      [AppointmentEvents.cancelled]: apply(true),
    });
  }
}
