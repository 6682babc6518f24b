import { AsyncLocalStorage } from 'node:async_hooks';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { RpcFailure } from './rpc-error';

export const DEADLINE_PASSED_MESSAGE = 'The service took too long to respond. Please try again.';

interface DeadlineContext {
  /** Epoch milliseconds after which the caller has already answered its client 504. */
  deadline: number;
}

const storage = new AsyncLocalStorage<DeadlineContext>();

/** The current request's deadline (epoch ms), if the caller sent one. */
export function currentDeadline(): number | undefined {
  return storage.getStore()?.deadline;
}

/** Milliseconds left before the current request's deadline (undefined without one; 0 once passed). */
export function remainingMs(now = Date.now()): number | undefined {
  const deadline = currentDeadline();
  return deadline === undefined ? undefined : Math.max(0, deadline - now);
}

/** Runs `work` under a deadline (for code that is not a bus handler: tests, consumers with their own budget). */
export function withDeadline<T>(deadline: number, work: () => T): T {
  return storage.run({ deadline }, work);
}

/**
 * Runs `work` with no deadline in scope. Background work that a handler starts and that must outlive the request
 * (a timer, a queue drained later) inherits the request's async context, and with it the deadline: start it
 * through this, or its transactions would be rolled back once the request's deadline passes.
 */
export function withoutDeadline<T>(work: () => T): T {
  return storage.exit(work);
}

export function deadlinePassed(): RpcFailure {
  return new RpcFailure(504, DEADLINE_PASSED_MESSAGE, 'DEADLINE');
}

/**
 * Every service handler respects the deadline in the request envelope (`RpcRequest.deadline`, set by the
 * gateway to when it answers 504): work that arrives after it is not started, and the deadline is in scope for
 * the handler's database work (DeadlineSubscriber: `SET LOCAL statement_timeout` to the time left in each
 * transaction, and a commit after the deadline rolls back instead). The deadline is absolute (epoch ms):
 * a message that waited in a busy service's queue is abandoned too; hosts keep their clocks in sync (NTP).
 */
@Injectable()
export class DeadlineInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const data = context.switchToRpc().getData() as { deadline?: unknown } | undefined;
    const deadline = typeof data?.deadline === 'number' && Number.isFinite(data.deadline) ? data.deadline : undefined;
    if (deadline === undefined) return next.handle();
    if (Date.now() >= deadline) return throwError(() => deadlinePassed());
    return new Observable((subscriber) => storage.run({ deadline }, () => next.handle().subscribe(subscriber)));
  }
}
