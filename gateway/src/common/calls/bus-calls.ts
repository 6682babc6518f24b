import { BadRequestException, type CanActivate, Controller, Req, type Type, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { AnyContractProcedure, AnyContractRouter, AnySchema, InferSchemaOutput } from '@orpc/contract';
import { Implement, implement } from '@orpc/nest';
import type { FastifyRequest } from 'fastify';
import { isRowsPage, JsonText, pageOf, RowsPage, subject } from '@afya/service-shared';
import type { CallMeta } from '@afya/service-shared/calls';
import { AllowedBeforePasswordChange, Public, Roles } from '../auth/access.decorators';
import { type Caller, CurrentCaller } from '../auth/caller';
import { ServiceClient } from '../bus/service-client';
import { listHeaders, rowsOnPage } from '../http/list-reply';
import { findOutOfRangeNumber } from '../http/safe-input';
import type { CallInput } from './call-errors';
import { idempotencyKeyOf, idempotencyStore, oncePerKey } from './idempotency';

/** A call's declaration as the gateway reads it (oRPC keeps a procedure's route and meta under `~orpc`). */
export function declarationOf(procedure: AnyContractProcedure): { meta: CallMeta; path: string; method: string } {
  const { meta, route } = procedure['~orpc'];
  return { meta: meta as CallMeta, path: route.path ?? '', method: route.method ?? 'POST' };
}

/** Every procedure of a contract router, with its name (`appointments.book`). */
export function proceduresOf(router: AnyContractRouter, prefix: string[] = []): [string[], AnyContractProcedure][] {
  if ('~orpc' in router) return [[prefix, router as AnyContractProcedure]];
  return Object.entries(router).flatMap(([key, child]) => proceduresOf(child as AnyContractRouter, [...prefix, key]));
}

/** After validation, any number no integer column can hold is a 400 (as GatewayValidationPipe does for the DTO routes). */
function refuseOutOfRange(input: CallInput): void {
  for (const part of [input.params, input.query, input.body]) {
    const field = findOutOfRangeNumber(part, '');
    if (field !== undefined) {
      const message = `${field} is out of range`;
      throw new BadRequestException({ statusCode: 400, message, errors: [message] });
    }
  }
}

/**
 * What a declared call sends over the bus: the body as validated when it is all there is (a booking), else the path
 * parameters, the query and the body's fields in one object (`{ id, appointment_date, time_slot }` for a reschedule);
 * a list call's page defaulted (`limit`, `offset`; a 'counted' list's query as it is). Its reply: the service's, or for a list the page with the paging
 * headers: its JSON text passed on unparsed (JsonText), or its rows as the bare array (RowsPage).
 */
export async function forward(bus: ServiceClient, meta: CallMeta, input: CallInput, caller: Caller, request: FastifyRequest): Promise<unknown> {
  refuseOutOfRange(input);
  const { params = {}, query = {}, body } = input;
  if (meta.list === 'counted') {
    const answer = await bus.send<RowsPage<unknown>>(subject(meta.subject), { ...params, ...query }, caller);
    return { headers: { 'X-Total-Count': String(answer.total) }, body: answer.rows };
  }
  if (meta.list) {
    const page = pageOf(query);
    const answer = await bus.send<JsonText | RowsPage<unknown>>(subject(meta.subject), { ...params, ...query, ...page }, caller);
    if (isRowsPage(answer)) return { headers: listHeaders(request, answer.total, page, answer.rows.length), body: answer.rows };
    return { headers: listHeaders(request, answer.total ?? rowsOnPage(answer.total, page), page, rowsOnPage(answer.total, page)), body: answer };
  }
  const onlyBody = Object.keys(params).length === 0 && Object.keys(query).length === 0;
  const payload = onlyBody && body !== undefined ? body : { ...params, ...query, ...(body as object | undefined) };
  return bus.send(subject(meta.subject), payload, caller, meta.timeoutMs);
}

/** What a call's gateway handler is given: the validated input, the caller, the request, the bus, and any provider. */
export interface CallContext<I = CallInput> {
  input: I;
  caller: Caller;
  request: FastifyRequest;
  bus: ServiceClient;
  meta: CallMeta;
  /** A provider of any module (the revocation store, the file transfer, the video relay). */
  get<T>(type: Type<T>): T;
}

/**
 * What a declared call needs in the gateway beyond forwarding (rare; the declaration still gives its route, roles,
 * validation and documentation): guards of its own (a rate limit), and a handler in place of the generic forward (a
 * revocation applied, bytes handed to the file transfer, a header passed on, a reply unwrapped).
 */
export interface CallHandling<I = CallInput> {
  guards?: Type<CanActivate>[];
  handle?(context: CallContext<I>): Promise<unknown>;
}

type InputOf<P> = P extends { '~orpc': { inputSchema?: infer I } } ? (Exclude<I, undefined> extends infer S extends AnySchema ? InferSchemaOutput<S> : CallInput) : CallInput;

/** The gateway handling of some calls of a router, by the call's name. */
export type CallHandlings<R> = { [K in keyof R]?: CallHandling<InputOf<R[K]>> };

/**
 * A controller serving every call of `router` from its declaration, with no method written per call: the route and
 * its success status (oRPC's @Implement), the roles (@Roles, checked by the global RolesGuard after the token), public
 * calls (@Public), and a handler that forwards the validated input to the declared subject (or the call's handling,
 * `handlings`). The calls are documented by their declarations (calls-docs.ts), not by Swagger's decorators. A call that
 * cannot be declared (a file, a stream, a provider's callback) keeps a method of its own in its module's controller.
 */
export function declaredCallsController(router: AnyContractRouter, handlings: Record<string, CallHandling<never> | undefined> = {}): Type<unknown> {
  @Controller()
  class DeclaredCallsController {
    constructor(
      readonly bus: ServiceClient,
      readonly modules: ModuleRef,
    ) {}
  }
  const prototype = DeclaredCallsController.prototype as unknown as Record<string, unknown>;
  for (const [path, procedure] of proceduresOf(router)) {
    const name = path.join('_');
    const { meta } = declarationOf(procedure);
    const handling = handlings[name] as CallHandling | undefined;
    const handler = function (this: DeclaredCallsController, caller: Caller, request: FastifyRequest) {
      return implement(procedure).handler(({ input }) => {
        const run = () => {
          if (!handling?.handle) return forward(this.bus, meta, input as CallInput, caller, request);
          refuseOutOfRange(input as CallInput);
          const get = <T>(type: Type<T>) => this.modules.get(type, { strict: false });
          return handling.handle({ input: input as CallInput, caller, request, bus: this.bus, meta, get });
        };
        // A retry of a booking or a payment start with the same Idempotency-Key gets the first attempt's reply.
        const key = meta.idempotencyKey ? idempotencyKeyOf(request.headers['idempotency-key']) : undefined;
        if (key === undefined) return run();
        return oncePerKey(idempotencyStore(), `${name}:${caller.principal?.userId ?? 'anonymous'}`, key, input as CallInput, run);
      });
    };
    Object.defineProperty(handler, 'name', { value: name });
    prototype[name] = handler;
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name)!;
    CurrentCaller()(prototype, name, 0);
    Req()(prototype, name, 1);
    Implement(procedure)(prototype, name, descriptor);
    if (meta.roles?.length) Roles(...meta.roles)(prototype, name, descriptor);
    if (meta.allowedBeforePasswordChange) AllowedBeforePasswordChange()(prototype, name, descriptor);
    if (meta.public) Public()(prototype, name, descriptor);
    if (handling?.guards?.length) UseGuards(...handling.guards)(prototype, name, descriptor);
    ApiExcludeEndpoint()(prototype, name, descriptor);
  }
  return DeclaredCallsController;
}
