import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { envInt, getProcessLogger, installJobQueue, type JobQueueOptions, schemaFor, ServiceJobQueue, serviceDatabaseUrl, transactionJobDb } from '@afya/service-shared';

/** One job per offer, due when its hold ends: the offer passes to the next patient unless it was claimed. */
export const OFFER_EXPIRY_QUEUE = 'waitlist-offer-expiry';

export interface OfferExpiryJob {
  offer_id: number;
}

/**
 * pg-boss in the appointment schema (its tables installed by the migration step, like the schema's own): a job is
 * a row queued in the same transaction as the offer it ends, so an offer never exists without its expiry, survives a
 * restart, and is taken by one replica at a time (SELECT … FOR UPDATE SKIP LOCKED). The handler locks the offer
 * and acts only on one still held and due, so a job run twice (a worker died after acting) changes nothing more.
 */
function queueOptions(): JobQueueOptions {
  return {
    connectionString: serviceDatabaseUrl('appointment'),
    schema: schemaFor('appointment'),
    application_name: 'appointment-jobs',
    max: 2,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 60,
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
  };
}

/** Installs (or upgrades) pg-boss's tables and the queue: the migration step, or a start in development. */
export async function installOfferExpiryQueue(): Promise<void> {
  await installJobQueue(queueOptions(), OFFER_EXPIRY_QUEUE);
}

/** Started on first use (ServiceJobQueue, services/shared). */
@Injectable()
export class OfferExpiryQueue extends ServiceJobQueue {
  protected readonly queueName = OFFER_EXPIRY_QUEUE;

  protected queueOptions(): JobQueueOptions {
    return queueOptions();
  }

  /** Queues the offer's expiry, due at `at`, inside the caller's transaction. */
  async schedule(manager: EntityManager, offerId: number, at: Date): Promise<void> {
    const boss = await this.instance();
    await boss.send(OFFER_EXPIRY_QUEUE, { offer_id: offerId } satisfies OfferExpiryJob, { startAfter: at, db: transactionJobDb(manager) });
  }

  /** Runs `handle` for each due job (every replica works; each job goes to one). */
  async work(handle: (job: OfferExpiryJob) => Promise<void>): Promise<void> {
    const boss = await this.instance();
    await boss.work<OfferExpiryJob>(OFFER_EXPIRY_QUEUE, { batchSize: 10, pollingIntervalSeconds: envInt('WAITLIST_POLL_SECONDS', 2) }, async (jobs) => {
      // one by one; a job that fails is failed alone (pg-boss retries it with backoff), the rest of the batch completes
      for (const job of jobs) {
        try {
          await handle(job.data);
        } catch (error) {
          getProcessLogger().warn({ err: error, offerId: job.data.offer_id }, 'waitlist offer expiry failed; retried');
          await boss.fail(OFFER_EXPIRY_QUEUE, job.id, { message: String((error as Error)?.message ?? error) });
        }
      }
    });
  }
}
