import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { ErrorCode, NatsConnection, NatsError } from 'nats';
import { envInt } from '../config/env';
import { portableContext } from '../context/context-carriage';
import { currentRequestContext, runWithRequestContext } from '../context/request-context';
import { NATS_CONNECTION } from '../events/nats-connection';
import { busRequestFailures, metricsEnabled, patternLabel } from '../observability/metrics';
import { activeTracer, endSpan, injectTraceContext } from '../observability/tracing';
import { busNamespace } from './bus';
import { currentDeadline, deadlinePassed } from './deadline';
import type { RpcRequest } from './envelope';
import { JsonText } from './json-text';
import { decodeNestReply, encodeNestRequest, NestReplyError } from './nest-nats-wire';
import { OncePerTurn } from './once-per-turn';
import type { Principal } from './principal';
import { isRpcErrorBody, RpcFailure } from './rpc-error';

export const BUS_TIMEOUT_MESSAGE = 'The service took too long to respond. Please try again.';
export const BUS_UNAVAILABLE_MESSAGE = 'The service is unavailable right now. Please try again shortly.';
export const BUS_BAD_REPLY_MESSAGE = 'The service failed to answer.';
export const BUS_PAYLOAD_TOO_LARGE_MESSAGE = 'The request is too large to send to the service.';

/** Options of one call. */
export interface BusCall {
  /** The verified caller the service applies its rules to; null (the default) for an anonymous call. */
  principal?: Principal | null;
  /** How long to wait (default RPC_TIMEOUT_MS, 5000); never past the deadline of the request being handled. */
  timeoutMs?: number;
  /** The request id, for a call made outside a request's context (inside one, the context's is sent). */
  requestId?: string;
  /** A service calling another for the principal names itself (RpcRequest.via), so audits name it; the gateway does not. */
  via?: string;
}

export interface BusClientOptions {
  /**
   * 'raw': a reply the service sent as JSON text (JsonText) is handed back as that JsonText, for a caller that passes
   * the bytes on unparsed (the gateway, to its HTTP reply). 'parse' (the default): it is parsed like any reply.
   */
  jsonText?: 'raw' | 'parse';
}

export const BUS_CLIENT_OPTIONS = Symbol('BUS_CLIENT_OPTIONS');

/**
 * The one way a process calls a service over NATS (the gateway, and a service asking another): nats.js's own
 * request-reply (`nc.request`, every request multiplexed over one reply subscription) carrying Nest's NATS packet
 * (nest-nats-wire.ts), with the envelope every handler reads (RpcRequest):
 *  - principal: the caller the service applies its rules to;
 *  - context: the request's context (request id, trace context), so the called service's log lines and events carry
 *    it; a call made outside any request (a timer, start-up) gets the request id given, else one of its own;
 *  - deadline: when this call stops waiting, never later than the deadline of the request being handled (a service
 *    calling another forwards what is left of its caller's time); the called service abandons work that would
 *    finish after it (deadline.ts). A call whose deadline has passed is not sent (504 DEADLINE).
 * Failures arrive as RpcFailure: the service's own error as it sent it; 504 when no reply came in time, 503 when
 * no service listens (NATS tells the two apart), 502 for a reply that is not our error shape. Requests of one
 * event-loop turn are written to the socket together (OncePerTurn). With tracing on, each call is a CLIENT span
 * whose traceparent the envelope carries. Timeouts and "no responders" are counted by pattern.
 */
@Injectable()
export class BusClient {
  private readonly timeoutMs = envInt('RPC_TIMEOUT_MS', 5000);
  private readonly requests = new OncePerTurn();
  private readonly metrics = metricsEnabled();
  private readonly namespace = busNamespace();
  private readonly keepJsonText: boolean;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Optional() @Inject(BUS_CLIENT_OPTIONS) options: BusClientOptions | null = null,
  ) {
    this.keepJsonText = options?.jsonText === 'raw';
  }

  isConnected(): boolean {
    return !this.nc.isClosed();
  }

  /** Calls `pattern` (a full subject: `subject(Patterns.x)`) with `payload`; resolves with the service's reply. */
  async request<T>(pattern: string, payload: unknown, call: BusCall = {}): Promise<T> {
    if (!currentRequestContext()) {
      return runWithRequestContext({ requestId: call.requestId || randomUUID() }, () => this.request<T>(pattern, payload, call));
    }
    const now = Date.now();
    const own = now + (call.timeoutMs ?? this.timeoutMs);
    const callers = currentDeadline();
    const deadline = callers === undefined ? own : Math.min(own, callers);
    if (deadline <= now) throw deadlinePassed();
    const data: RpcRequest = {
      principal: call.principal ?? null,
      payload,
      requestId: currentRequestContext()?.requestId,
      context: portableContext(),
      deadline,
      ...(call.via ? { via: call.via } : {}),
    };
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
      const reply = await this.requests.call(() => this.nc.request(pattern, body, { timeout: deadline - now, noMux: false }));
      const decoded = decodeNestReply<T>(reply);
      if (span) endSpan(span);
      return decoded instanceof JsonText && !this.keepJsonText ? (decoded.parse() as T) : decoded;
    } catch (error) {
      const failure = busFailure(error);
      if (this.metrics) this.countFailure(pattern, error);
      if (span) endSpan(span, failure.body.statusCode >= 500 ? failure.body.message : undefined);
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

/** What a call's failure becomes: the service's own error, or the bus's (timeout, nobody listening, a bad reply). */
export function busFailure(error: unknown): RpcFailure {
  if (error instanceof RpcFailure) return error;
  if (error instanceof NestReplyError) {
    if (isRpcErrorBody(error.err)) return new RpcFailure(error.err.statusCode, error.err.message, error.err.code, error.err.details);
    new Logger('BusClient').error(`A service replied with an error not in our shape: ${JSON.stringify(error.err)?.slice(0, 500)}`);
    return new RpcFailure(502, BUS_BAD_REPLY_MESSAGE);
  }
  const code = (error as NatsError | undefined)?.code;
  // A payload the bus cannot carry is the request's size, not a fault (the gateway's body limits catch it first).
  if (code === ErrorCode.MaxPayloadExceeded) return new RpcFailure(413, BUS_PAYLOAD_TOO_LARGE_MESSAGE);
  if (code === ErrorCode.Timeout) return new RpcFailure(504, BUS_TIMEOUT_MESSAGE);
  if (code === ErrorCode.NoResponders || code === ErrorCode.ConnectionClosed || code === ErrorCode.ConnectionDraining || code === ErrorCode.Disconnect) {
    return new RpcFailure(503, BUS_UNAVAILABLE_MESSAGE);
  }
  // A reply that is not JSON, or nats.js failing otherwise: nothing usable came back.
  new Logger('BusClient').error(`Unexpected bus error: ${String((error as Error)?.message ?? error)}`);
  return new RpcFailure(502, BUS_BAD_REPLY_MESSAGE);
}
