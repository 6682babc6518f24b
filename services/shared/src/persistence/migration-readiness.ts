import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { registerReadinessCheck } from '../ops/health';

const UNDEFINED_TABLE = '42P01';

/**
 * The migrations this code knows (the DataSource's list, in order) that its schema's migrations table does not
 * record. Read-only (a plain SELECT, no TypeORM migration executor, which would CREATE the table): the runtime
 * role may run it. A schema without a migrations table has nothing applied.
 */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as { schema?: string }).schema ?? 'public';
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const rows: Array<{ name: string }> = await dataSource
    .query(`SELECT name FROM "${schema}"."${table}"`)
    .catch((error: { code?: string }) => {
      if (error.code === UNDEFINED_TABLE) return [];
      throw error;
    });
  const applied = new Set(rows.map((row) => row.name));
  // TypeORM's own naming: a migration's `name` property, else its class name
  return dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name).filter((name) => !applied.has(name));
}

/**
 * Two readiness checks for the service's database (ops/health.ts): `database:<schema>` (it answers `SELECT 1`,
 * within the readiness timeout) and `migrations:<schema>` (every migration in this image is applied). A new pod
 * whose migration Job has not run (or failed) stays unready, so the rollout stops with the old pods serving.
 * Once all are applied the answer is kept: migrations are never un-applied under a running release.
 */
@Injectable()
export class DatabaseReadiness implements OnApplicationBootstrap, OnApplicationShutdown {
  private unregister: Array<() => void> = [];
  private migrated = false;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    const schema = (this.dataSource.options as { schema?: string }).schema ?? 'public';
    this.unregister = [
      registerReadinessCheck(`database:${schema}`, () => this.dataSource.query('SELECT 1')),
      registerReadinessCheck(`migrations:${schema}`, () => this.assertMigrated()),
    ];
  }

  onApplicationShutdown(): void {
    for (const unregister of this.unregister.splice(0)) unregister();
  }

  private async assertMigrated(): Promise<void> {
    if (this.migrated) return;
    const pending = await pendingMigrations(this.dataSource);
    if (pending.length > 0) throw new Error(`pending migrations: ${pending.join(', ')} (run this service's migration Job)`);
    this.migrated = true;
  }
}
