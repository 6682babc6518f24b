import { DiscardPolicy, JetStreamManager, NatsConnection, RetentionPolicy, StorageType, StreamConfig } from 'nats';
import { busNamespace } from '../rpc/bus';
import { deadLetterStreamName, eventStreamName } from './event-stream';

const DAY_NS = 24 * 60 * 60 * 1e9;

/** A setting of the declaration that an environment may override (k8s: the streams-apply Job's env). */
function numberSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got '${raw}'`);
  return value;
}

/**
 * The JetStream streams of one bus namespace, declared here and created or updated only by `streams apply`
 * (events-cli.ts), run before services start: by the local runner, tests' setup and a k8s Job. Services check
 * that the streams exist and refuse to start without them; none creates them.
 *
 * Environment (per deployment): NATS_STREAM_REPLICAS (1; 3 on a 3-node NATS cluster), NATS_EVENTS_MAX_AGE_DAYS (7:
 * processed-event ids are kept a day longer, see outbox-relay.ts), NATS_EVENTS_MAX_BYTES (-1, unlimited),
 * NATS_DLQ_MAX_AGE_DAYS (30: time to fix a handler and replay).
 */
export function declaredStreams(env: NodeJS.ProcessEnv = process.env): StreamConfig[] {
  const ns = busNamespace();
  const replicas = numberSetting(env, 'NATS_STREAM_REPLICAS', 1);
  const common = { retention: RetentionPolicy.Limits, storage: StorageType.File, num_replicas: replicas, discard: DiscardPolicy.Old };
  return [
    {
      ...common,
      name: eventStreamName(),
      subjects: [`${ns}.events.>`],
      max_age: numberSetting(env, 'NATS_EVENTS_MAX_AGE_DAYS', 7) * DAY_NS,
      max_bytes: numberSetting(env, 'NATS_EVENTS_MAX_BYTES', -1),
      // msgID = outbox id: a relay that publishes twice (crash before marking) is deduplicated here.
      duplicate_window: 2 * 60 * 1e9,
    } as StreamConfig,
    {
      ...common,
      name: deadLetterStreamName(),
      subjects: [`${ns}.dlq.>`],
      max_age: numberSetting(env, 'NATS_DLQ_MAX_AGE_DAYS', 30) * DAY_NS,
      max_bytes: numberSetting(env, 'NATS_DLQ_MAX_BYTES', 1024 * 1024 * 1024),
      // msgID = stream:sequence:consumer: a consumer that dead-letters twice (crash before term) stores it once.
      duplicate_window: 2 * 60 * 1e9,
    } as StreamConfig,
  ];
}

export interface StreamApplied {
  name: string;
  action: 'created' | 'updated' | 'unchanged';
}

const COMPARED: (keyof StreamConfig)[] = ['subjects', 'retention', 'storage', 'num_replicas', 'discard', 'max_age', 'max_bytes', 'duplicate_window'];

/** Creates the declared streams that are missing and brings the others' settings to the declaration. */
export async function applyStreams(nc: NatsConnection, streams: StreamConfig[] = declaredStreams()): Promise<StreamApplied[]> {
  const jsm = await nc.jetstreamManager();
  const applied: StreamApplied[] = [];
  for (const wanted of streams) {
    const current = await jsm.streams.info(wanted.name).catch(() => null);
    if (!current) {
      await jsm.streams.add(wanted).catch(async (error: Error) => {
        // Applied at the same moment by another runner (two test files, two Job pods): fine if it exists now.
        if (!(await jsm.streams.info(wanted.name).catch(() => null))) throw error;
      });
      applied.push({ name: wanted.name, action: 'created' });
      continue;
    }
    const changed = COMPARED.filter((key) => JSON.stringify(current.config[key]) !== JSON.stringify(wanted[key]));
    if (!changed.length) {
      applied.push({ name: wanted.name, action: 'unchanged' });
      continue;
    }
    await jsm.streams.update(wanted.name, { ...current.config, ...wanted });
    applied.push({ name: wanted.name, action: 'updated' });
  }
  return applied;
}

/**
 * What a service checks at start instead of creating streams: each declared stream exists. The error says what
 * to run, and the service does not start (its readiness never passes), rather than run with a stream nobody sized.
 */
export async function requireStreams(nc: NatsConnection, names: string[] = declaredStreams().map((s) => s.name)): Promise<void> {
  const jsm = await nc.jetstreamManager();
  const missing: string[] = [];
  for (const name of names) if (!(await jsm.streams.info(name).catch(() => null))) missing.push(name);
  if (missing.length) {
    throw new Error(
      `JetStream stream(s) ${missing.join(', ')} missing for bus namespace '${busNamespace()}': ` +
        `run \`node services/shared/dist/events/events-cli.js streams apply\` (k8s: the streams-apply Job) before starting services`,
    );
  }
}

/**
 * What a service or tool that uses the event stream calls first: the declared streams exist, else it
 * fails with what to run. Nothing here creates a stream: `streams apply` does, before services start.
 */
export async function requireEventStream(nc: NatsConnection): Promise<JetStreamManager> {
  await requireStreams(nc);
  return nc.jetstreamManager();
}
