import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { HttpExceptionFilter } from './common/http/http-exception.filter';
import { acceptEmptyJsonBodies } from './common/http/json-body';
import { registerSecurityHeaders } from './common/http/security-headers';
import { createValidationPipe } from './common/http/validation.pipe';
import { registerStaticSites, StaticSites, staticSitesFromEnv } from './common/static/static-sites';

export interface GatewayOptions {
  logger?: LogLevel[] | false;
  staticSites?: StaticSites | null;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The gateway app, configured but not listening: main.ts listens, tests listen on port 0. */
export async function createGatewayApp(options: GatewayOptions = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: true,
    // Profile pictures arrive as base64 JSON (2 MB image ≈ 2.7 MB of text).
    bodyLimit: 3 * 1024 * 1024,
    requestIdHeader: false,
    // SPEC.md section 7: clients also call POST /api/appointments/ (with a trailing slash).
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    logger: options.logger ?? ['error', 'warn', 'log'],
  });
  const fastify = app.getHttpAdapter().getInstance();
  if (process.env.ACCESS_LOG === 'true') {
    // One JSON line per request; the same id travels to services in the RPC envelope.
    fastify.addHook('onResponse', async (request, reply) => {
      process.stdout.write(
        `${JSON.stringify({ at: new Date().toISOString(), requestId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) })}\n`,
      );
    });
  }
  registerSecurityHeaders(app);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  acceptEmptyJsonBodies(app);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Afya API')
      .setDescription('Book and pay for doctor appointments in Kenya. Every path is under /api.')
      .setVersion('1.0')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  const sites = options.staticSites === undefined ? staticSitesFromEnv() : options.staticSites;
  if (sites) await registerStaticSites(fastify, sites);
  return app;
}
