import { DataSource, DataSourceOptions } from 'typeorm';
import { configureProcessLogger, connectNats, serviceDataSourceOptions } from '@afya/service-shared';
import { resetReadModels } from './read-models/rebuild';
import { reportingDatabase } from './reporting.database';

const logger = configureProcessLogger({ service: 'reporting:rebuild' });

/**
 * `node dist/src/rebuild-cli.js` with the reporting service stopped: empties the read models and deletes the
 * durable consumer; the next start replays the whole event stream (infra/bench/reporting-replay.js times it).
 */
async function main(): Promise<void> {
  const dataSource = await new DataSource({ ...(serviceDataSourceOptions(reportingDatabase) as DataSourceOptions), migrationsRun: false }).initialize();
  const nc = await connectNats('afya-reporting-rebuild', 'reporting');
  try {
    await resetReadModels(dataSource, nc);
    logger.info('read models emptied; the next start replays the event stream');
  } finally {
    await nc.drain();
    await dataSource.destroy();
  }
}

main().catch((error: Error) => {
  logger.error({ err: error }, `rebuild failed: ${error.message}`);
  process.exit(1);
});
