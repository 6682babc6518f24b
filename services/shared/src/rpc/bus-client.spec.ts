import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { NatsConnection } from 'nats';
import { currentRequestContext, runWithRequestContext } from '../context/request-context';
import { connectNats } from '../events/nats-connection';
import { subject } from './bus';
import { BUS_PAYLOAD_TOO_LARGE_MESSAGE, BUS_TIMEOUT_MESSAGE, BUS_UNAVAILABLE_MESSAGE, BusClient } from './bus-client';
import { currentDeadline, DEADLINE_PASSED_MESSAGE, withDeadline } from './deadline';
import type { RpcRequest } from './envelope';
import { JsonText } from './json-text';
import { createServiceApp } from './microservice';
import { notFound, RpcFailure } from './rpc-error';

// A service as the services run (createServiceApp: Nest's NATS transport, the request context and deadline restored
// around each handler), answering what its handler saw of the call.
const SEEN = subject('test.bus-client.seen');
const SLOW = subject('test.bus-client.slow');
const MISSING = subject('test.bus-client.missing');
const AS_JSON_TEXT = subject('test.bus-client.json-text');
const NOBODY = subject('test.bus-client.nobody');
const PENDING = subject('test.bus-client.pending');

interface Seen {
  principal: unknown;
  payload: unknown;
  requestId?: string;
  contextRequestId?: string;
  deadline?: number;
  deadlineInScope?: number;
}

let calls = 0;

@Controller()
class ProbeController {
  @MessagePattern(SEEN)
  seen(request: RpcRequest): Seen {
    calls += 1;
    return {
      principal: request.principal,
      payload: request.payload,
      requestId: request.requestId,
      contextRequestId: currentRequestContext()?.requestId,
      deadline: request.deadline,
      deadlineInScope: currentDeadline(),
    };
  }

  @MessagePattern(SLOW)
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return 'late';
  }

  @MessagePattern(MISSING)
  missing(): never {
    throw notFound('Appointment not found');
  }

  @MessagePattern(PENDING)
  pending(): never {
    throw new RpcFailure(409, 'Still waiting', 'STILL_PENDING', { pending: { id: 'ws_CO_1', status: 'pending' } });
  }

  @MessagePattern(AS_JSON_TEXT)
  asJsonText(): JsonText {
    return new JsonText('{"appointment":{"appointment_id":7}}');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

/** The failure a call ended in (it must fail). */
async function failureOf(call: Promise<unknown>): Promise<RpcFailure> {
  try {
    await call;
  } catch (error) {
    return error as RpcFailure;
  }
  throw new Error('the call succeeded');
}

describe('BusClient (real NATS, a real service)', () => {
  let nc: NatsConnection;
  let app: INestMicroservice;
  let bus: BusClient;

  beforeAll(async () => {
    nc = await connectNats('bus-client-spec');
    app = await createServiceApp({ name: 'bus-client-probe', module: ProbeModule, logger: ['error'] });
    await app.listen();
    bus = new BusClient(nc);
  });

  afterAll(async () => {
    await app.close();
    await nc.drain();
  });

  it("sends the principal, the payload, the request's context and a deadline in the service's envelope", async () => {
    const before = Date.now();
    const seen = await runWithRequestContext({ requestId: 'req-1' }, () =>
      bus.request<Seen>(SEEN, { id: 7 }, { principal: { userId: 3, role: 'doctor' }, timeoutMs: 4000 }),
    );
    expect(seen).toMatchObject({ principal: { userId: 3, role: 'doctor' }, payload: { id: 7 }, requestId: 'req-1', contextRequestId: 'req-1' });
    expect(seen.deadline).toBeGreaterThanOrEqual(before + 4000);
    expect(seen.deadline).toBeLessThanOrEqual(Date.now() + 4000);
    expect(seen.deadlineInScope).toBe(seen.deadline);
  });

  it("forwards the deadline of the request being handled when it is sooner than its own timeout", async () => {
    const callersDeadline = Date.now() + 2500;
    const seen = await runWithRequestContext({ requestId: 'req-2' }, () => withDeadline(callersDeadline, () => bus.request<Seen>(SEEN, {}, { timeoutMs: 10_000 })));
    expect(seen.deadline).toBe(callersDeadline);
    // Its own timeout when that is sooner.
    const sooner = await runWithRequestContext({ requestId: 'req-3' }, () => withDeadline(Date.now() + 60_000, () => bus.request<Seen>(SEEN, {}, { timeoutMs: 3000 })));
    expect(sooner.deadline).toBeLessThanOrEqual(Date.now() + 3000);
  });

  it('stops waiting at the forwarded deadline (504), and sends nothing once it has passed', async () => {
    const late = await failureOf(runWithRequestContext({ requestId: 'req-4' }, () => withDeadline(Date.now() + 300, () => bus.request(SLOW, {}))));
    expect(late).toBeInstanceOf(RpcFailure);
    expect(late.body).toEqual({ statusCode: 504, message: BUS_TIMEOUT_MESSAGE });

    const callsBefore = calls;
    const passed = await failureOf(runWithRequestContext({ requestId: 'req-5' }, () => withDeadline(Date.now() - 1, () => bus.request(SEEN, {}))));
    expect(passed.body).toEqual({ statusCode: 504, message: DEADLINE_PASSED_MESSAGE, code: 'DEADLINE' });
    expect(calls).toBe(callsBefore);
  });

  it('gives a call outside any request the request id it was given, else one of its own', async () => {
    const given = await bus.request<Seen>(SEEN, {}, { requestId: 'job-42' });
    expect(given).toMatchObject({ requestId: 'job-42', contextRequestId: 'job-42' });
    const own = await bus.request<Seen>(SEEN, {});
    expect(own.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(own.contextRequestId).toBe(own.requestId);
  });

  it("passes the service's own error on as it sent it, and tells nobody listening (503) from a timeout", async () => {
    expect((await failureOf(bus.request(MISSING, {}))).body).toEqual({ statusCode: 404, message: 'Appointment not found' });
    expect((await failureOf(bus.request(NOBODY, {}))).body).toEqual({ statusCode: 503, message: BUS_UNAVAILABLE_MESSAGE });
  });

  it("passes an error's details on; a payload larger than NATS carries is a 413, not a fault", async () => {
    expect((await failureOf(bus.request(PENDING, {}))).body).toEqual({ statusCode: 409, message: 'Still waiting', code: 'STILL_PENDING', details: { pending: { id: 'ws_CO_1', status: 'pending' } } });
    const tooLarge = 'x'.repeat(nc.info!.max_payload + 1);
    expect((await failureOf(bus.request(SEEN, { tooLarge }))).body).toEqual({ statusCode: 413, message: BUS_PAYLOAD_TOO_LARGE_MESSAGE });
  });

  it('parses a reply sent as JSON text, unless the client is made to hand it on raw (the gateway)', async () => {
    await expect(bus.request(AS_JSON_TEXT, {})).resolves.toEqual({ appointment: { appointment_id: 7 } });
    const raw = await new BusClient(nc, { jsonText: 'raw' }).request<JsonText>(AS_JSON_TEXT, {});
    expect(raw).toBeInstanceOf(JsonText);
    expect(raw.parse()).toEqual({ appointment: { appointment_id: 7 } });
  });
});
