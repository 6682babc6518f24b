import { EntitySubscriberInterface, EventSubscriber, TransactionCommitEvent, TransactionStartEvent } from 'typeorm';
import { deadlinePassed, remainingMs } from '../rpc/deadline';

/**
 * Transactions inside a bus request with a deadline (rpc/deadline.ts): each statement may run only for the time
 * left (`SET LOCAL statement_timeout`, so a slow statement is cancelled by PostgreSQL: 57014, answered 504),
 * and a transaction reaching COMMIT after the deadline throws instead, so TypeORM rolls it back: the caller
 * already told its client 504, and a write it was told failed must not appear later.
 */
@EventSubscriber()
export class DeadlineSubscriber implements EntitySubscriberInterface {
  async afterTransactionStart(event: TransactionStartEvent): Promise<void> {
    const left = remainingMs();
    if (left === undefined) return;
    if (left <= 0) throw deadlinePassed();
    // Nested transactions (savepoints) inherit the outer SET LOCAL; setting it again is harmless.
    await event.queryRunner.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(left))}`);
  }

  beforeTransactionCommit(_event: TransactionCommitEvent): void {
    const left = remainingMs();
    if (left !== undefined && left <= 0) throw deadlinePassed();
  }
}
