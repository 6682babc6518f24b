import { connect } from 'nats';
import { Client } from 'pg';
import { busNamespace } from '../rpc/bus';
import { deadLetterStreamName, eventStreamName } from '../events/event-stream';
import { applyStreams } from '../events/streams';
import { natsCredentialOptions } from '../bus-security/credentials';

export interface TestInfrastructure {
  databaseUrl: string;
  natsUrl: string;
  /** Drops this test file's schemas and event stream, stops containers it started. */
  cleanup(): Promise<void>;
}

type Stoppable = { stop(): Promise<unknown> };

/**
 * Real PostgreSQL and NATS for a test file: containers through testcontainers when a container runtime
 * exists, else the servers in DATABASE_URL / NATS_URL (this machine and CI run them locally).
 */
export async function testInfrastructure(): Promise<TestInfrastructure> {
  const started: Stoppable[] = [];
  if (process.env.AFYA_TEST_CONTAINERS !== 'off' && (await containerRuntimeAvailable())) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const { NatsContainer } = await import('@testcontainers/nats');
    const postgres = await new PostgreSqlContainer('postgres:15-alpine').start();
    const nats = await new NatsContainer('nats:2.10-alpine').withJetStream().start();
    started.push(postgres, nats);
    process.env.DATABASE_URL = postgres.getConnectionUri();
    process.env.NATS_URL = `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`;
  }
  const databaseUrl = process.env.DATABASE_URL!;
  const natsUrl = process.env.NATS_URL!;
  // Like `streams apply` before services start: services only check that the streams exist.
  await applyDeclaredStreams(natsUrl);
  return {
    databaseUrl,
    natsUrl,
    async cleanup() {
      await dropTestSchemas(databaseUrl).catch(() => undefined);
      await deleteEventStream(natsUrl).catch(() => undefined);
      for (const container of started) await container.stop();
    },
  };
}

async function containerRuntimeAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function dropTestSchemas(databaseUrl: string): Promise<void> {
  const suffix = process.env.AFYA_SCHEMA_SUFFIX;
  if (!suffix) return;
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE nspname LIKE '%\\_' || $1`,
      [suffix],
    );
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  } finally {
    await client.end();
  }
}

async function deleteEventStream(natsUrl: string): Promise<void> {
  if (busNamespace() === 'afya') return; // never delete a real environment's stream
  const nc = await connect({ servers: natsUrl, ...natsCredentialOptions() });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(eventStreamName()).catch(() => undefined);
    await jsm.streams.delete(deadLetterStreamName()).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

/** This test file's namespace gets the streams a deployment declares (events/streams.ts). */
async function applyDeclaredStreams(natsUrl: string): Promise<void> {
  const nc = await connect({ servers: natsUrl, ...natsCredentialOptions() });
  try {
    await applyStreams(nc);
  } finally {
    await nc.close();
  }
}

/** Retries an assertion until it passes: for read models fed by events. */
export async function eventually<T>(assertion: () => Promise<T> | T, timeoutMs = 5000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
