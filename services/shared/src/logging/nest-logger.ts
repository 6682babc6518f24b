import type { LoggerService, LogLevel } from '@nestjs/common';
import type { Logger } from 'pino';
import { getProcessLogger } from './logger';
import { scrubText } from './redaction';

type PinoLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

const NEST_TO_PINO: Record<LogLevel, PinoLevel> = { verbose: 'trace', debug: 'debug', log: 'info', warn: 'warn', error: 'error', fatal: 'fatal' };
const ORDER: PinoLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
const STACK = /\n\s+at /;

/**
 * Nest's LoggerService over the process's pino logger: `new Logger('Context').warn(...)` anywhere in the gateway or a
 * service, and Nest's own start-up lines, become JSON lines with `context`. Nest passes the context as the last
 * argument and, for errors, a stack before it; an Error or a stack becomes `err` (with its stack inside the JSON).
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger = getProcessLogger()) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /**
   * `logger: ['error', 'warn']` given to Nest (tests do): the most detailed level listed is the threshold, never more
   * detailed than LOG_LEVEL. Give this instance its own child logger (nestLogger does) so the process logger keeps its level.
   */
  setLogLevels(levels: LogLevel[]): void {
    const listed = levels.map((level) => NEST_TO_PINO[level]).filter(Boolean);
    const wanted = ORDER.find((level) => listed.includes(level));
    const current = this.logger.level as PinoLevel | 'silent';
    if (!wanted) this.logger.level = 'silent';
    else if (current !== 'silent' && ORDER.indexOf(wanted) > ORDER.indexOf(current)) this.logger.level = wanted;
  }

  private write(level: PinoLevel, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const rest = [...params];
    // Nest's Logger appends its context; an error without a stack comes as (message, undefined, context).
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' && !STACK.test(rest[rest.length - 1] as string) ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    for (const param of rest) {
      if (param instanceof Error) fields.err = param;
      else if (typeof param === 'string' && STACK.test(param)) fields.err = { stack: scrubText(param) };
      else if (param !== undefined && param !== null && typeof param === 'object') Object.assign(fields, param);
    }
    if (message instanceof Error) {
      fields.err = message;
      this.logger[level](fields, message.message);
    } else if (message !== null && typeof message === 'object') {
      this.logger[level]({ ...fields, ...(message as object) });
    } else {
      this.logger[level](fields, String(message));
    }
  }
}

/**
 * What to give Nest as `logger`: our pino-backed LoggerService (on a child of the process logger, so a level list
 * narrows only Nest's lines), or false for silence, as Nest's own option allowed before.
 */
export function nestLogger(levels?: LogLevel[] | false): LoggerService | false {
  if (levels === false) return false;
  const logger = new PinoNestLogger(getProcessLogger().child({}));
  if (levels) logger.setLogLevels(levels);
  return logger;
}
