import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainEvent, EventConsumer } from '@afya/service-shared';
import { AuthEvents, type UserEventData } from '@afya/auth-service/contracts';

/**
 * An erased account's payments keep what the law and the accounts need (amounts, dates, provider references,
 * receipts, keyed by the user id) and lose the direct identifiers copied in at payment time: the patient's name
 * and the M-Pesa phone number. Idempotent (an UPDATE to NULL).
 */
export async function applyErasedUser(manager: EntityManager, data: Partial<UserEventData> | undefined): Promise<void> {
  if (!data?.erased || !data.user_id) return;
  await manager.query(`UPDATE payments SET patient_name = NULL, phone = NULL, updated_at = now() WHERE user_id = $1 AND (patient_name IS NOT NULL OR phone IS NOT NULL)`, [
    data.user_id,
  ]);
}

@Injectable()
export class ErasedUserConsumer implements OnApplicationBootstrap {
  constructor(private readonly events: EventConsumer) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consume('payment-users', {
      [AuthEvents.deleted]: (event: DomainEvent<UserEventData>, manager) => applyErasedUser(manager, event.data),
    });
  }
}
