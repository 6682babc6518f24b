import type { Browser } from 'puppeteer';
import { BASE_URL, DEMO, launchBrowser } from '../support/browser';

// Issue 35: a patient's first views must not grow. Each page of infra/bench/first-view-budget.js is loaded on an
// empty cache in Debian's Chromium and its bytes over the wire counted (the bench's own count, CDP's encoded lengths)
// against its allowance. A failure names the page, its weight, its allowance and its heaviest files.
const { FIRST_VIEWS, allowedBytes } = require('../../bench/first-view-budget') as {
  FIRST_VIEWS: { path: string; session: boolean; waitForText: string | null; targetBytes: number; measured: { bytes: number; on: string } | null }[];
  allowedBytes: (view: unknown) => number;
};
const { wireBytes } = require('../../bench/frontend-size') as {
  wireBytes: (browser: Browser, baseUrl: string, options: { path: string; session?: unknown; waitForText?: string }) => Promise<{ totalBytes: number; requests: number; files: { path: string; bytes: number }[] }>;
};
const { signIn } = require('../../bench/lib') as { signIn: (url: string, email: string, password: string) => Promise<{ token: string; user: { firstname: string } }> };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe("a patient's first views over the wire (issue 35's budget)", () => {
  let browser: Browser;
  let session: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await signIn(BASE_URL, DEMO.patient.email, DEMO.patient.password);
  });
  afterAll(() => browser?.close());

  it.each(FIRST_VIEWS.map((view) => [view.path, view] as const))('%s weighs no more than its allowance', async (_path, view) => {
    const wire = await wireBytes(browser, BASE_URL, {
      path: view.path,
      session: view.session ? session : undefined,
      waitForText: view.waitForText ?? session.user.firstname,
    });
    const allowed = allowedBytes(view);
    const heaviest = wire.files.slice(0, 6).map((f) => `${f.path} ${kb(f.bytes)}`).join(', ');
    process.stdout.write(`[first view] ${view.path}: ${kb(wire.totalBytes)} in ${wire.requests} requests (target ${kb(view.targetBytes)}, allowed ${kb(allowed)})\n`);
    if (wire.totalBytes > allowed) throw new Error(`${view.path} weighs ${kb(wire.totalBytes)} over the wire, over its allowance of ${kb(allowed)}; heaviest: ${heaviest}`);
    expect(wire.totalBytes).toBeGreaterThan(0);
  });
});
