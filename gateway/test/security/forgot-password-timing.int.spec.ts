import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { AuthMessages } from '@afya/auth-service/contracts';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { schemaName } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';
import type { TestPlatform } from '../support/platform';
import { newPatient } from '../support/users';

jest.setTimeout(300_000);

/** Known accounts (20, as the issue asks) and the requests measured of each kind; the most the medians may differ. */
const KNOWN_ACCOUNTS = 20;
const MEASURED = 80;
const WARM_UP = 6;
const MAX_MEDIAN_GAP_MS = 10;
/**
 * How long the SMS sandbox takes to answer a send, as Africa's Talking's API does over the internet (the issue measured
 * known phones 64 ms slower than unknown ones on the running platform). The sandbox itself answers in about 1 ms: with
 * no latency, the work the fix moves after the reply (the lookup, the code, the send) cost a known phone only about
 * 8 ms here, under the 10 ms bound, so this test passed with that work put back before the reply. With it, that work
 * makes a known phone 60 ms slower, which this test fails on; the fixed code answers before any of it.
 */
const SMS_PROVIDER_LATENCY_MS = 60;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Issue 43: forgot-password must not tell, by how long it takes, whether an account exists. An outside caller's view:
 * the HTTP reply's time for known and unknown emails (and phones), measured through the gateway, auth and support
 * with the real SMTP server and SMS sandbox behind them. Before the fix the medians were 50-60 ms apart here.
 *
 * Made to hold on a loaded machine (other test runs, builds):
 * - a warm-up first (JIT, pools, prepared plans);
 * - known and unknown in adjacent pairs, in ABBA order (known first, unknown first, unknown first, known first...), so
 *   load that comes and goes falls on both kinds alike; medians are compared, not means or single requests;
 * - the work a pair hands off (the lookup, the message) is let finish before the next pair, as the rate limit makes a
 *   real caller wait: here gateway, services and test share one process, where that work would otherwise slow down
 *   whatever request comes next (the SMS sandbox's delivery reports are off for the same reason);
 * - 80 requests of each kind (the 20 known accounts asked 4 times each): with 20, identical code gave medians that
 *   differed by 6 ms (one standard deviation) between runs on a 2-core machine at a load average of 15, so a 10 ms
 *   bound failed about one run in ten; 80 halve that spread.
 * Sending each pair together was tried too: the second of a pair waits behind the first in this one process, which
 * splits each kind's times in two groups with the median between them, and made the medians noisier.
 */
describe('forgot-password answers in the same time whether or not the account exists', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  let db: Client;
  const known: { email: string; phone: string }[] = [];

  beforeAll(async () => {
    inbox = await startMailInbox();
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    platform = await startPaymentPlatform({ auth: AuthModule, support: SupportModule }, { SMTP_URL: inbox.smtpUrl, PUBLIC_APP_URL: 'https://afya.test' });
    platform.sandboxes.sms.setDeliveryReportUrl(null);
    platform.sandboxes.sms.state.latencyMs = SMS_PROVIDER_LATENCY_MS;
    for (let i = 0; i < KNOWN_ACCOUNTS; i++) {
      const phone = `07${String(20_000_000 + i * 7919 + Math.floor(Math.random() * 1000)).padStart(8, '0')}`;
      const details = newPatient({ contact_phone: phone });
      const registered = await platform.api('POST', '/auth/register', { body: details });
      expect(registered.status).toBe(201);
      known.push({ email: details.email, phone });
    }
  });

  afterAll(async () => {
    await db?.end();
    await platform?.close();
    await inbox?.close();
  });

  const timed = async (body: Record<string, string>) => {
    const started = performance.now();
    const reply = await platform.api('POST', '/auth/forgot-password', { body });
    const ms = performance.now() - started;
    expect(reply).toMatchObject({ status: 200, body: { message: AuthMessages.resetSent } });
    return ms;
  };

  /** Whether a stored request is still waiting (its row goes once its message is handed over, or none is due). */
  const waiting = async () => {
    const table = `"${schemaName('auth')}".password_reset_requests`;
    const [{ exists }] = (await db.query(`SELECT to_regclass($1) IS NOT NULL AS exists`, [table])).rows;
    return exists ? (await db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n > 0 : false;
  };
  const settled = async () => {
    const deadline = Date.now() + 15_000;
    while (await waiting()) {
      if (Date.now() > deadline) throw new Error('forgot-password requests still waiting after 15 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  /** WARM_UP pairs, then MEASURED pairs, each pair known and unknown back to back in ABBA order: each kind's median. */
  const measure = async (knownBody: (account: number) => Record<string, string>, unknownBody: (i: number) => Record<string, string>) => {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < WARM_UP + MEASURED; i++) {
      const order = i % 4 === 0 || i % 4 === 3 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) {
        const ms = await timed(kind === 'known' ? knownBody(i % KNOWN_ACCOUNTS) : unknownBody(i));
        if (i >= WARM_UP) times[kind].push(ms);
      }
      await settled();
    }
    return { known: median(times.known), unknown: median(times.unknown) };
  };

  it(`by email: the medians of known and unknown addresses differ by at most ${MAX_MEDIAN_GAP_MS} ms`, async () => {
    const medians = await measure(
      (account) => ({ email: known[account].email }),
      (i) => ({ email: `nobody.${i}.${Math.random().toString(36).slice(2)}@example.co.ke` }),
    );
    console.log(`forgot-password by email: median ${medians.known.toFixed(1)} ms known, ${medians.unknown.toFixed(1)} ms unknown`);
    expect(Math.abs(medians.known - medians.unknown)).toBeLessThanOrEqual(MAX_MEDIAN_GAP_MS);
    // and every known account did get its link (the work was handed off, not dropped)
    await eventually(async () => {
      const sent = new Set((await inbox.emails()).flatMap((e) => e.to.map((t) => t.address)));
      expect(known.filter((k) => !sent.has(k.email))).toEqual([]);
    }, 30_000);
  });

  it(`by phone: the medians of known and unknown numbers differ by at most ${MAX_MEDIAN_GAP_MS} ms`, async () => {
    const medians = await measure(
      (account) => ({ phone: known[account].phone }),
      (i) => ({ phone: `07${String(90_000_000 + i * 31 + Math.floor(Math.random() * 30)).padStart(8, '0')}` }),
    );
    console.log(`forgot-password by phone: median ${medians.known.toFixed(1)} ms known, ${medians.unknown.toFixed(1)} ms unknown`);
    expect(Math.abs(medians.known - medians.unknown)).toBeLessThanOrEqual(MAX_MEDIAN_GAP_MS);
    await eventually(() => {
      const sent = new Set(platform.sandboxes.sms.messages.map((m) => m.to));
      expect(known.filter((k) => !sent.has(`+254${k.phone.slice(1)}`))).toEqual([]);
    }, 30_000);
  });
});
