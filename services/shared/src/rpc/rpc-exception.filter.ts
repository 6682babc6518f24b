import { ArgumentsHost, Catch, HttpException, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';
import { isRpcErrorBody, RpcErrorBody } from './rpc-error';

export const INVALID_DATA_MESSAGE = 'The request contains a value that cannot be stored';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is unavailable right now. Please try again shortly.';

/** Socket-level failures reaching PostgreSQL (pg reports them as plain errors with a Node code or message). */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const CONNECTION_MESSAGE = /Connection terminated|query runner (was )?already released|connection provided by a query runner was already released|connection (is )?closed|Client has encountered a connection error|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * The database cannot be reached right now: SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown,
 * crash, cannot connect now), 53xxx (out of connections or memory), or a socket error from the driver.
 */
export function isDatabaseUnavailable(exception: unknown): boolean {
  const state = sqlStateOf(exception);
  if (state && (state.startsWith('08') || state.startsWith('53') || ['57P01', '57P02', '57P03'].includes(state))) return true;
  const candidate = exception as { code?: unknown; driverError?: { code?: unknown; message?: unknown }; message?: unknown } | null;
  const code = candidate?.driverError?.code ?? candidate?.code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  const message = candidate?.driverError?.message ?? candidate?.message;
  return typeof message === 'string' && CONNECTION_MESSAGE.test(message);
}

/**
 * The SQLSTATE of a PostgreSQL error, wherever the driver or TypeORM put it (TypeORM's QueryFailedError
 * copies the driver error's `code` and keeps it as `driverError`).
 */
export function sqlStateOf(exception: unknown): string | undefined {
  const candidate = exception as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = candidate?.driverError?.code ?? candidate?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^E[A-Z]+$/.test(code) ? code : undefined;
}

/**
 * Every error a service handler throws leaves as `{statusCode, message, code?}`.
 * - A PostgreSQL data exception (class 22: integer out of range, invalid text representation, invalid byte
 *   sequence, datetime field overflow, ...) is the input's fault: 400, logged as one line without a stack.
 * - The database unreachable (restarting, connection refused or cut) is a 503, logged as one line: the client
 *   may retry; the pool reconnects by itself once PostgreSQL is back.
 * - A query cancelled by statement_timeout (57014) is a 504, like a bus timeout.
 * - A 4xx is the caller's mistake and is not logged with a stack; unknown errors are logged with the request
 *   id and answered as a generic 500, never leaking internals.
 */
@Catch()
export class ServiceExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('ServiceExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): Observable<RpcErrorBody> {
    return throwError(() => this.toBody(exception, host));
  }

  private toBody(exception: unknown, host: ArgumentsHost): RpcErrorBody {
    if (exception instanceof RpcException) {
      const error = exception.getError();
      if (isRpcErrorBody(error)) return error;
    }
    if (exception instanceof HttpException) {
      const response = exception.getResponse();
      const message =
        typeof response === 'string' ? response : String((response as { message?: unknown }).message ?? exception.message);
      return { statusCode: exception.getStatus(), message };
    }
    const data = host.switchToRpc().getData() as { requestId?: string } | undefined;
    const requestId = data?.requestId ?? '-';
    const sqlState = sqlStateOf(exception);
    if (sqlState?.startsWith('22')) {
      this.logger.warn(`request ${requestId}: data exception ${sqlState} answered 400: ${(exception as Error).message}`);
      return { statusCode: 400, message: INVALID_DATA_MESSAGE, code: 'INVALID_DATA' };
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`request ${requestId}: database unavailable, answered 503: ${(exception as Error)?.message ?? String(exception)}`);
      return { statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE, code: 'DATABASE_UNAVAILABLE' };
    }
    if (sqlState === '57014') {
      this.logger.warn(`request ${requestId}: statement cancelled (timeout) answered 504`);
      return { statusCode: 504, message: 'The service took too long to respond. Please try again.', code: 'DEADLINE' };
    }
    // the Error as the second argument: its stack goes into the JSON line's err (logging/nest-logger.ts)
    this.logger.error(`Unhandled error (request ${requestId}): ${exception instanceof Error ? exception.message : String(exception)}`, exception instanceof Error ? exception : undefined);
    return { statusCode: 500, message: 'Internal server error' };
  }
}
