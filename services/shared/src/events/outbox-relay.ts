import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JSONCodec, NatsConnection } from 'nats';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { requestContextHeaders } from '../context/context-carriage';
import type { RequestContext } from '../context/request-context';
import { NATS_CONNECTION } from './nats-connection';
import { eventSubject } from './event-stream';
import { requireEventStream } from './streams';
import { outboxChannel } from './outbox';

const BATCH = 100;
const POLL_MS = 2000;
const PRUNE_MS = 60 * 60 * 1000;
/** Published events stay 7 days (the stream's max age); applied-event ids a day longer than any redelivery. */
const OUTBOX_RETENTION = '7 days';
const PROCESSED_RETENTION = '8 days';
const codec = JSONCodec();

/**
 * Publishes outbox rows to JetStream. Woken by NOTIFY at commit, with a slow poll as a safety net.
 * Rows are locked with SKIP LOCKED, so several replicas can relay side by side.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private listener?: Client;
  private timer?: NodeJS.Timeout;
  private pruneTimer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await requireEventStream(this.nc);
    const options = this.dataSource.options as { url?: string; schema?: string };
    this.listener = new Client({ connectionString: options.url });
    this.listener.on('error', (error) => this.logger.warn(`LISTEN connection: ${error.message}`));
    await this.listener.connect();
    this.listener.on('notification', () => this.kick());
    // This schema's channel only: another service's commit does not wake this relay.
    await this.listener.query(`LISTEN "${outboxChannel(options.schema).replace(/"/g, '""')}"`);
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.pruneTimer = setInterval(() => void this.prune().catch((e: Error) => this.logger.warn(`prune: ${e.message}`)), PRUNE_MS);
    this.pruneTimer.unref();
    this.kick();
  }

  /** Retention: drops published outbox rows and old processed-event ids; returns how many rows went. */
  async prune(): Promise<number> {
    const [, outbox] = await this.dataSource.query(`DELETE FROM outbox WHERE published_at < now() - interval '${OUTBOX_RETENTION}'`);
    const [, processed] = await this.dataSource.query(
      `DELETE FROM processed_events WHERE processed_at < now() - interval '${PROCESSED_RETENTION}'`,
    );
    return Number(outbox ?? 0) + Number(processed ?? 0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.listener?.end().catch(() => undefined);
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.drain()
      .catch((error: Error) => this.logger.warn(`relay: ${error.message}`))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Publishes everything pending; returns how many events went out. */
  async drain(): Promise<number> {
    const js = this.nc.jetstream();
    let total = 0;
    for (;;) {
      const sent = await this.dataSource.transaction(async (manager) => {
        const rows: { id: string; type: string; payload: unknown; context: RequestContext | null }[] = await manager.query(
          `SELECT id, type, payload, context FROM outbox WHERE published_at IS NULL ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        );
        for (const row of rows) {
          // One at a time, each stored before the next is sent: consumers whose state is the last event applied (an
          // appointment's status) rely on the stream's order. Sent together, a publish that failed and was retried
          // (a stream leader change) could be stored after the one behind it.
          // The request context the event was recorded under travels as headers (x-request-id, traceparent…).
          await js.publish(eventSubject(row.type), codec.encode(row.payload), { msgID: row.id, headers: requestContextHeaders(row.context) });
        }
        if (rows.length) {
          await manager.query(`UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[])`, [rows.map((r) => r.id)]);
        }
        return rows.length;
      });
      total += sent;
      if (sent < BATCH || this.stopped) return total;
    }
  }
}
