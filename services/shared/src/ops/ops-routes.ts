import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The per-pod operations HTTP port (health probes, metrics) serves whatever is registered here. Registration is
 * separate from the server so health (rollouts) and metrics (observability) plug in without knowing each other.
 */
export type OpsRouteHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

const routes = new Map<string, OpsRouteHandler>();

/** Registers (or replaces) the handler for one exact path, e.g. '/metrics' or '/health/ready'. */
export function registerOpsRoute(path: string, handler: OpsRouteHandler): void {
  routes.set(path, handler);
}

export function opsRoute(path: string): OpsRouteHandler | undefined {
  return routes.get(path);
}

export function opsRoutePaths(): string[] {
  return [...routes.keys()];
}
