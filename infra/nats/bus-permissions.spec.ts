import { readFileSync } from 'node:fs';
import { connect, ErrorCode, NatsConnection, NatsError } from 'nats';

const { SERVICES, inboxPrefix } = require('./bus-users') as { SERVICES: Record<string, { calls?: string[] }>; inboxPrefix: (user: string) => string };

/**
 * The bus refuses what a deployable may not do (issue 14 section 1), on the jest run's own nats-server, which has
 * the permission config of infra/nats/bus-users.js (infra/nats/test-server/global-setup.js). Each connection
 * presents one deployable's credentials, as that deployable's pods do.
 */
const servers = process.env.NATS_URL!;
// The test server's config is for every namespace (`*`); this file's own keeps it apart from other files.
const ns = `buspermissions${process.pid}`;
const open: NatsConnection[] = [];

async function connectAs(deployable: string): Promise<NatsConnection> {
  // As services/shared/src/bus-security/credentials.ts connects a deployable: its user, password and inbox prefix.
  const { users } = JSON.parse(readFileSync(process.env.AFYA_NATS_USERS_FILE!, 'utf8')) as { users: Record<string, { user: string; password: string }> };
  if (!users[deployable]) throw new Error(`the test config has no bus user ${deployable}`);
  const { user, password } = users[deployable];
  const nc = await connect({ servers, name: `bus-permissions-spec-${deployable}`, user, pass: password, inboxPrefix: inboxPrefix(user) });
  open.push(nc);
  return nc;
}

/** The error a request gets: the server's permissions violation, or none (the request was answered). */
async function requestError(nc: NatsConnection, subject: string): Promise<string | null> {
  try {
    await nc.request(subject, 'ping', { timeout: 2000 });
    return null;
  } catch (error) {
    return (error as NatsError).code;
  }
}

/** Subscribes, and resolves with how the subscription ended: the server's refusal, or still open after a round trip. */
async function subscriptionOutcome(nc: NatsConnection, subject: string): Promise<string> {
  const sub = nc.subscribe(subject);
  const refused = (async () => {
    try {
      for await (const message of sub) message.respond('answered by an impostor');
      return 'closed';
    } catch (error) {
      return (error as NatsError).code;
    }
  })();
  await nc.flush();
  // The server sends its -ERR before the PONG that ends the flush: a refused subscription is closed by now.
  const outcome = await Promise.race([refused, nc.flush().then(() => 'open')]);
  sub.unsubscribe();
  return outcome;
}

afterAll(async () => {
  await Promise.all(open.map((nc) => nc.close()));
});

describe('the bus permissions, enforced by nats-server', () => {
  it('lets the gateway call a service, which answers on its own request subject', async () => {
    const appointment = await connectAs('appointment');
    const sub = appointment.subscribe(`${ns}.appointment.health`, { queue: `${ns}.appointment` });
    void (async () => {
      for await (const message of sub) message.respond('ok');
    })();
    await appointment.flush();
    const gateway = await connectAs('gateway');
    const reply = await gateway.request(`${ns}.appointment.health`, 'ping', { timeout: 2000 });
    expect(reply.string()).toBe('ok');
  });

  it("refuses the appointment service's publish to an auth request subject", async () => {
    const appointment = await connectAs('appointment');
    expect(await requestError(appointment, `${ns}.auth.login`)).toBe(ErrorCode.PermissionsViolation);
    expect(await requestError(appointment, `${ns}.auth.admin.users.create`)).toBe(ErrorCode.PermissionsViolation);
  });

  it('refuses the appointment service answering auth.keys (only auth may subscribe to it)', async () => {
    const appointment = await connectAs('appointment');
    expect(await subscriptionOutcome(appointment, `${ns}.auth.keys`)).toBe(ErrorCode.PermissionsViolation);
    const auth = await connectAs('auth');
    expect(await subscriptionOutcome(auth, `${ns}.auth.keys`)).toBe('open');
  });

  it('refuses a connection without credentials', async () => {
    await expect(connect({ servers, name: 'bus-permissions-spec-anonymous', reconnect: false })).rejects.toMatchObject({ code: ErrorCode.AuthorizationViolation });
    await expect(connect({ servers, user: 'appointment', pass: 'not-its-password', reconnect: false })).rejects.toMatchObject({ code: ErrorCode.AuthorizationViolation });
  });

  it("refuses a service listening on another deployable's inbox or publishing another service's events", async () => {
    const appointment = await connectAs('appointment');
    expect(await subscriptionOutcome(appointment, '_INBOX_gateway.>')).toBe(ErrorCode.PermissionsViolation);
    expect(await subscriptionOutcome(appointment, '_INBOX.>')).toBe(ErrorCode.PermissionsViolation);
    expect(await requestError(appointment, `${ns}.events.payment.completed.v1`)).toBe(ErrorCode.PermissionsViolation);
    expect(await requestError(appointment, `${ns}.dlq.auth.user.registered.v1`)).toBe(ErrorCode.PermissionsViolation);
  });

  it('lets the payment service ask the appointment service for one appointment, and nothing else of it', async () => {
    const [call] = SERVICES.payment.calls!; // the appointment service's "get" subject (bus-users.spec.ts checks it against the code)
    const appointment = await connectAs('appointment');
    const sub = appointment.subscribe(`${ns}.${call}`);
    void (async () => {
      for await (const message of sub) message.respond('{}');
    })();
    await appointment.flush();
    const payment = await connectAs('payment');
    expect(await requestError(payment, `${ns}.${call}`)).toBeNull();
    expect(await requestError(payment, `${ns}.appointment.book`)).toBe(ErrorCode.PermissionsViolation);
  });

  it("relays video signalling from one gateway replica to another, and refuses a service on the relay (either way)", async () => {
    const replicaA = await connectAs('gateway');
    const replicaB = await connectAs('gateway');
    const heard = replicaB.subscribe(`${ns}.relay.video.>`, { max: 1 });
    await replicaB.flush();
    replicaA.publish(`${ns}.relay.video.42`, '{"type":"joined","from":"patient"}');
    for await (const message of heard) expect(message.subject).toBe(`${ns}.relay.video.42`);
    const appointment = await connectAs('appointment');
    expect(await subscriptionOutcome(appointment, `${ns}.relay.video.>`)).toBe(ErrorCode.PermissionsViolation);
    expect(await requestError(appointment, `${ns}.relay.video.42`)).toBe(ErrorCode.PermissionsViolation);
  });
});
