'use strict';
// The platform's JetStream consumers, read as the `ops` user (stream administration): how far behind each durable is
// (messages not yet delivered + delivered but not acknowledged), sampled while a load runs, and a wait until every
// durable has caught up, so the CPU of the work a request's events cause is counted with the request.
const fs = require('node:fs');
const { connect } = require('nats');
const { withDeadline } = require('./shutdown');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The events stream of a bus namespace (services/shared eventStreamName). */
function eventStream(bus) {
  return `${bus.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;
}

/** Connection options for the platform's NATS as `ops` (bus users' passwords in natsUsersFile, when it has them). */
function opsOptions(natsUrl, natsUsersFile) {
  const servers = natsUrl || 'nats://127.0.0.1:4222';
  if (!natsUsersFile) return { servers };
  const { users } = JSON.parse(fs.readFileSync(natsUsersFile, 'utf8'));
  return { servers, user: users.ops.user, pass: users.ops.password, inboxPrefix: `_INBOX_${users.ops.user}` };
}

/**
 * @param {{natsUrl?: string, natsUsersFile?: string|null, bus: string}} platform
 * @returns {Promise<{lag: () => Promise<Record<string, number>>, sample: (intervalMs?: number) => {stop: () => Promise<Record<string, number>>}, drained: (timeoutMs?: number) => Promise<number>, close: () => Promise<void>}>}
 */
async function consumerLag(platform) {
  const nc = await connect({ ...opsOptions(platform.natsUrl, platform.natsUsersFile), name: 'bench consumer lag' });
  const jsm = await nc.jetstreamManager();
  const stream = eventStream(platform.bus);

  /** Pending per durable consumer of the events stream. */
  async function lag() {
    const pending = {};
    for await (const info of jsm.consumers.list(stream)) pending[info.name] = info.num_pending + info.num_ack_pending;
    return pending;
  }

  return {
    lag,
    /** Samples the lag every intervalMs until stopped; resolves the highest lag seen per durable. */
    sample(intervalMs = 500) {
      const highest = {};
      let running = true;
      const loop = (async () => {
        while (running) {
          const now = await lag().catch(() => ({}));
          for (const [name, pending] of Object.entries(now)) highest[name] = Math.max(highest[name] ?? 0, pending);
          await sleep(intervalMs);
        }
      })();
      return {
        stop: async () => {
          running = false;
          await loop;
          return highest;
        },
      };
    },
    /** Resolves the ms waited once every durable has nothing pending; fails after timeoutMs naming who lags. */
    async drained(timeoutMs = 120_000) {
      const started = Date.now();
      for (;;) {
        const now = await withDeadline(lag(), 10_000, `the consumers' state on ${stream}`);
        if (Object.values(now).every((pending) => pending === 0)) return Date.now() - started;
        if (Date.now() - started > timeoutMs) {
          throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for the consumers of ${stream} to catch up (pending: ${JSON.stringify(now)})`);
        }
        await sleep(50);
      }
    },
    close: () => nc.close(),
  };
}

module.exports = { consumerLag, eventStream };
