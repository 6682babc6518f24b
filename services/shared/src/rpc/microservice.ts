import 'reflect-metadata';
import { INestMicroservice, Logger, LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { natsServers } from '../config/env';
import { busNamespace } from './bus';
import { ServiceReplySerializer } from './json-text';
import { ServiceNatsServer } from './service-nats-server';
import { DeadlineInterceptor } from './deadline';
import { ServiceExceptionFilter } from './rpc-exception.filter';

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
    }),
    logger: options.logger ?? ['error', 'warn', 'log'],
  });
  app.useGlobalFilters(new ServiceExceptionFilter());
  app.useGlobalInterceptors(new DeadlineInterceptor());
  app.enableShutdownHooks();
  return app;
}

/** Entry point for a service process: create, listen, log. */
export async function runService(options: ServiceBootstrapOptions): Promise<INestMicroservice> {
  const app = await createServiceApp(options);
  await app.listen();
  new Logger(options.name).log(`${options.name} service listening on NATS (${(options.servers ?? natsServers()).join(',')})`);
  return app;
}
