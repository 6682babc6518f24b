import { HttpException, HttpStatus, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { envInt, isRpcErrorBody, RpcRequest } from '@afya/service-shared';
import type { Caller } from '../auth/caller';

export const BUS_CLIENT = Symbol('BUS_CLIENT');

export const SERVICE_TIMEOUT_MESSAGE = 'The service took too long to respond. Please try again.';
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is unavailable right now. Please try again shortly.';

/** Turns what came back over the bus into the HTTP error the browser sees. */
export function toHttpException(error: unknown): HttpException {
  if (isRpcErrorBody(error)) {
    const { statusCode, message, code } = error;
    return new HttpException({ statusCode, message, ...(code ? { code } : {}) }, statusCode);
  }
  if (error instanceof TimeoutError) {
    return new HttpException({ statusCode: 504, message: SERVICE_TIMEOUT_MESSAGE }, HttpStatus.GATEWAY_TIMEOUT);
  }
  const text = String((error as { message?: string })?.message ?? error);
  const code = String((error as { code?: string })?.code ?? '');
  // An empty reply is NATS's "no responders" status (EmptyResponseException): nobody serves the pattern.
  if ((error as Error)?.constructor?.name === 'EmptyResponseException' || code === '503' || /no responders|CONNECTION|closed|disconnect/i.test(text + code)) {
    return new HttpException({ statusCode: 503, message: SERVICE_UNAVAILABLE_MESSAGE }, HttpStatus.SERVICE_UNAVAILABLE);
  }
  new Logger('ServiceClient').error(`Unexpected bus error: ${text}`);
  return new HttpException({ statusCode: 500, message: 'Internal server error' }, HttpStatus.INTERNAL_SERVER_ERROR);
}

/**
 * The one way the gateway talks to services: request-reply over NATS with the caller's principal,
 * the request id, and a timeout (send() would otherwise wait forever).
 */
@Injectable()
export class ServiceClient implements OnApplicationBootstrap {
  private readonly timeoutMs = envInt('RPC_TIMEOUT_MS', 5000);

  constructor(@Inject(BUS_CLIENT) private readonly client: ClientProxy) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.client.connect();
  }

  isConnected(): boolean {
    try {
      return !(this.client.unwrap() as { isClosed(): boolean }).isClosed();
    } catch {
      return false;
    }
  }

  async send<T>(pattern: string, payload: unknown, caller?: Caller, timeoutMs = this.timeoutMs): Promise<T> {
    const request: RpcRequest = { principal: caller?.principal ?? null, payload, requestId: caller?.requestId };
    try {
      return await firstValueFrom(this.client.send<T>(pattern, request).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw toHttpException(error);
    }
  }
}
