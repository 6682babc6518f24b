import { createInbox, ErrorCode, Msg, NatsConnection, NatsError, Subscription } from 'nats';

interface PendingRequest {
  resolve: (message: Msg) => void;
  reject: (error: NatsError) => void;
  timer: NodeJS.Timeout;
}

/**
 * Request-reply over one wildcard reply subscription, like nats.js's own request mux, minus what that costs
 * on every call: nats.js creates a NatsError (a stack trace) to cancel each settled request, a few % of the
 * gateway's CPU on the appointment list. Outcomes are the same as nc.request's: the reply, a Timeout error,
 * or a NoResponders error when no service instance subscribes to the subject (nats-server answers 503).
 */
export class ReplyInbox {
  private readonly prefix = `${createInbox()}.`;
  private readonly pending = new Map<string, PendingRequest>();
  private readonly subscription: Subscription;
  private sequence = 0;

  constructor(private readonly nc: NatsConnection) {
    this.subscription = nc.subscribe(`${this.prefix}*`, { callback: (_error, message) => this.settle(message) });
  }

  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Msg> {
    const token = (++this.sequence).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(NatsError.errorForCode(ErrorCode.Timeout));
      }, timeoutMs);
      this.pending.set(token, { resolve, reject, timer });
      try {
        this.nc.publish(subject, data, { reply: this.prefix + token });
      } catch (error) {
        clearTimeout(timer);
        this.pending.delete(token);
        reject(error as NatsError);
      }
    });
  }

  close(): void {
    if (!this.nc.isClosed()) this.subscription.unsubscribe();
    for (const [token, request] of this.pending) {
      clearTimeout(request.timer);
      request.reject(NatsError.errorForCode(ErrorCode.ConnectionClosed));
      this.pending.delete(token);
    }
  }

  private settle(message: Msg): void {
    const token = message.subject.slice(this.prefix.length);
    const request = this.pending.get(token);
    if (!request) return; // answered after its timeout
    this.pending.delete(token);
    clearTimeout(request.timer);
    if (message.headers?.hasError && message.headers.code === 503) request.reject(NatsError.errorForCode(ErrorCode.NoResponders));
    else request.resolve(message);
  }
}
