import { ServerNats } from '@nestjs/microservices';

/**
 * Nest's NATS server, with two changes:
 * - listen() resolves once nats-server has registered every subscription (a flush round trip), so a
 *   service that says it is up answers at once instead of a request racing its SUBs to a 503;
 * - each subject's handler route is remembered. Nest works the route out for every message by
 *   JSON.parse-ing the subject first, which throws (and captures a stack trace) for a plain subject like
 *   ours: ~2% of a service's CPU on a hot read. A service subscribes to a fixed set of subjects, so the
 *   cache stays small; the size guard is only a safety net.
 */
export class ServiceNatsServer extends ServerNats {
  private readonly routes = new Map<string, string>();

  override start(callback: (error?: unknown) => void): void {
    // natsClient is private in Nest's typings; it is set by listen() just before start().
    const client = (this as unknown as { natsClient: Parameters<ServerNats['bindEvents']>[0] & { flush(): Promise<void> } }).natsClient;
    this.bindEvents(client);
    client.flush().then(() => callback(), callback);
  }

  override getRouteFromPattern(pattern: string): string {
    let route = this.routes.get(pattern);
    if (route === undefined) {
      route = super.getRouteFromPattern(pattern);
      if (this.routes.size < 1024) this.routes.set(pattern, route);
    }
    return route;
  }
}
