import { randomUUID } from 'node:crypto';
import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import { NatsContext, RpcException } from '@nestjs/microservices';
import { Observable } from 'rxjs';
import { portableContext } from '../context/context-carriage';
import { RequestContext, runWithRequestContext } from '../context/request-context';
import { busNamespace } from '../rpc/bus';
import type { RpcRequest } from '../rpc/envelope';
import { isRpcErrorBody } from '../rpc/rpc-error';
import { getProcessLogger, Logger } from './logger';

/** The RequestContext a request's envelope carries: its `context`, else (older callers) its `requestId`. */
export function requestContextOfEnvelope(data: unknown): RequestContext {
  const envelope = (data ?? {}) as Partial<RpcRequest>;
  const context = portableContext(envelope.context) ?? {};
  if (!context.requestId && typeof envelope.requestId === 'string' && envelope.requestId) context.requestId = envelope.requestId;
  return context;
}

function statusOf(error: unknown): number {
  const body = error instanceof RpcException ? error.getError() : error;
  if (isRpcErrorBody(body)) return body.statusCode;
  if (error instanceof HttpException) return error.getStatus();
  return 500;
}

/**
 * Restores the caller's RequestContext around each bus request a service handles, so every line the handler logs,
 * and every event it records (outbox.ts), carries the gateway's request id (and trace context); then logs one line
 * per request: `handled <subject>` with status and ms (the service side of the gateway's access line). 5xx details
 * come from ServiceExceptionFilter, under the same context. Never the payload: it may hold medical or payment data.
 */
@Injectable()
export class RpcRequestContextInterceptor implements NestInterceptor {
  private readonly prefix = `${busNamespace()}.`;

  constructor(private readonly logger: Logger = getProcessLogger()) {}

  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (execution.getType() !== 'rpc') return next.handle();
    const rpc = execution.switchToRpc();
    const context = requestContextOfEnvelope(rpc.getData());
    // A caller that sent none (a service's timer calling another service): the request gets an id here.
    context.requestId ??= randomUUID();
    const subject = rpc.getContext<NatsContext>().getSubject();
    const pattern = subject.startsWith(this.prefix) ? subject.slice(this.prefix.length) : subject;
    const started = performance.now();
    const done = (status: number) => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const level = status >= 500 ? 'warn' : 'info';
      runWithRequestContext(context, () => this.logger[level]({ context: 'rpc', pattern, status, ms }, `handled ${pattern}`));
    };
    return new Observable((subscriber) =>
      runWithRequestContext(context, () =>
        next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (error: unknown) => {
            done(statusOf(error));
            subscriber.error(error);
          },
          complete: () => {
            done(200);
            subscriber.complete();
          },
        }),
      ),
    );
  }
}
