import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { env, getProcessLogger, installJobTables, schemaFor, transactionJobDb, serviceDatabaseUrl } from '@afya/service-shared';
import { COMMUNICATIONS_CONFIG, type CommunicationsConfig, type JobQueueSettings } from './communications.config';

/** The one queue of outbound messages: a job is one message on one channel, with its run time. */
export const SEND_QUEUE = 'communications-send';

/**
 * pg-boss keeps its tables in the support schema (created by the migration step, like every table of the schema,
 * so runtime pods need no DDL rights): jobs are rows, they survive restarts, several replicas take each job once
 * (SELECT … FOR UPDATE SKIP LOCKED), failures are retried with backoff.
 */
export function jobQueueOptions(config: JobQueueSettings, migrate: boolean): PgBoss.ConstructorOptions {
  return {
    connectionString: serviceDatabaseUrl('support'),
    schema: schemaFor('support'),
    application_name: 'support-jobs',
    max: 4,
    migrate,
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
  await installJobTables(serviceDatabaseUrl('support'), schemaFor('support'), PgBoss.getConstructionPlans(schemaFor('support')));
  const boss = new PgBoss({ ...jobQueueOptions(config, true), supervise: false });
  boss.on('error', (error) => getProcessLogger().error({ err: error }, `job queue: ${error.message}`));
  await boss.start();
  try {
    if (!(await boss.getQueue(SEND_QUEUE))) await boss.createQueue(SEND_QUEUE, { name: SEND_QUEUE, policy: 'standard' });
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/** pg-boss's Db over a TypeORM transaction (services/shared). */
export const transactionDb = (manager: EntityManager): PgBoss.Db => transactionJobDb(manager) as PgBoss.Db;

@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;

  constructor(@Inject(COMMUNICATIONS_CONFIG) private readonly config: CommunicationsConfig) {}

  /** Started on first use (the consumer and the sender both need it). */
  instance(): Promise<PgBoss> {
    if (!this.starting) {
      this.starting = (async () => {
        if (env('DB_MIGRATE_ON_START', 'true') === 'true') await installJobQueue(this.config);
        const boss = new PgBoss(jobQueueOptions(this.config, false));
        boss.on('error', (error) => getProcessLogger().error({ err: error }, `job queue: ${error.message}`));
        await boss.start();
        this.boss = boss;
        return boss;
      })();
    }
    return this.starting;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    // Jobs in hand are finished (or, past the timeout, left for another process once they expire).
    await this.boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.boss = null;
  }
}
