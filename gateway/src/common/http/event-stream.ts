import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../auth/caller';
import type { RevocationStore } from '../auth/revocation-store';

/** An open server-sent-events stream (openEventStream). */
export interface EventStream {
  /** One event: `event: <name>` and its data as JSON. */
  send(event: string, data: unknown): void;
  /** Ends the stream (the close hooks run). */
  end(): void;
  /** Runs once when the stream closes, whoever closes it (the browser, end(), expiry, revocation). */
  onClose(hook: () => void): void;
}

export interface EventStreamOptions {
  requestId: string;
  /** The token the stream was opened with: the stream lives no longer than it. */
  user?: AuthenticatedUser;
  revocations: RevocationStore;
  /** The browser reconnects after this long when the stream drops. */
  retryMs: number;
  heartbeatMs: number;
}

/**
 * Opens a server-sent-events stream on the raw response (hijacked from Fastify), unbuffered: the gateway compresses
 * nothing on /api, helmet only sets headers, and `x-accel-buffering: no` keeps nginx (the Ingress) from buffering.
 * The stream lives no longer than its token: it ends at expiry, and as soon as this replica hears that the token was
 * signed out or its sessions revoked (password change, suspension, deletion); the browser's reconnect then meets the
 * normal 401. The heartbeat (a comment line) checks again, should a revocation arrive while nothing listened.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, options: EventStreamOptions): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': options.requestId,
  });
  raw.write(`retry: ${options.retryMs}\n`);
  const { user, revocations } = options;
  const revoked = () => !!user && revocations.isRevoked({ sub: String(user.userId), jti: user.jti, sv: user.sv });
  const expired = () => !!user && Date.now() / 1000 >= user.exp;
  const end = () => raw.end();
  const stopListening = revocations.onRevocation(() => {
    if (revoked()) end();
  });
  const heartbeat = setInterval(() => {
    if (expired() || revoked()) {
      end();
      return;
    }
    raw.write(': keep-alive\n\n');
  }, options.heartbeatMs);
  heartbeat.unref();
  const hooks: (() => void)[] = [];
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    stopListening();
    for (const hook of hooks) hook();
  };
  request.raw.once('close', close);
  raw.once('close', close);
  return {
    send: (event, data) => {
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end,
    onClose: (hook) => {
      hooks.push(hook);
    },
  };
}
