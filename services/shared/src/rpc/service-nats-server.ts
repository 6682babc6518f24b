import { MessageHandler, NatsContext, ServerNats } from '@nestjs/microservices';
import { envInt } from '../config/env';
import { registerReadinessCheck } from '../ops/health';
import { OncePerTurn } from './once-per-turn';

/** What this server needs of the connection `unwrap()` returns (a @nats-io/transport-node NatsConnection). */
interface Flushable {
  flush(): Promise<void>;
}

/** ... and of that connection's subscribe() and the subscriptions it returns. */
interface Subscription {
  drain(): Promise<void>;
}
interface Subscribing {
  subscribe(subject: string, options?: unknown): Subscription;
}

type ServerNatsOptions = ConstructorParameters<typeof ServerNats>[0];
type IncomingMessage = Parameters<ServerNats['handleMessage']>[1];

/**
 * Nest's NATS server, with three changes made through its public methods:
 * - listen() resolves once nats-server has registered every subscription: after Nest's own start() has
 *   subscribed, a flush (a PING/PONG round trip on the same connection, reached through the public
 *   `unwrap()`) proves the SUBs arrived, so a service that says it is up answers at once instead of a
 *   request racing its SUBs to a 503;
 * - each subject's handler is remembered. Nest works the route out for every message by JSON.parse-ing the
 *   subject first, which throws (and captures a stack trace) for a plain subject like ours: ~2% of a
 *   service's CPU on a hot read. Handlers are all registered before listen(), a service subscribes to a
 *   fixed set of subjects, and only found handlers are kept, so the map stays small;
 * - replies leave together once per event-loop turn (OncePerTurn: one socket write for the turn's replies
 *   instead of one per reply);
 * - graceful close: unsubscribe first (drain: nats-server sends the queue group's next requests to the other
 *   replicas, and messages already on their way here are still handled), then wait until every request this
 *   replica took has been answered (at most SHUTDOWN_GRACE_MS, default 20 s, under the pod's 30 s
 *   terminationGracePeriodSeconds), flush the replies, and only then close the connection. Nest's own
 *   `gracefulShutdown` only sleeps a fixed `gracePeriod` after unsubscribing: too long when idle, too short
 *   for a slow request;
 * - its connection is a readiness check (`nats:<name>`, see ops/health.ts): connected, and not draining.
 */
export class ServiceNatsServer extends ServerNats {
  private readonly handlers = new Map<string, MessageHandler>();
  private readonly replies = new OncePerTurn();
  private readonly subscribed: Subscription[] = [];
  private readonly inFlight = new Set<IncomingMessage>();
  private whenIdle: (() => void) | undefined;
  private connected = false;
  private closing: 'no' | 'unsubscribing' | 'finishing' = 'no';
  private unregisterReadiness: (() => void) | undefined;

  constructor(private readonly serverOptions: ServerNatsOptions) {
    super(serverOptions);
  }

  override start(callback: (error?: unknown) => void): void {
    super.start((error?: unknown) => {
      if (error) return callback(error);
      this.unwrap<Flushable>()
        .flush()
        .then(() => {
          this.status.subscribe((status) => {
            this.connected = status === 'connected';
          });
          this.unregisterReadiness = registerReadinessCheck(`nats:${this.serverOptions.name ?? 'service'}`, () => this.assertReady());
          callback();
        }, callback);
    });
  }

  /** Nest keeps its subscriptions to itself; bindEvents (public) subscribes through the client it is given. */
  override bindEvents(client: Subscribing): void {
    super.bindEvents({
      subscribe: (subject: string, options?: unknown) => {
        const subscription = client.subscribe(subject, options);
        this.subscribed.push(subscription);
        return subscription;
      },
    });
  }

  override handleMessage(channel: string, message: IncomingMessage): Promise<unknown> {
    this.inFlight.add(message);
    return super.handleMessage(channel, message).then(
      (result: unknown) => {
        // a request is done when its last reply is published (getPublisher); an event when its handler is
        if (!message.reply) this.settle(message);
        return result;
      },
      (error: unknown) => {
        this.settle(message);
        throw error;
      },
    );
  }

  override async close(): Promise<void> {
    if (this.closing !== 'no') return super.close();
    this.closing = 'unsubscribing';
    if (this.subscribed.length > 0) {
      await Promise.all(this.subscribed.splice(0).map((subscription) => subscription.drain().catch(() => undefined)));
      this.closing = 'finishing';
      await this.idle(envInt('SHUTDOWN_GRACE_MS', 20_000));
      // the last replies leave in this turn's OncePerTurn callback; flush() returns once nats-server has them
      await new Promise((resolve) => setImmediate(resolve));
      await this.unwrap<Flushable>()
        .flush()
        .catch(() => undefined);
    }
    this.unregisterReadiness?.();
    await super.close();
  }

  override getHandlerByPattern(pattern: string): MessageHandler | null {
    let handler = this.handlers.get(pattern);
    if (handler === undefined) {
      const found = super.getHandlerByPattern(pattern);
      if (!found) return null;
      handler = found;
      this.handlers.set(pattern, handler);
    }
    return handler;
  }

  override getPublisher(natsMsg: Parameters<ServerNats['getPublisher']>[0], id: string, ctx: NatsContext): (response: unknown) => Promise<void> {
    const publish = super.getPublisher(natsMsg, id, ctx) as (response: unknown) => unknown;
    return (response) =>
      this.replies.call(() => {
        try {
          publish(response);
        } finally {
          // the last packet of a reply carries isDisposed; "no handler" is a lone error packet
          const packet = response as { isDisposed?: boolean; status?: string };
          if (packet.isDisposed || packet.status === 'error') this.settle(natsMsg);
        }
      });
  }

  private settle(message: IncomingMessage): void {
    this.inFlight.delete(message);
    if (this.inFlight.size === 0) this.whenIdle?.();
  }

  /** Resolves once no request is in flight, or after `graceMs` (what is still running then is logged and dropped). */
  private async idle(graceMs: number): Promise<void> {
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.whenIdle = resolve;
      timer = setTimeout(() => {
        this.logger.warn(`closing with ${this.inFlight.size} request(s) still running after ${graceMs} ms`);
        resolve();
      }, graceMs);
    });
    clearTimeout(timer);
    this.whenIdle = undefined;
  }

  private assertReady(): void {
    if (this.closing === 'unsubscribing') throw new Error('draining: unsubscribing');
    if (this.closing === 'finishing') throw new Error(`draining: finishing ${this.inFlight.size} request(s) in flight`);
    if (!this.connected) throw new Error('disconnected from NATS');
  }
}
