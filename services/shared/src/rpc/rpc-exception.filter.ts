import { ArgumentsHost, Catch, HttpException, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';
import { isRpcErrorBody, RpcErrorBody } from './rpc-error';

/**
 * Every error a service handler throws leaves as `{statusCode, message, code?}`.
 * Unknown errors are logged with the request id and answered as a generic 500, never leaking internals.
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
    this.logger.error(
      `Unhandled error (request ${data?.requestId ?? '-'}): ${exception instanceof Error ? exception.stack : String(exception)}`,
    );
    return { statusCode: 500, message: 'Internal server error' };
  }
}
