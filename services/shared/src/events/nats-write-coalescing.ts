import type { Socket } from 'node:net';
import { NodeTransport as NatsV3Transport } from '@nats-io/transport-node/lib/node_transport';
import { NodeTransport as NatsV2Transport } from 'nats/lib/src/node_transport';

/** The two NATS clients in a process: `nats` (ours) and `@nats-io/transport-node` (Nest's NATS server). */
const TRANSPORTS = [NatsV2Transport, NatsV3Transport] as const;

let installed = false;

/**
 * One socket write per event-loop turn for each NATS connection of this process, instead of one per
 * request or reply.
 *
 * nats.js flushes its buffer at the end of every microtask queue, so under load each HTTP request the
 * gateway handles, and each reply a service sends, costs a write syscall (and wakes nats-server) on its own.
 * Corking the socket at the first write of a turn and uncorking it in setImmediate (after every ready socket
 * of the turn has been read) sends the turn's messages in one writev. The delay is the rest of the current
 * turn, microseconds; under no load nothing waits. On this 2-core machine a cross-process write costs
 * ~0.3 ms of CPU, more than the work it carries (DECISIONS.md, 2026-11-21 "Coalesced NATS writes").
 */
export function coalesceNatsWrites(): void {
  if (installed) return;
  installed = true;
  for (const Transport of TRANSPORTS) {
    const send = Transport.prototype.send;
    Transport.prototype.send = function coalescedSend(this: { socket?: Socket }, frame: Uint8Array): void {
      const socket = this.socket;
      if (socket && !socket.destroyed && socket.writableCorked === 0) {
        socket.cork();
        setImmediate(() => {
          if (socket.writableCorked > 0) socket.uncork();
        });
      }
      send.call(this, frame);
    };
  }
}
