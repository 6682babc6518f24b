import 'reflect-metadata';
import { INestMicroservice, Logger, LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { natsServers } from '../config/env';
import { busNamespace } from './bus';
import { natsCredentialOptions } from '../bus-security/credentials';
import { ServiceReplySerializer } from './json-text';
import { ServiceNatsServer } from './service-nats-server';
import { DeadlineInterceptor } from './deadline';
import { isDatabaseUnavailable, ServiceExceptionFilter } from './rpc-exception.filter';
import { configureProcessLogger } from '../logging/logger';
import { nestLogger, PinoNestLogger } from '../logging/nest-logger';
import { RpcRequestContextInterceptor } from '../logging/rpc-request-context.interceptor';
import { markStarted, registerHealthRoutes, reportShutdownOnSignals } from '../ops/health';
import { startOpsServer } from '../ops/ops-server';
import { enableMetrics, metricsEnabled } from '../observability/metrics';
import { RpcTelemetryInterceptor } from '../observability/rpc-telemetry.interceptor';
import { activeTracer, startTracing } from '../observability/tracing';

export interface ServiceBootstrapOptions {
  /** Service name: also its NATS queue group, so replicas share the work. */
  name: string;
  module: Type<unknown>;
  servers?: string[];
  logger?: LogLevel[] | false;
}

/** Creates a service as a NestJS NATS microservice with the shared error filter. Does not listen yet. */
export async function createServiceApp(options: ServiceBootstrapOptions): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(options.module, {
    strategy: new ServiceNatsServer({
      servers: options.servers ?? natsServers(),
      queue: `${busNamespace()}.${options.name}`,
      name: `afya-${options.name}`,
      serializer: new ServiceReplySerializer(),
      ...natsCredentialOptions(options.name),
    }),
    // JSON lines through the process's pino logger (logging/); a level list narrows Nest's lines, false silences them.
    logger: nestLogger(options.logger),
  });
  app.useGlobalFilters(new ServiceExceptionFilter());
  // The caller's request context (request id, trace context) around the handler, and one line per request.
  app.useGlobalInterceptors(new RpcRequestContextInterceptor());
  // Request metrics and spans, inside the request context and before the deadline check (a refused request is a 504).
  const metrics = metricsEnabled();
  if (metrics || activeTracer()) app.useGlobalInterceptors(new RpcTelemetryInterceptor(metrics));
  app.useGlobalInterceptors(new DeadlineInterceptor());
  app.enableShutdownHooks();
  return app;
}

/**
 * A promise rejected with nobody to catch it ends the process, as Node does by default, except when the reason is
 * the database being unreachable (a background timer's query during a PostgreSQL restart): that is logged and the
 * service keeps running, so a 5-second database outage does not turn into a crashed service (issue 15's fault
 * suite found one). Anything else is a bug: logged with its stack, exit code 1, restarted by the runner or k8s.
 */
export function survivesDatabaseOutages(
  logger: Pick<Logger, 'warn' | 'error'> = new Logger('process'),
  target: Pick<NodeJS.Process, 'on'> = process,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  target.on('unhandledRejection', (reason: unknown) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn(`background work failed while the database was unavailable (service keeps running): ${(reason as Error)?.message ?? String(reason)}`);
      return;
    }
    // the Error as the second argument: its stack goes into the JSON line's err (logging/nest-logger.ts)
    logger.error(`unhandled promise rejection: ${reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)}`, reason instanceof Error ? reason : undefined);
    exit(1);
  });
}

/**
 * Entry point for a service process: the ops port (OPS_PORT: /health/live, /health/ready, /metrics) first, so
 * the startup probe sees a live process while the app connects; then create, listen, and only then ready.
 */
export async function runService(options: ServiceBootstrapOptions): Promise<INestMicroservice> {
  configureProcessLogger({ service: options.name });
  Logger.overrideLogger(new PinoNestLogger()); // lines logged before the app exists are JSON too
  survivesDatabaseOutages(new Logger(options.name));
  registerHealthRoutes();
  reportShutdownOnSignals();
  // Metrics (/metrics on the ops port) unless METRICS=off; traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
  if (metricsEnabled()) enableMetrics();
  await startTracing({ serviceName: `afya-${options.name}` });
  const ops = await startOpsServer();
  const app = await createServiceApp(options);
  await app.listen();
  markStarted();
  new Logger(options.name).log(
    `${options.name} service listening on NATS (${(options.servers ?? natsServers()).join(',')})${ops ? `, ops port ${ops.port}` : ''}`,
  );
  return app;
}
