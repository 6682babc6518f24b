import { randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { ErrorCode, NatsConnection, NatsError } from 'nats';
import {
  activeTracer,
  busNamespace,
  busRequestFailures,
  endSpan,
  envInt,
  injectTraceContext,
  isRpcErrorBody,
  metricsEnabled,
  NATS_CONNECTION,
  OncePerTurn,
  patternLabel,
  currentRequestContext,
  portableContext,
  runWithRequestContext,
  RpcRequest,
} from '@afya/service-shared';
import type { Caller } from '../auth/caller';
import { BODY_TOO_LARGE } from '../http/body-limits';
import { decodeNestReply, encodeNestRequest, NestReplyError } from './nest-nats-wire';

export const SERVICE_TIMEOUT_MESSAGE = 'The service took too long to respond. Please try again.';
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is unavailable right now. Please try again shortly.';

/** Turns what came back over the bus into the HTTP error the browser sees. */
export function toHttpException(error: unknown): HttpException {
  if (error instanceof NestReplyError) error = error.err;
  if (isRpcErrorBody(error)) {
    const { statusCode, message, code, details } = error;
    return new HttpException({ statusCode, message, ...(code ? { code } : {}), ...(details ? { details } : {}) }, statusCode);
  }
  const code = (error as NatsError | undefined)?.code;
  // A payload the bus cannot carry is the request's size, not a fault (the body limits should have caught it first).
  if (code === ErrorCode.MaxPayloadExceeded) return new HttpException({ statusCode: 413, message: BODY_TOO_LARGE }, HttpStatus.PAYLOAD_TOO_LARGE);
  if (code === ErrorCode.Timeout) {
    return new HttpException({ statusCode: 504, message: SERVICE_TIMEOUT_MESSAGE }, HttpStatus.GATEWAY_TIMEOUT);
  }
  if (code === ErrorCode.NoResponders || code === ErrorCode.ConnectionClosed || code === ErrorCode.ConnectionDraining || code === ErrorCode.Disconnect) {
    return new HttpException({ statusCode: 503, message: SERVICE_UNAVAILABLE_MESSAGE }, HttpStatus.SERVICE_UNAVAILABLE);
  }
  new Logger('ServiceClient').error(`Unexpected bus error: ${String((error as Error)?.message ?? error)}`);
  return new HttpException({ statusCode: 500, message: 'Internal server error' }, HttpStatus.INTERNAL_SERVER_ERROR);
}

/**
 * The one way the gateway talks to services: nats.js's own request-reply (`nc.request`, which multiplexes
 * every request over one reply subscription) carrying Nest's NATS packet (nest-nats-wire.ts), with the
 * caller's principal, the request id and a timeout. NATS tells "no responders" (503) apart from a timeout
 * (504). A JsonText reply (raw JSON bytes, see JsonText) arrives as a JsonText. The requests of one
 * event-loop turn are sent together (OncePerTurn), so nats.js writes them to the socket once.
 *
 * Not Nest's ClientProxy: it opens a subscription per request (measured earlier: ~25% more CPU per call
 * across gateway and NATS server) and cannot tell no responders from a timeout. The connection is made with
 * `noAsyncTraces` (connectNats), so a request captures no stack trace up front.
 */
@Injectable()
export class ServiceClient {
  private readonly timeoutMs = envInt('RPC_TIMEOUT_MS', 5000);
  private readonly requests = new OncePerTurn();
  private readonly metrics = metricsEnabled();
  private readonly namespace = busNamespace();

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  isConnected(): boolean {
    return !this.nc.isClosed();
  }

  async send<T>(pattern: string, payload: unknown, caller?: Caller, timeoutMs = this.timeoutMs): Promise<T> {
    // The gateway's own calls (public keys, revocation sync) belong to no HTTP request: each gets a request id of its
    // own, so the service's lines about it can be found, and every bus request carries one.
    if (!currentRequestContext()) return runWithRequestContext({ requestId: randomUUID() }, () => this.send<T>(pattern, payload, caller, timeoutMs));
    // The service abandons the work once we have answered 504 (rpc/deadline.ts in services/shared).
    const data: RpcRequest = {
      principal: caller?.principal ?? null,
      payload,
      requestId: caller?.requestId,
      // the whole RequestContext (request id, trace context…): the service's log lines and events carry it
      context: portableContext(),
      deadline: Date.now() + timeoutMs,
    };
    // Tracing on: a CLIENT span for the bus call, whose traceparent the envelope carries to the service.
    const tracer = activeTracer();
    const span = tracer?.startSpan(`${patternLabel(pattern, this.namespace)} send`, {
      kind: SpanKind.CLIENT,
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': pattern },
    });
    if (span) {
      const carried = { ...data.context };
      injectTraceContext(carried, trace.setSpan(context.active(), span));
      data.context = carried;
    }
    try {
      const body = encodeNestRequest(pattern, data);
      const reply = await this.requests.call(() => this.nc.request(pattern, body, { timeout: timeoutMs, noMux: false }));
      const decoded = decodeNestReply<T>(reply);
      if (span) endSpan(span);
      return decoded;
    } catch (error) {
      const failure = toHttpException(error);
      if (this.metrics) this.countFailure(pattern, error);
      if (span) endSpan(span, failure.getStatus() >= 500 ? failure.message : undefined);
      throw failure;
    }
  }

  /** Timeouts and "no responders" by pattern: afya_bus_request_failures_total{pattern,reason}. */
  private countFailure(pattern: string, error: unknown): void {
    const code = (error as NatsError | undefined)?.code;
    const reason = code === ErrorCode.Timeout ? 'timeout' : code === ErrorCode.NoResponders ? 'no_responders' : undefined;
    if (reason) busRequestFailures.inc({ pattern: patternLabel(pattern, this.namespace), reason });
  }
}
