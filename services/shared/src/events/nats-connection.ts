import { connect, NatsConnection } from 'nats';
import { natsServers } from '../config/env';

/** Injection token for the process's plain NATS connection (JetStream events, broadcasts). */
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

export function connectNats(name: string): Promise<NatsConnection> {
  return connect({ servers: natsServers(), name, maxReconnectAttempts: -1 });
}
