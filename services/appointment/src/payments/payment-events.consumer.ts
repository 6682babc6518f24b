import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainEvent, EventConsumer, recordEvent } from '@afya/service-shared';
import { PaymentEvents, type PaymentEventData } from '@afya/payment-service/contracts';
import { AppointmentEvents } from '../../contracts';
import { APPOINTMENT_SELECT, AppointmentRow, toEventData } from '../appointments/appointment.sql';
import { settlePaid } from '../insurance/cover-check.service';

/**
 * The payment service's verdicts on an appointment (issue 9): payment.completed → paid, and a Pending
 * appointment becomes Confirmed; payment.refunded → unpaid again; payment.failed changes nothing here (the
 * patient may try again). Applied once per event (EventConsumer's processed_events), in one transaction with
 * the appointment.updated event other read models follow.
 */
export async function applyPaymentEvent(manager: EntityManager, type: string, data: PaymentEventData): Promise<void> {
  if (!data?.appointment_id) return;
  const [current] = (await manager.query(`${APPOINTMENT_SELECT} WHERE a.appointment_id = $1 FOR UPDATE OF a`, [data.appointment_id])) as AppointmentRow[];
  if (!current) return;
  if (current.cover && (type === PaymentEvents.completed || type === PaymentEvents.refunded)) {
    // Issue 38: a covered visit counts what was paid; it is paid when nothing is left due (settlePaid).
    const amount = Number(data.amount) || 0;
    await manager.query(`UPDATE appointment_covers SET paid_amount = GREATEST(0, paid_amount + $2) WHERE appointment_id = $1`, [
      data.appointment_id,
      type === PaymentEvents.completed ? amount : -amount,
    ]);
    await settlePaid(manager, data.appointment_id, current);
    return;
  }
  let changed: number;
  if (type === PaymentEvents.completed) {
    const result = (await manager.query(
      `UPDATE appointments
          SET paid = true,
              appointment_status = CASE WHEN appointment_status = 'Pending' THEN 'Confirmed' ELSE appointment_status END,
              updated_at = now()
        WHERE appointment_id = $1 AND (paid = false OR appointment_status = 'Pending')`,
      [data.appointment_id],
    )) as [unknown[], number];
    changed = result[1];
  } else if (type === PaymentEvents.refunded) {
    const result = (await manager.query(`UPDATE appointments SET paid = false, updated_at = now() WHERE appointment_id = $1 AND paid = true`, [data.appointment_id])) as [unknown[], number];
    changed = result[1];
  } else {
    return;
  }
  if (!changed) return;
  const [updated] = (await manager.query(`${APPOINTMENT_SELECT} WHERE a.appointment_id = $1`, [data.appointment_id])) as AppointmentRow[];
  const previous = current.appointment_status !== updated.appointment_status ? current.appointment_status : undefined;
  await recordEvent(manager, AppointmentEvents.updated, toEventData(updated, previous));
}

@Injectable()
export class PaymentEventsConsumer implements OnApplicationBootstrap {
  constructor(private readonly events: EventConsumer) {}

  async onApplicationBootstrap(): Promise<void> {
    const handler = (event: DomainEvent<PaymentEventData>, manager: EntityManager) => applyPaymentEvent(manager, event.type, event.data);
    await this.events.consume('appointment-payments', {
      [PaymentEvents.completed]: handler,
      [PaymentEvents.refunded]: handler,
      [PaymentEvents.failed]: handler,
    });
  }
}
