import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { BASE_URL, fillByLabelOrPlaceholder } from './browser';

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of leaves(value as Tree, name)) out.set(k, v);
    else out.set(name, String(value));
  }
  return out;
}

function catalogue(app: string, language: 'en' | 'sw'): Map<string, string> {
  return leaves(JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../../${app}/locales/${language}.json`), 'utf8')) as Tree);
}

/** A Kiswahili text of an app's catalogue (`key` as in <app>/locales/sw.json), with its {{placeholders}} filled. */
export function kiswahili(app: string, key: string, values: Record<string, string | number> = {}): string {
  const text = catalogue(app, 'sw').get(key);
  if (text === undefined) throw new Error(`${app}/locales/sw.json has no ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => String(values[name] ?? `{{${name}}}`));
}

/**
 * The English texts of an app's catalogue a Kiswahili page must not show: each text that Kiswahili says
 * differently, or for a text with {{placeholders}} its fixed parts, down to the ones long enough to mean something
 * (a word of three letters or more; a fixed part of a template of eight characters or more).
 */
export function englishTexts(app: string): string[] {
  const sw = catalogue(app, 'sw');
  const texts = new Set<string>();
  for (const [key, english] of catalogue(app, 'en')) {
    if (sw.get(key) === english) continue;
    if (english.includes('{{')) {
      for (const part of english.split(/\{\{[^}]*\}\}/)) if (part.trim().length >= 8) texts.add(part.trim());
    } else if (english.trim().length >= 3) texts.add(english.trim());
  }
  return [...texts];
}

/**
 * The English texts of the app's catalogue shown in the page's main region (whole words; the shell's own bars
 * aside), or in the parts of it `within` selects.
 */
export async function englishLeftOn(page: Page, app: string, within: string[] = ['main']): Promise<string[]> {
  const shown = await page.evaluate(
    (selectors) => selectors.flatMap((selector) => [...document.querySelectorAll(selector)].map((element) => (element as HTMLElement).innerText)).join('\n'),
    within,
  );
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return englishTexts(app).filter((text) => new RegExp(`(^|[^\\p{L}])${escape(text)}($|[^\\p{L}])`, 'u').test(shown));
}

/**
 * Signs in the way a Kiswahili reader does: on the sign-in page they pick Kiswahili with the top bar's switch, then
 * sign in (a pick made signed out is kept and saved in their profile).
 */
export async function signInInKiswahili(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.goto(`${BASE_URL}/login`, { waitUntil: 'networkidle0' });
  await page.click('.afya-language-switch button[lang="sw"]');
  await page.waitForFunction(() => document.documentElement.lang === 'sw');
  await fillByLabelOrPlaceholder(page, 'input[type="email"], input#email, input[name="email"]', credentials.email);
  await fillByLabelOrPlaceholder(page, 'input[type="password"], input#password, input[name="password"]', credentials.password);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname.startsWith('/dashboard'), { timeout: 15000 });
  if ((await page.evaluate(() => document.documentElement.lang)) !== 'sw') throw new Error('signed in, the page is no longer in Kiswahili');
}
