import type { Logger as TypeOrmLogger } from 'typeorm';
import { getProcessLogger, Logger } from './logger';

/**
 * TypeORM's messages as JSON lines on the process logger (its own loggers print coloured text). Query parameters are
 * never logged: they are the rows' values (phones, clinical notes). Failed queries are the caller's to report
 * (ServiceExceptionFilter), so they are debug lines here, with the SQL text only.
 */
export class TypeOrmJsonLogger implements TypeOrmLogger {
  constructor(private readonly logger: Logger = getProcessLogger().child({ context: 'typeorm' })) {}

  logQuery(query: string): void {
    if (this.logger.isLevelEnabled('trace')) this.logger.trace({ query }, 'query');
  }
  logQueryError(error: string | Error, query: string): void {
    if (this.logger.isLevelEnabled('debug')) this.logger.debug({ err: error instanceof Error ? error : new Error(error), query }, 'query failed');
  }
  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ ms: time, query }, 'slow query');
  }
  logSchemaBuild(message: string): void {
    this.logger.debug(message);
  }
  logMigration(message: string): void {
    this.logger.info(message);
  }
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    if (level === 'warn') this.logger.warn(text);
    else this.logger.info(text);
  }
}
