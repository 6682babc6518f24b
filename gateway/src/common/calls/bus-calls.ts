import { BadRequestException, Controller, Req, Res, type Type, UseInterceptors } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { AppRoute, AppRouter } from '@ts-rest/core';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JsonText, pageOf, subject } from '@afya/service-shared';
import type { CallMeta } from '@afya/service-shared/calls';
import { Roles } from '../auth/access.decorators';
import { type Caller, CurrentCaller } from '../auth/caller';
import { ServiceClient } from '../bus/service-client';
import { listHeaders, rowsOnPage } from '../http/list-reply';
import { findOutOfRangeNumber } from '../http/safe-input';
import { UnsafeTextInterceptor } from './call-errors';

export interface CallInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Every route of a ts-rest router, with its name. */
export function routesOf(router: AppRouter, prefix: string[] = []): [string[], AppRoute][] {
  return Object.entries(router).flatMap(([key, child]) =>
    'method' in child && typeof child.method === 'string' ? [[[...prefix, key], child as AppRoute]] : routesOf(child as AppRouter, [...prefix, key]),
  );
}

function refuseOutOfRange(input: CallInput): void {
  for (const part of [input.params, input.query, input.body]) {
    const field = findOutOfRangeNumber(part, '');
    if (field !== undefined) {
      const message = `${field} is out of range`;
      throw new BadRequestException({ statusCode: 400, message, errors: [message] });
    }
  }
}

/** What a declared call sends over the bus and answers (as in the oRPC prototype). */
async function forward(bus: ServiceClient, route: AppRoute, input: CallInput, caller: Caller, request: FastifyRequest, reply: FastifyReply) {
  const meta = route.metadata as CallMeta;
  refuseOutOfRange(input);
  const status = Number(Object.keys(route.responses)[0]);
  const { params = {}, query = {}, body } = input;
  if (meta.list) {
    const page = pageOf(query);
    const text = await bus.send<JsonText>(subject(meta.subject), { ...params, ...query, ...page }, caller);
    const rows = rowsOnPage(text.total, page);
    for (const [name, value] of Object.entries(listHeaders(request, text.total ?? rows, page, rows))) reply.header(name.toLowerCase(), value);
    reply.header('content-type', 'application/json; charset=utf-8');
    return { status, body: text.body };
  }
  const onlyBody = Object.keys(params).length === 0 && Object.keys(query).length === 0;
  const payload = onlyBody && body !== undefined ? body : { ...params, ...query, ...(body as object | undefined) };
  return { status, body: await bus.send(subject(meta.subject), payload, caller) };
}

/** A controller serving every call of `router` from its declaration (ts-rest's @TsRestHandler), no method per call. */
export function declaredCallsController(router: AppRouter): Type<unknown> {
  @Controller()
  class DeclaredCallsController {
    constructor(readonly bus: ServiceClient) {}
  }
  const prototype = DeclaredCallsController.prototype as unknown as Record<string, unknown>;
  for (const [path, route] of routesOf(router)) {
    const name = path.join('_');
    const meta = route.metadata as CallMeta;
    const handler = function (this: DeclaredCallsController, caller: Caller, request: FastifyRequest, reply: FastifyReply) {
      // The generic handler is untyped: ts-rest's handler types are per route.
      return tsRestHandler(route, (async (input: CallInput) => forward(this.bus, route, input, caller, request, reply)) as never);
    };
    prototype[name] = handler;
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name)!;
    CurrentCaller()(prototype, name, 0);
    Req()(prototype, name, 1);
    Res({ passthrough: true })(prototype, name, 2);
    // Listed first, so it runs before ts-rest's interceptor validates.
    UseInterceptors(UnsafeTextInterceptor)(prototype, name, descriptor);
    TsRestHandler(route)(prototype, name, descriptor);
    if (meta.roles?.length) Roles(...meta.roles)(prototype, name, descriptor);
    ApiExcludeEndpoint()(prototype, name, descriptor);
  }
  return DeclaredCallsController;
}
