import { EntityManager, EntitySubscriberInterface, EventSubscriber, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';

const pending = new WeakMap<QueryRunner, Array<() => void>>();

/**
 * Runs `work` once the transaction `manager` belongs to has committed, and never if it rolls back: business
 * counters (afya_payments_total, ...) count what is true in the database, not attempts. Code that records an
 * outcome deep inside a transaction it does not own (payment-store.ts) uses this; code that owns the transaction
 * simply counts after `dataSource.transaction(...)` resolves. Outside a transaction, `work` runs at once.
 */
export function afterCommit(manager: EntityManager, work: () => void): void {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) {
    work();
    return;
  }
  const list = pending.get(runner);
  if (list) list.push(work);
  else pending.set(runner, [work]);
}

/**
 * TypeORM's public transaction events drive afterCommit: the outer COMMIT (the runner's transaction is no longer
 * active; a savepoint's release leaves it active) runs the work, the outer ROLLBACK drops it.
 */
@EventSubscriber()
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (event.queryRunner.isTransactionActive) return;
    const list = pending.get(event.queryRunner);
    pending.delete(event.queryRunner);
    for (const work of list ?? []) work();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) pending.delete(event.queryRunner);
  }
}
