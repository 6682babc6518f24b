import { BadRequestException, Controller, Req, type Type } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { AnyContractProcedure, AnyContractRouter } from '@orpc/contract';
import { Implement, implement } from '@orpc/nest';
import type { FastifyRequest } from 'fastify';
import { JsonText, pageOf, subject } from '@afya/service-shared';
import type { CallMeta } from '@afya/service-shared/calls';
import { AllowedBeforePasswordChange, Roles } from '../auth/access.decorators';
import { type Caller, CurrentCaller } from '../auth/caller';
import { ServiceClient } from '../bus/service-client';
import { listHeaders, rowsOnPage } from '../http/list-reply';
import { findOutOfRangeNumber } from '../http/safe-input';
import type { CallInput } from './call-errors';

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
 * a list call's page defaulted (`limit`, `offset`). Its reply: the service's, or for a list the page's JSON text
 * (passed on unparsed) with the paging headers.
 */
export async function forward(bus: ServiceClient, meta: CallMeta, input: CallInput, caller: Caller, request: FastifyRequest): Promise<unknown> {
  refuseOutOfRange(input);
  const { params = {}, query = {}, body } = input;
  if (meta.list) {
    const page = pageOf(query);
    const text = await bus.send<JsonText>(subject(meta.subject), { ...params, ...query, ...page }, caller);
    return { headers: listHeaders(request, text.total ?? rowsOnPage(text.total, page), page, rowsOnPage(text.total, page)), body: text };
  }
  const onlyBody = Object.keys(params).length === 0 && Object.keys(query).length === 0;
  const payload = onlyBody && body !== undefined ? body : { ...params, ...query, ...(body as object | undefined) };
  return bus.send(subject(meta.subject), payload, caller, meta.timeoutMs);
}

/**
 * A controller serving every call of `router` from its declaration, with no method written per call: the route and
 * its success status (oRPC's @Implement), the roles (@Roles, checked by the global RolesGuard after the token), and
 * a handler that forwards the validated input to the declared subject. The calls are documented by their
 * declarations (calls-docs.ts), not by Swagger's decorators. A call that needs more (a file, a stream, a rate limit)
 * keeps a method of its own in its module's controller.
 */
export function declaredCallsController(router: AnyContractRouter): Type<unknown> {
  @Controller()
  class DeclaredCallsController {
    constructor(readonly bus: ServiceClient) {}
  }
  const prototype = DeclaredCallsController.prototype as unknown as Record<string, unknown>;
  for (const [path, procedure] of proceduresOf(router)) {
    const name = path.join('_');
    const { meta } = declarationOf(procedure);
    const handler = function (this: DeclaredCallsController, caller: Caller, request: FastifyRequest) {
      return implement(procedure).handler(({ input }) => forward(this.bus, meta, input as CallInput, caller, request));
    };
    Object.defineProperty(handler, 'name', { value: name });
    prototype[name] = handler;
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name)!;
    CurrentCaller()(prototype, name, 0);
    Req()(prototype, name, 1);
    Implement(procedure)(prototype, name, descriptor);
    if (meta.roles?.length) Roles(...meta.roles)(prototype, name, descriptor);
    if (meta.allowedBeforePasswordChange) AllowedBeforePasswordChange()(prototype, name, descriptor);
    ApiExcludeEndpoint()(prototype, name, descriptor);
  }
  return DeclaredCallsController;
}
