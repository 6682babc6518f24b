import { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { requireEventStream, eventStreamName } from '@afya/service-shared';
import { READ_MODEL_TABLES, REPORTING_CONSUMER } from './apply';

/**
 * Forgets everything the read models learnt from events so that the next start of the service replays the
 * stream from its first message: empties the read-model tables and this consumer's processed ids in one
 * transaction, and deletes the durable consumer (a new one is created with DeliverPolicy.All at start).
 * Run it while the reporting service is stopped (src/rebuild-cli.ts does exactly that for operators).
 */
export async function resetReadModels(dataSource: DataSource, nc: NatsConnection): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.query(`TRUNCATE ${READ_MODEL_TABLES.join(', ')}`);
    await manager.query(`DELETE FROM processed_events WHERE consumer = $1`, [REPORTING_CONSUMER.replace(/[^A-Za-z0-9_-]/g, '_')]);
  });
  const jsm = await requireEventStream(nc);
  await jsm.consumers.delete(eventStreamName(), REPORTING_CONSUMER.replace(/[^A-Za-z0-9_-]/g, '_')).catch(() => undefined);
}
