import { connect, NatsConnection } from 'nats';
import { natsServers } from '../config/env';
import { natsCredentialOptions } from '../bus-security/credentials';

/** Injection token for the process's plain NATS connection (JetStream events, broadcasts). */
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/**
 * noAsyncTraces: nats.js otherwise captures a stack trace (new Error) for every request and JetStream publish,
 * a few % of the hot path's CPU, only to enrich a timeout's stack.
 * `deployable` (gateway, auth, …) picks the bus user whose credentials the connection presents (bus-security/credentials.ts).
 */
export function connectNats(name: string, deployable?: string): Promise<NatsConnection> {
  return connect({ servers: natsServers(), name, maxReconnectAttempts: -1, noAsyncTraces: true, ...natsCredentialOptions(deployable) });
}
