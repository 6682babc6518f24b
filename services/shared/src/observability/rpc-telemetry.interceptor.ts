import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import { NatsContext, RpcException } from '@nestjs/microservices';
import { context, Span, SpanKind, trace } from '@opentelemetry/api';
import { Observable } from 'rxjs';
import { currentRequestContext, runWithRequestContext } from '../context/request-context';
import { busNamespace } from '../rpc/bus';
import { isRpcErrorBody } from '../rpc/rpc-error';
import { isDatabaseUnavailable, sqlStateOf } from '../rpc/rpc-exception.filter';
import { patternLabel, rpcRequestDuration } from './metrics';
import { activeTracer, endSpan, extractTraceContext, injectTraceContext, TraceCarrier } from './tracing';

/**
 * The status code a handler's error leaves with, as ServiceExceptionFilter answers it (RpcFailure's code,
 * HttpException's, 400 for a PostgreSQL data exception, 503 database unavailable, 504 statement timeout, else 500).
 */
export function rpcStatusOf(error: unknown): number {
  if (error instanceof RpcException) {
    const body = error.getError();
    if (isRpcErrorBody(body)) return body.statusCode;
  }
  if (error instanceof HttpException) return error.getStatus();
  if (isRpcErrorBody(error)) return error.statusCode;
  const sqlState = sqlStateOf(error);
  if (sqlState?.startsWith('22')) return 400;
  if (isDatabaseUnavailable(error)) return 503;
  if (sqlState === '57014') return 504;
  return 500;
}

/**
 * Each bus request a service handles: its duration into afya_rpc_request_duration_seconds{pattern,status}
 * (METRICS on), and a SERVER span, child of the caller's span named by the envelope's `traceparent`, in scope
 * for the handler's work (its queries become child spans: query-tracing.subscriber.ts) when tracing is on.
 * Installed before DeadlineInterceptor, so requests refused for a passed deadline count as 504s.
 */
@Injectable()
export class RpcTelemetryInterceptor implements NestInterceptor {
  private readonly namespace = busNamespace();

  constructor(private readonly metrics: boolean) {}

  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (execution.getType() !== 'rpc') return next.handle();
    const rpc = execution.switchToRpc();
    const pattern = patternLabel(rpc.getContext<NatsContext>().getSubject(), this.namespace);
    const tracer = activeTracer();
    const started = performance.now();
    let span: Span | undefined;
    const finish = (status: number, failure?: unknown) => {
      if (this.metrics) rpcRequestDuration.observe({ pattern, status: String(status) }, (performance.now() - started) / 1000);
      if (span) {
        span.setAttribute('rpc.response.status_code', status);
        endSpan(span, status >= 500 ? failure : undefined);
      }
    };
    return new Observable((subscriber) => {
      const observer = {
        next: (value: unknown) => subscriber.next(value),
        error: (error: unknown) => {
          finish(rpcStatusOf(error), error);
          subscriber.error(error);
        },
        complete: () => {
          finish(200);
          subscriber.complete();
        },
      };
      if (!tracer) return next.handle().subscribe(observer);
      // The caller's span travels in the envelope's RequestContext (RpcRequest.context).
      const parent = extractTraceContext(rpc.getData<{ context?: TraceCarrier } | undefined>()?.context);
      span = tracer.startSpan(pattern, { kind: SpanKind.SERVER, attributes: { 'rpc.system': 'nats', 'rpc.method': pattern } }, parent);
      const inSpan = trace.setSpan(parent, span);
      // The request context names this span from here on: events the handler records carry it to their consumers.
      const carried: TraceCarrier = {};
      injectTraceContext(carried, inSpan);
      return context.with(inSpan, () =>
        runWithRequestContext({ ...currentRequestContext(), ...carried }, () => next.handle().subscribe(observer)),
      );
    });
  }
}
