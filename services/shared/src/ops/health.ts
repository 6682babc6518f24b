import type { ServerResponse } from 'node:http';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { envInt } from '../config/env';
import { registerOpsRoute } from './ops-routes';

/**
 * Per-pod health on the ops port (ops-server.ts), for the kubelet:
 *
 * - GET /health/live: answered by the process's main event loop and by nothing else (no database, no NATS), so
 *   an outage elsewhere never restarts pods. A hung loop (a CPU-bound bug, a synchronous infinite loop, a
 *   microtask storm) cannot run this handler: the probe's `timeoutSeconds` expires and after `failureThreshold`
 *   misses the kubelet restarts the container. A watchdog thread was considered and rejected: a second thread
 *   answering "alive" on behalf of a stuck one is exactly what must not happen, and a heartbeat file needs an
 *   exec probe. The body carries the loop delay measured since the previous probe (monitorEventLoopDelay), so a
 *   loop that is slow but not stuck shows up in probe logs before it becomes a restart.
 * - GET /health/ready: 200 only when this pod should take work: started, not shutting down, and every
 *   registered check passes within READINESS_CHECK_TIMEOUT_MS (default 2 s): the service's NATS server is
 *   connected and subscribed, its database answers, and every migration its code knows is applied (so a new
 *   pod never becomes Ready against an older schema and a rollout stops there). 503 with the failing checks
 *   otherwise. Shutdown flips it to 503 at once, before any check runs.
 */
export type ReadinessCheck = () => unknown;

type Phase = 'starting' | 'running' | 'stopping';

const checks = new Map<string, ReadinessCheck>();
let phase: Phase = 'starting';
let loopDelay: IntervalHistogram | undefined;

/**
 * Adds a readiness condition: it passes when it returns (or resolves), fails when it throws (or rejects). A name
 * already taken (two replicas of a service in one test process) gets a suffix: neither hides the other.
 */
export function registerReadinessCheck(name: string, check: ReadinessCheck): () => void {
  let key = name;
  for (let n = 2; checks.has(key); n++) key = `${name} (${n})`;
  checks.set(key, check);
  return () => {
    if (checks.get(key) === check) checks.delete(key);
  };
}

/** The application listens (services: subscribed on NATS; gateway: HTTP listening): readiness may pass. */
export function markStarted(): void {
  if (phase === 'starting') phase = 'running';
}

/** The process is going away: readiness fails from now on, whatever the checks say. One way. */
export function markShuttingDown(): void {
  phase = 'stopping';
}

export function isShuttingDown(): boolean {
  return phase === 'stopping';
}

/**
 * Readiness reports shutdown the moment SIGTERM/SIGINT arrives, before Nest's own shutdown sequence starts closing
 * things. `once`, so after it ran this listener is gone and the signal Nest re-raises at the end terminates the
 * process as usual.
 */
export function reportShutdownOnSignals(): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, markShuttingDown);
}

export interface ReadinessReport {
  status: 'ready' | 'not-ready' | 'starting' | 'shutting-down';
  /** Each check: 'ok', or why it failed. */
  checks: Record<string, string>;
}

export async function readiness(timeoutMs = envInt('READINESS_CHECK_TIMEOUT_MS', 2_000)): Promise<ReadinessReport> {
  if (phase === 'stopping') return { status: 'shutting-down', checks: {} };
  const results = await Promise.all(
    [...checks].map(async ([name, check]) => [name, await outcome(check, timeoutMs)] as const),
  );
  const report = Object.fromEntries(results);
  // the phase may have changed while the checks ran (SIGTERM during a slow database answer)
  if (isShuttingDown()) return { status: 'shutting-down', checks: report };
  if (phase === 'starting') return { status: 'starting', checks: report };
  return { status: results.every(([, result]) => result === 'ok') ? 'ready' : 'not-ready', checks: report };
}

async function outcome(check: ReadinessCheck, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(check)
        .then(
          () => 'ok',
          (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'failed',
        ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Registers /health/live and /health/ready on the ops port's routes. Idempotent. */
export function registerHealthRoutes(): void {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 20 });
    loopDelay.enable();
  }
  registerOpsRoute('/health/live', (_request, response) => {
    const delay = loopDelay!;
    const body = {
      status: 'ok',
      // since the previous probe, in ms (the histogram counts ns)
      eventLoopDelayMs: { p99: Math.round(delay.percentile(99) / 1e6), max: Math.round(delay.max / 1e6) },
    };
    delay.reset();
    json(response, 200, body);
  });
  registerOpsRoute('/health/ready', async (_request, response) => {
    const report = await readiness();
    json(response, report.status === 'ready' ? 200 : 503, report);
  });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}
