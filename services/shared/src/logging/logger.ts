import pino, { DestinationStream, Logger, LoggerOptions } from 'pino';
import { currentRequestContext } from '../context/request-context';
import { redactPaths, scrubText, serializeError } from './redaction';

export type { Logger } from 'pino';

const PINO_LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);
/** Nest's level names, as k8s overlays and older docs write LOG_LEVEL (log, verbose). */
const NEST_TO_PINO: Record<string, string> = { verbose: 'trace', log: 'info' };

/** LOG_LEVEL in pino's names (trace … fatal, silent) or Nest's (verbose, debug, log, warn, error, fatal); default info. */
export function logLevelFrom(value: string | undefined = process.env.LOG_LEVEL): string {
  const name = (value ?? '').trim().toLowerCase();
  if (!name) return 'info';
  const level = NEST_TO_PINO[name] ?? name;
  if (!PINO_LEVELS.has(level)) throw new Error(`LOG_LEVEL=${value} is not a level (trace, debug, info/log, warn, error, fatal, silent)`);
  return level;
}

export interface LoggerSettings {
  /** Which deployable or command writes the lines (`service` on every line): gateway, appointment, auth:seed… */
  service?: string;
  /** Default LOG_LEVEL, else info. */
  level?: string;
  /**
   * Where lines go: a file descriptor (1 stdout, the default; 2 stderr for commands whose stdout is data, such as
   * the auth seed) or a stream (tests capture lines this way).
   */
  destination?: number | DestinationStream;
}

/**
 * A pino logger writing one JSON object per line: `time` (ISO), `level` (its name), `service`, the message in
 * `msg`, an `err` object with the stack for errors, and every field of the current RequestContext (requestId,
 * traceparent…) when a request or an event caused the line. No colours, no pretty printing: ops search the lines.
 */
export function createLogger(settings: LoggerSettings = {}): Logger {
  const options: LoggerOptions = {
    level: logLevelFrom(settings.level ?? process.env.LOG_LEVEL),
    base: settings.service ? { service: settings.service } : {},
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // The request's whole context, not only its id: whatever the gateway or a consumer put in it is searchable.
    mixin: () => currentRequestContext() ?? {},
    serializers: { err: serializeError, error: serializeError },
    redact: { paths: redactPaths(), censor: '[redacted]' },
    hooks: {
      logMethod(args, method) {
        // Strings (the message and its printf arguments) lose any token they quote.
        for (let i = 0; i < args.length; i++) {
          if (typeof args[i] === 'string') (args as unknown[])[i] = scrubText(args[i] as string);
        }
        return method.apply(this, args);
      },
    },
  };
  const destination = settings.destination ?? 1;
  // Not sync: lines queue while a write is in flight and leave together (under load, one write per batch rather
  // than one per line); pino flushes what is queued when the process exits.
  return pino(options, typeof destination === 'number' ? pino.destination({ dest: destination, sync: false }) : destination);
}

let processLogger: Logger | undefined;

/** Sets up this process's logger (its name, another destination in tests). Later processLogger() calls return it. */
export function configureProcessLogger(settings: LoggerSettings = {}): Logger {
  processLogger = createLogger(settings);
  routeProcessWarnings();
  return processLogger;
}

let warningsRouted = false;

/**
 * Node's process warnings (deprecations, experimental features) as JSON lines. Node also prints them as text on
 * stderr unless started with --no-warnings, which the local runner passes (and k8s sets in NODE_OPTIONS).
 */
function routeProcessWarnings(): void {
  if (warningsRouted) return;
  warningsRouted = true;
  process.on('warning', (warning) => getProcessLogger().warn({ context: 'process', err: warning }, warning.message));
}

/** The process's logger, created with defaults (stdout, LOG_LEVEL) when nothing configured it yet. */
export function getProcessLogger(): Logger {
  return (processLogger ??= createLogger());
}
