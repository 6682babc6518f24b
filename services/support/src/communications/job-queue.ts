import { Inject, Injectable } from '@nestjs/common';
import { installJobQueue as installServiceJobQueue, type JobQueueOptions, schemaFor, ServiceJobQueue, serviceDatabaseUrl, transactionJobDb } from '@afya/service-shared';
import { COMMUNICATIONS_CONFIG, type CommunicationsConfig, type JobQueueSettings } from './communications.config';

/** The one queue of outbound messages: a job is one message on one channel, with its run time. */
export const SEND_QUEUE = 'communications-send';

/**
 * pg-boss keeps its tables in the support schema (created by the migration step, like every table of the schema,
 * so runtime pods need no DDL rights): jobs are rows, they survive restarts, several replicas take each job once
 * (SELECT … FOR UPDATE SKIP LOCKED), failures are retried with backoff.
 */
export function jobQueueOptions(config: JobQueueSettings): JobQueueOptions {
  return {
    connectionString: serviceDatabaseUrl('support'),
    schema: schemaFor('support'),
    application_name: 'support-jobs',
    max: 4,
    // cron schedules are not used; maintenance expires jobs of a process that died and archives finished ones
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, config.jobExpireSeconds)),
    retryLimit: config.retryLimit,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: config.jobExpireSeconds,
  };
}

/** Installs (or upgrades) pg-boss's tables and our queue: the migration step (migrate.ts), or a service's start in development. */
export async function installJobQueue(config: JobQueueSettings): Promise<void> {
  await installServiceJobQueue(jobQueueOptions(config), SEND_QUEUE);
}

/** pg-boss's Db over a TypeORM transaction (services/shared). */
export const transactionDb = transactionJobDb;

/** Started on first use, the consumer and the sender both need it (ServiceJobQueue, services/shared). */
@Injectable()
export class JobQueue extends ServiceJobQueue {
  protected readonly queueName = SEND_QUEUE;

  constructor(@Inject(COMMUNICATIONS_CONFIG) private readonly config: CommunicationsConfig) {
    super();
  }

  protected queueOptions(): JobQueueOptions {
    return jobQueueOptions(this.config);
  }
}
