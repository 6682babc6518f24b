import type { OnApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { env } from '../config/env';
import { getProcessLogger } from '../logging/logger';
import { installJobTables } from './job-tables';

/**
 * One service's pg-boss: its database, the service's own schema for pg-boss's tables (jobs are rows there: they
 * survive restarts, several replicas take each job once with SELECT … FOR UPDATE SKIP LOCKED), and its pool, retry
 * and maintenance settings. `migrate` is set here, not by the service: true when installing, false at runtime.
 */
export type JobQueueOptions = Omit<PgBoss.ConstructorOptions, 'migrate'> & { connectionString: string; schema: string };

/** A pg-boss whose errors (a lost connection, a failed maintenance run) go to the process log. */
function loggedBoss(options: PgBoss.ConstructorOptions): PgBoss {
  const boss = new PgBoss(options);
  boss.on('error', (error) => getProcessLogger().error({ err: error }, `job queue: ${error.message}`));
  return boss;
}

/**
 * Installs (or upgrades) pg-boss's tables in the service's schema (installJobTables, as the migrator: no CREATE
 * SCHEMA) and creates the queue when it is missing: a service's migration step, or its start in development.
 */
export async function installJobQueue(options: JobQueueOptions, queue: string): Promise<void> {
  await installJobTables(options.connectionString, options.schema, PgBoss.getConstructionPlans(options.schema));
  const boss = loggedBoss({ ...options, migrate: true, supervise: false });
  await boss.start();
  try {
    if (!(await boss.getQueue(queue))) await boss.createQueue(queue, { name: queue, policy: 'standard' });
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/**
 * A service's job queue, started on first use (installed first when DB_MIGRATE_ON_START, as in development; a
 * deployed service's migration Job installs it and runtime pods need no DDL right), stopped with the application:
 * jobs in hand are finished, or, past the timeout, left for another process once they expire.
 */
export abstract class ServiceJobQueue implements OnApplicationShutdown {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;

  /** The queue this service sends to and works (created on install). */
  protected abstract readonly queueName: string;

  /** pg-boss's options for this service (read when the queue starts). */
  protected abstract queueOptions(): JobQueueOptions;

  /** Started on first use. */
  instance(): Promise<PgBoss> {
    if (!this.starting) {
      this.starting = (async () => {
        const options = this.queueOptions();
        if (env('DB_MIGRATE_ON_START', 'true') === 'true') await installJobQueue(options, this.queueName);
        const boss = loggedBoss({ ...options, migrate: false });
        await boss.start();
        this.boss = boss;
        return boss;
      })();
    }
    return this.starting;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    await this.boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.boss = null;
  }
}
