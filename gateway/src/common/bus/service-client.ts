import { HttpException, Injectable } from '@nestjs/common';
import { BUS_TIMEOUT_MESSAGE, BUS_UNAVAILABLE_MESSAGE, BusClient, busFailure } from '@afya/service-shared';
import type { Caller } from '../auth/caller';
import { BODY_TOO_LARGE } from '../http/body-limits';

export const SERVICE_TIMEOUT_MESSAGE = BUS_TIMEOUT_MESSAGE;
export const SERVICE_UNAVAILABLE_MESSAGE = BUS_UNAVAILABLE_MESSAGE;

/** Turns a bus call's failure (an RpcFailure from BusClient) into the HTTP error the browser sees. */
export function toHttpException(error: unknown): HttpException {
  const { statusCode, message, code, details } = busFailure(error).body;
  // One message for every "too large", naming the limits (common/http/body-limits.ts).
  if (statusCode === 413) return new HttpException({ statusCode, message: BODY_TOO_LARGE }, statusCode);
  return new HttpException({ statusCode, message, ...(code ? { code } : {}), ...(details ? { details } : {}) }, statusCode);
}

/**
 * The gateway's calls to services: the shared BusClient (services/shared rpc/bus-client.ts: Nest's wire format, the
 * caller's principal, the request context and the deadline), with its failures as HTTP errors. Replies sent as JSON
 * text stay JsonText, so their bytes go to the HTTP reply unparsed (BusModule configures the client so).
 */
@Injectable()
export class ServiceClient {
  constructor(private readonly bus: BusClient) {}

  isConnected(): boolean {
    return this.bus.isConnected();
  }

  async send<T>(pattern: string, payload: unknown, caller?: Caller, timeoutMs?: number): Promise<T> {
    try {
      return await this.bus.request<T>(pattern, payload, { principal: caller?.principal ?? null, timeoutMs });
    } catch (error) {
      throw toHttpException(error);
    }
  }
}
