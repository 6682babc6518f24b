import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { activeTracer, envInt, metricsEnabled, nestLogger } from '@afya/service-shared';
import { assertProviderSecrets } from '@afya/payment-service/contracts';
import { AppModule } from './app.module';
import { documentPublicOperations } from './common/auth/access.decorators';
import { documentDeclaredCalls } from './common/calls/calls-docs';
import { DECLARED_CALLS } from './common/calls/calls.module';
import { HttpExceptionFilter } from './common/http/http-exception.filter';
import { closeIdempotencyStore } from './common/calls/idempotency';
import { closeHitCounter } from './common/http/hit-counter';
import { READ_BODY_LIMIT } from './common/http/body-limits';
import { acceptEmptyJsonBodies, acceptProviderForms } from './common/http/json-body';
import { registerRequestLogging } from './common/logging/request-logging';
import { registerHttpTelemetry } from './common/observability/http-telemetry';
import { registerNoStore } from './common/http/no-store';
import { registerProviderCallbacks } from './common/http/provider-callbacks';
import { registerReplyTranslation } from './common/http/reply-language';
import { registerSecurityHeaders } from './common/http/security-headers';
import { createValidationPipe } from './common/http/validation.pipe';
import { registerStaticSites, StaticSites, staticSitesFromEnv } from './common/static/static-sites';
import { ussdConfigProblems } from './modules/ussd/ussd-config';

export interface GatewayOptions {
  logger?: LogLevel[] | false;
  staticSites?: StaticSites | null;
  /** Whole request (headers and body) must arrive within this; default REQUEST_TIMEOUT_MS or 30 s. */
  requestTimeoutMs?: number;
}

/**
 * Which peers may set X-Forwarded-For (the ingress's addresses or CIDRs, comma separated in TRUSTED_PROXIES).
 * Nobody by default: `trustProxy: true` believed any client's header, so a forged one sidestepped the login
 * limit. Fastify then takes the client address from the right-most untrusted hop.
 */
export function trustedProxies(value = process.env.TRUSTED_PROXIES): string[] | false {
  const list = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return list.length > 0 ? list : false;
}

/**
 * The address the gateway listens on: loopback unless HOST says otherwise, so a developer's `npm start` is not
 * reachable from the café's Wi-Fi. Containers set HOST=0.0.0.0 (k8s deployment, image recipe).
 */
export function listenHost(env: Record<string, string | undefined> = process.env): string {
  return env.HOST?.trim() || '127.0.0.1';
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The gateway app, configured but not listening: main.ts listens, tests listen on port 0. */
export async function createGatewayApp(options: GatewayOptions = {}): Promise<NestFastifyApplication> {
  // Fail closed before anything connects: no gateway without the providers' secret it checks (payments/callback-token.ts).
  assertProviderSecrets(process.env, ['MPESA_CALLBACK_TOKEN']);
  const ussdProblems = ussdConfigProblems(process.env);
  if (ussdProblems.length) throw new Error(`Refusing to start without the USSD settings: ${ussdProblems.join('; ')}`);
  const requestTimeout = options.requestTimeoutMs ?? envInt('REQUEST_TIMEOUT_MS', 30_000);
  const adapter = new FastifyAdapter({
    trustProxy: trustedProxies(),
    // Deadlines for slow clients: the whole request within requestTimeout, headers within 10 s (a body sent a
    // byte every 10 s held a connection for minutes); Node checks them every second, not every 30 s.
    requestTimeout,
    http: { headersTimeout: Math.min(10_000, requestTimeout), connectionsCheckingInterval: 1000 },
    // The largest body any route takes (a profile picture: a 2 MB image as base64 JSON, ≈ 2.7 MB); every other
    // route's limit (what one NATS message carries) is checked by the JSON parser: common/http/body-limits.ts.
    bodyLimit: READ_BODY_LIMIT,
    requestIdHeader: false,
    // CONTRACT.md §7: clients also call POST /api/appointments/ (with a trailing slash).
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    // JSON lines through the process's pino logger (services/shared logging); a level list narrows Nest's lines.
    logger: nestLogger(options.logger),
  });
  const fastify = app.getHttpAdapter().getInstance();
  // Before the routes are registered (at init): the provider callbacks' secret path parameters are never logged.
  registerProviderCallbacks(fastify);
  // Each request's RequestContext (its id travels to services in the RPC envelope) and one access line per request.
  registerRequestLogging(fastify);
  // Request metrics (unless METRICS=off) and spans (tracing on); /metrics itself is on the ops port, not here.
  if (metricsEnabled() || activeTracer()) registerHttpTelemetry(fastify, { metrics: metricsEnabled() });
  registerSecurityHeaders(app);
  registerNoStore(app);
  registerReplyTranslation(fastify);
  fastify.addHook('onClose', async () => closeHitCounter());
  fastify.addHook('onClose', async () => closeIdempotencyStore());
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  acceptEmptyJsonBodies(app);
  acceptProviderForms(app);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();

  // The request bodies and queries come from the contracts' zod schemas (nestjs-zod DTOs); cleanupOpenApiDoc turns
  // what nestjs-zod hands Swagger into plain OpenAPI.
  // Operations declared @Public() are documented as needing no token (common/auth/access.decorators.ts).
  // The calls declared in the contracts (common/calls) are documented from their declarations.
  const document = await documentDeclaredCalls(documentPublicOperations(cleanupOpenApiDoc(SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Afya API')
      .setDescription('Book and pay for doctor appointments in Kenya. Every path is under /api.')
      .setVersion('1.0')
      .setOpenAPIVersion('3.1.0')
      .addServer('/', 'This server (every path is under /api)')
      .addBearerAuth()
      .build(),
  ), { version: '3.1' })), DECLARED_CALLS);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  const sites = options.staticSites === undefined ? staticSitesFromEnv() : options.staticSites;
  if (sites) await registerStaticSites(fastify, sites);
  return app;
}
