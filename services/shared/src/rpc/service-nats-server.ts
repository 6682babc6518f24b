import { MessageHandler, NatsContext, ServerNats } from '@nestjs/microservices';
import { OncePerTurn } from './once-per-turn';

/** What this server needs of the connection `unwrap()` returns (a @nats-io/transport-node NatsConnection). */
interface Flushable {
  flush(): Promise<void>;
}

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
 *   instead of one per reply).
 */
export class ServiceNatsServer extends ServerNats {
  private readonly handlers = new Map<string, MessageHandler>();
  private readonly replies = new OncePerTurn();

  override start(callback: (error?: unknown) => void): void {
    super.start((error?: unknown) => {
      if (error) return callback(error);
      this.unwrap<Flushable>()
        .flush()
        .then(() => callback(), callback);
    });
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
        publish(response);
      });
  }
}
