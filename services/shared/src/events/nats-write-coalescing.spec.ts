import type { Socket } from 'node:net';
import { connect as connectV3 } from '@nats-io/transport-node';
import { NatsConnection } from 'nats';
import { testInfrastructure, TestInfrastructure } from '../testing';
import { connectNats } from './nats-connection';

/** The transport socket under a connection of either NATS client (internal, as in nats-write-coalescing.ts). */
const socketOf = (nc: unknown) => (nc as { protocol: { transport: { socket: Socket } } }).protocol.transport.socket;

/** Socket writes (syscalls, one per _write or _writev) while `act` runs and one event-loop turn after it. */
async function writesDuring(socket: Socket, act: () => Promise<void>): Promise<number> {
  const target = socket as unknown as { _write: (...args: unknown[]) => void; _writev: (...args: unknown[]) => void };
  const write = jest.spyOn(target, '_write');
  const writev = jest.spyOn(target, '_writev');
  try {
    await act();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    return write.mock.calls.length + writev.mock.calls.length;
  } finally {
    write.mockRestore();
    writev.mockRestore();
  }
}

/** Ten messages published one per microtask, the way ten requests handled in one turn would publish them. */
async function tenAcrossMicrotasks(publish: (n: number) => void): Promise<void> {
  for (let n = 0; n < 10; n++) {
    publish(n);
    await Promise.resolve();
    await Promise.resolve();
  }
}

describe('NATS writes: one socket write per event-loop turn (real NATS)', () => {
  let infra: TestInfrastructure;

  beforeAll(async () => {
    infra = await testInfrastructure();
  });

  afterAll(async () => {
    await infra.cleanup();
  });

  it('coalesces what our `nats` connection publishes in one turn, and every message arrives', async () => {
    const nc: NatsConnection = await connectNats('coalescing-test');
    const received: string[] = [];
    const sub = nc.subscribe('coalescing.test.v2', { callback: (_error, message) => received.push(message.string()) });
    await nc.flush();
    try {
      const writes = await writesDuring(socketOf(nc), () => tenAcrossMicrotasks((n) => nc.publish('coalescing.test.v2', `m${n}`)));
      expect(writes).toBe(1);
      await nc.flush();
      expect(received).toEqual(Array.from({ length: 10 }, (_, n) => `m${n}`));
    } finally {
      sub.unsubscribe();
      await nc.close();
    }
  });

  it("coalesces Nest's client (@nats-io/transport-node) too", async () => {
    await connectNats('coalescing-install').then((nc) => nc.close()); // installs the patch, as services do
    const nc = await connectV3({ servers: infra.natsUrl });
    try {
      const writes = await writesDuring(socketOf(nc), () => tenAcrossMicrotasks((n) => nc.publish('coalescing.test.v3', `m${n}`)));
      expect(writes).toBe(1);
    } finally {
      await nc.close();
    }
  });
});
