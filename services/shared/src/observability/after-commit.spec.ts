import { DataSource, DataSourceOptions } from 'typeorm';
import { serviceDataSourceOptions } from '../persistence/database.module';
import { dropSchema, ensureSchema } from '../persistence/schema';
import { afterCommit } from './after-commit';

/** Business counters count what committed (real PostgreSQL, TypeORM's transaction events). */
describe('afterCommit', () => {
  let dataSource: DataSource;
  let options: DataSourceOptions & { url: string; schema: string };

  beforeAll(async () => {
    options = serviceDataSourceOptions({ schema: 'aftercommit', entities: [], migrations: [] }) as DataSourceOptions & { url: string; schema: string };
    await ensureSchema(options.url, options.schema);
    dataSource = await new DataSource(options).initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await dropSchema(options.url, options.schema).catch(() => undefined);
  });

  it('runs the work once the outer transaction has committed, not before', async () => {
    const seen: string[] = [];
    await dataSource.transaction(async (manager) => {
      afterCommit(manager, () => seen.push('counted'));
      await manager.query('SELECT 1');
      // a savepoint released inside it is not the commit
      await manager.transaction(async (inner) => {
        afterCommit(inner, () => seen.push('inner counted'));
        await inner.query('SELECT 1');
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['counted', 'inner counted']);
  });

  it('never runs it when the transaction rolls back', async () => {
    const seen: string[] = [];
    await expect(
      dataSource.transaction(async (manager) => {
        afterCommit(manager, () => seen.push('counted'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // the next transaction on a pooled connection does not run the dropped work either
    await dataSource.transaction((manager) => manager.query('SELECT 1'));
    expect(seen).toEqual([]);
  });

  it('runs it at once outside a transaction', () => {
    const seen: string[] = [];
    afterCommit(dataSource.manager, () => seen.push('counted'));
    expect(seen).toEqual(['counted']);
  });
});
