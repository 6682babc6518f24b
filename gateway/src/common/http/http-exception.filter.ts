import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../logging/request-logging';
import { BODY_TOO_LARGE } from './body-limits';

export interface ErrorBody {
  statusCode: number;
  message: string;
  code?: string;
  errors?: string[];
  details?: Record<string, unknown>;
}

/** The reply body of an HttpException (Nest's, a service's error from the bus, or a refused declared call's). */
export function httpErrorBody(exception: HttpException): ErrorBody {
  const status = exception.getStatus();
  // Fastify's own body limit reaches here as an HttpException: one message for every "too large", with the limits.
  if (status === 413) return { statusCode: 413, message: BODY_TOO_LARGE };
  const response = exception.getResponse();
  if (typeof response === 'string') return { statusCode: status, message: response };
  const { message, code, errors, details } = response as { message?: unknown; code?: string; errors?: string[]; details?: Record<string, unknown> };
  const text = Array.isArray(message) ? String(message[0]) : typeof message === 'string' ? message : exception.message;
  return { statusCode: status, message: text, ...(code ? { code } : {}), ...(errors ? { errors } : {}), ...(details ? { details } : {}) };
}

/** Every error leaves the gateway as JSON `{statusCode, message, code?}` with a message a person can read. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = this.toBody(exception, request);
    void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private toBody(exception: unknown, request: FastifyRequest): ErrorBody {
    if (exception instanceof HttpException) return httpErrorBody(exception);
    const fastifyStatus = (exception as { statusCode?: number })?.statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      const message =
        fastifyStatus === 413 ? BODY_TOO_LARGE : fastifyStatus === 415 ? 'Unsupported content type' : 'Malformed request';
      return { statusCode: fastifyStatus, message };
    }
    // The path only (a query can hold a searched phone number); the request id is on the line (request context).
    this.logger.error(`${request.method} ${pathOf(request.url)} failed: ${exception instanceof Error ? exception.message : String(exception)}`, exception instanceof Error ? exception : undefined);
    return { statusCode: 500, message: 'Internal server error' };
  }
}
