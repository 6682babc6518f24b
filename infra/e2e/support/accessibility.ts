import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer';

/** WCAG 2.2 level A and AA, as axe-core tags them: what every page must pass, in both themes. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/**
 * The rules a theme can change: a theme is antd's algorithm and our tokens (shell/libs/ui-kit/theme.ts) over the same
 * components, so the other theme is audited for what colours decide (text contrast, links told apart from text by
 * colour alone) and not again for structure (names, roles, landmarks, labels), which the first audit covered. It
 * saved little (CI's audits went from 176 s to 171 s): most of an audit is waiting for the page to settle.
 */
export const THEME_RULES = ['color-contrast', 'link-in-text-block'] as const;

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** What was audited on one page object: its paths, so each page the journey settles on is audited once. */
const audited = new WeakMap<Page, Set<string>>();

/**
 * axe-core in the page's own world. Puppeteer evaluates its source through the DevTools protocol
 * (Runtime.callFunctionOn), which the page's Content-Security-Policy does not govern: the production CSP
 * (script-src 'self') stays as it is.
 */
async function runAxe(page: Page, only: 'all' | 'theme'): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const runOnly = only === 'all' ? { type: 'tag', values: [...WCAG_TAGS] } : { type: 'rule', values: [...THEME_RULES] };
  return page.evaluate(async (runOnly) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })) }));
  }, runOnly);
}

/**
 * Waits until nothing moves: a colour caught in the middle of antd's 0.2 s transitions (a theme change, a
 * hover, a dialog zooming open) would be measured wrong. Endless animations (spinners) do not count.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => {
        const timing = animation.effect?.getComputedTiming();
        return animation.playState !== 'running' || timing?.iterations === Infinity;
      }),
    { polling: 'raf', timeout: 10_000 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const isDark = (page: Page) => page.evaluate(() => localStorage.getItem('darkMode') === 'true');

/**
 * Switches the theme the way another tab of Afya would: it writes the persisted flag, and the session store
 * follows the `storage` event (shell/libs/session). Focus and every other state of the page stay as they are.
 */
async function setTheme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((value) => {
    const newValue = String(value);
    const oldValue = localStorage.getItem('darkMode');
    localStorage.setItem('darkMode', newValue);
    window.dispatchEvent(new StorageEvent('storage', { key: 'darkMode', oldValue, newValue, storageArea: localStorage }));
  }, dark);
  await page.waitForFunction(
    (theme) => [...document.querySelectorAll('[data-theme]')].every((element) => element.getAttribute('data-theme') === theme),
    { timeout: 5_000 },
    dark ? 'dark' : 'light',
  );
  await settle(page);
}

/** Puts the page in one theme (as another tab of Afya would), for a step that needs it: a screenshot, a colour. */
export async function useTheme(page: Page, dark: boolean): Promise<void> {
  if ((await isDark(page)) !== dark) await setTheme(page, dark);
}

function describeViolations(where: string, theme: string, violations: AxeViolation[]): string {
  const lines = violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 6)
      .map((n) => `      ${n.target.join(' ')}  ${n.html.replace(/\s+/g, ' ').slice(0, 160)}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`)
      .join('\n');
    const more = v.nodes.length > 6 ? `\n      …and ${v.nodes.length - 6} more` : '';
    return `  ${v.id} (${v.impact ?? 'n/a'}): ${v.help}, ${v.nodes.length} element(s):\n${nodes}${more}`;
  });
  return `axe-core found WCAG 2.2 AA violations on ${where} in the ${theme} theme:\n${lines.join('\n')}`;
}

/**
 * Runs axe-core (WCAG 2.2 A/AA) on the page as it is now in the current theme, then the rules colours decide
 * (THEME_RULES) in the other one, and
 * throws naming each violated rule and its elements. The page is left in the other theme: switching back re-rendered
 * every component a second time per audit (a quarter of an audit's CPU), and the next audit then starts from the
 * other side, so screens get their full audit in light and dark alike. A step that needs one theme sets it
 * (`useTheme`).
 */
export async function auditAccessibility(page: Page, label?: string): Promise<void> {
  const where = label ?? new URL(page.url()).pathname;
  const started = Date.now();
  try {
    await auditBothThemes(page, where);
  } finally {
    noteAuditTime(where, Date.now() - started);
  }
}

/**
 * What the audits cost, one JSON line per audit in .local/test-results/axe-timings.jsonl (the journey file, the path,
 * the milliseconds): `npm test` sums it in its table of stages, so the journeys' time can be split into audits and
 * the rest.
 */
const AUDIT_TIMINGS = path.resolve(__dirname, '../../../.local/test-results/axe-timings.jsonl');
function noteAuditTime(where: string, ms: number): void {
  const file = path.relative(path.resolve(__dirname, '../../..'), expect.getState().testPath ?? '');
  fs.mkdirSync(path.dirname(AUDIT_TIMINGS), { recursive: true });
  fs.appendFileSync(AUDIT_TIMINGS, `${JSON.stringify({ file, where, ms })}\n`);
}

async function auditBothThemes(page: Page, where: string): Promise<void> {
  await settle(page);
  const startedDark = await isDark(page);
  const failures: string[] = [];
  for (const dark of [startedDark, !startedDark]) {
    if (dark !== startedDark) await setTheme(page, dark);
    const violations = await runAxe(page, dark === startedDark ? 'all' : 'theme');
    if (violations.length) failures.push(describeViolations(where, dark ? 'dark' : 'light', violations));
  }
  const paths = audited.get(page) ?? new Set<string>();
  paths.add(new URL(page.url()).pathname);
  audited.set(page, paths);
  if (failures.length) throw new Error(failures.join('\n\n'));
}

/** The paths each page object showed what a journey waited for (waitForText): each must be audited once. */
const shown = new WeakMap<Page, Set<string>>();

/** Notes that the page showed what the journey waited for on its current path (support/browser.ts's waitForText). */
export function noteShown(page: Page): void {
  const url = page.url();
  if (!/^https?:/.test(url)) return;
  const paths = shown.get(page) ?? new Set<string>();
  paths.add(new URL(url).pathname);
  shown.set(page, paths);
}

/**
 * The explicit audit step: a journey calls it where a screen has settled (its content shown, nothing transient
 * expected next), so the audit (a few seconds, both themes) never delays the check of a passing state such as a
 * toast or a payment in progress. Audits the current path once per page object; later calls there do nothing.
 */
export async function auditScreen(page: Page): Promise<void> {
  const url = page.url();
  if (!/^https?:/.test(url)) return;
  if (audited.get(page)?.has(new URL(url).pathname)) return;
  await auditAccessibility(page);
}

/**
 * Every path the page showed (waitForText) was audited: throws naming those that were not, so a journey that stops
 * auditing a screen it visits fails instead of silently checking less. Called when a journey's page ends.
 */
export function expectEveryScreenAudited(page: Page): void {
  const done = audited.get(page) ?? new Set<string>();
  const missing = [...(shown.get(page) ?? [])].filter((path) => !done.has(path));
  if (missing.length) throw new Error(`screens shown but never audited (call auditScreen where each has settled): ${missing.join(', ')}`);
}
