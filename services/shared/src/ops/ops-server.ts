import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { opsRoute } from './ops-routes';

export interface OpsServer {
  /** The port it listens on (the one asked for, or the one the OS chose for port 0). */
  port: number;
  close(): Promise<void>;
}

export interface OpsServerOptions {
  /** Default: OPS_PORT. Unset or empty means no ops server (tests, local runs with several processes per host). */
  port?: number;
  /** Default: OPS_HOST, else every interface (the kubelet and Prometheus reach the pod by its IP). */
  host?: string;
}

/** The port from OPS_PORT, or undefined when the ops server is off. */
export function opsPortFromEnv(value = process.env.OPS_PORT): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number.parseInt(value, 10);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`OPS_PORT must be a port number, got "${value}"`);
  return port;
}

/**
 * The per-pod operations HTTP port: health probes and metrics, whatever is registered through registerOpsRoute.
 * Plain node:http on its own port, not a route of the gateway's Fastify or of a service (services have no HTTP at
 * all): probes keep answering while the application port is saturated or shutting down, and it never shows up
 * on the public ingress. It runs on the process's main event loop on purpose: a hung loop cannot answer, which
 * is what the liveness probe relies on (see health.ts).
 *
 * GET and HEAD on exact paths (the query string is ignored); anything else is 404/405. Returns null when no
 * port is configured.
 */
export async function startOpsServer(options: OpsServerOptions = {}): Promise<OpsServer | null> {
  const port = options.port ?? opsPortFromEnv();
  if (port === undefined) return null;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    const handler = opsRoute(path);
    if (!handler) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    Promise.resolve()
      .then(() => handler(request, response))
      .catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(`${error instanceof Error ? error.message : String(error)}\n`);
      });
  });
  // Probes open a connection per check; nothing should hold the server open during shutdown.
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 10_000;
  // Never the reason a process stays up: it lives exactly as long as the application it reports on.
  server.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, options.host ?? process.env.OPS_HOST ?? undefined, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
