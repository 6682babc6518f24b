import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CHOICE_LABELS_SW,
  DATA_EXPORT_TEXTS,
  DATA_EXPORT_VALUES_SW,
  NOTIFICATION_TEXTS,
  PRESCRIPTION_TEXTS,
  RECEIPT_TEXTS,
  REPORT_HEADERS_SW,
  SERVER_MESSAGES_SW,
} from '@afya/service-shared';

/**
 * One word for one thing, in every Kiswahili text Afya shows: the web catalogues (shell and remotes), the services'
 * messages, the PDFs, the CSV headers, the emails and SMS. A patient who reads "tiketi" on one screen and "ombi la
 * msaada" on the next wonders whether they are two things.
 */
const GLOSSARY = [
  { english: /\btickets?\b/i, kiswahili: /\btiketi\b/i, term: 'tiketi (ya msaada)', rejected: [/\b(ma)?ombi (la|ya) msaada\b/i] },
  { english: /\bappointments?\b/i, kiswahili: /\bmiadi\b/i, term: 'miadi', rejected: [/\buteuzi\b/i, /\bahadi\b/i, /\bmkutano na daktari\b/i] },
  { english: /\bmedicines?\b/i, kiswahili: /\bdawa\b/i, term: 'dawa', rejected: [/\bmadawa\b/i, /\bmadawa ya kulevya\b/i] },
  { english: /\bprescriptions?\b/i, kiswahili: /\b(agizo|maagizo) (la|ya) dawa\b|\bdawa\b/i, term: 'agizo la dawa', rejected: [/\bcheti cha dawa\b/i, /\bmaagizo ya daktari\b/i] },
  { english: /\bpayments?\b/i, kiswahili: /\bmalipo\b|\blip/i, term: 'malipo', rejected: [/\bmalipizo\b/i, /\bmalipio\b/i] },
] as const;

const ROOT = join(__dirname, '../../..');

type Tree = { [key: string]: unknown };
function leaves(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') leaves(value as Tree, name, out);
    else if (typeof value === 'string') out.set(name, value);
  }
  return out;
}

/** A document or notification text: the string, or what a text function writes for sample values. */
function textsOf(tree: unknown, prefix: string, out = new Map<string, string>()): Map<string, string> {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (typeof tree === 'function') out.set(prefix, String((tree as (...a: unknown[]) => unknown)('X', 'Y', 'Z')));
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree)) textsOf(value, `${prefix}.${key}`, out);
  return out;
}

/** Every English text with its Kiswahili, wherever it is kept. */
function pairs(): { where: string; english: string; kiswahili: string }[] {
  const out: { where: string; english: string; kiswahili: string }[] = [];
  const apps = readdirSync(ROOT).filter((dir) => dir === 'shell' || dir.startsWith('mfe-'));
  for (const app of apps) {
    const en = leaves(JSON.parse(readFileSync(join(ROOT, app, 'locales/en.json'), 'utf8')) as Tree);
    const sw = leaves(JSON.parse(readFileSync(join(ROOT, app, 'locales/sw.json'), 'utf8')) as Tree);
    for (const [key, english] of en) if (!key.startsWith('antd.')) out.push({ where: `${app}/locales/sw.json ${key}`, english, kiswahili: sw.get(key) ?? '' });
  }
  for (const [english, kiswahili] of Object.entries(SERVER_MESSAGES_SW)) out.push({ where: 'server-messages.sw.ts', english, kiswahili });
  for (const [english, kiswahili] of Object.entries({ ...CHOICE_LABELS_SW, ...REPORT_HEADERS_SW, ...DATA_EXPORT_VALUES_SW })) out.push({ where: 'i18n document labels', english, kiswahili });
  for (const [name, texts] of Object.entries({ receipt: RECEIPT_TEXTS, prescription: PRESCRIPTION_TEXTS, dataExport: DATA_EXPORT_TEXTS, notification: NOTIFICATION_TEXTS })) {
    const en = textsOf(texts.en, name);
    const sw = textsOf(texts.sw, name);
    for (const [key, english] of en) out.push({ where: key, english, kiswahili: sw.get(key) ?? '' });
  }
  return out;
}

describe('the Kiswahili glossary: one term per thing, everywhere', () => {
  const all = pairs();

  it('reads every catalogue (web, server, documents, notifications)', () => {
    expect(all.length).toBeGreaterThan(1000);
    expect(all.some((p) => p.where.startsWith('mfe-admin'))).toBe(true);
    expect(all.some((p) => p.where.startsWith('notification.'))).toBe(true);
  });

  it.each(GLOSSARY.map((g) => [g.term, g] as const))('uses no rejected variant of %s', (_term, { rejected }) => {
    const found = all.filter((p) => rejected.some((variant) => variant.test(p.kiswahili))).map((p) => `${p.where}: ${p.kiswahili}`);
    expect(found).toEqual([]);
  });

  it.each(GLOSSARY.map((g) => [g.term, g] as const))('says %s wherever the English names it', (_term, { english, kiswahili }) => {
    // 'must be one of general, technical, billing, appointment': API values, kept as sent.
    const missing = all.filter((p) => english.test(p.english.replace(/must be one of .*/, '')) && !kiswahili.test(p.kiswahili)).map((p) => `${p.where}: ${p.english} → ${p.kiswahili}`);
    expect(missing).toEqual([]);
  });

  it('writes clock times on the 24-hour clock (Intl sw-KE’s own form, as the slots): no AM/PM, no Swahili-time hours', () => {
    const twelveHour = /\b\d{1,2}(:\d{2})? ?(AM|PM)\b/;
    const swahiliTime = /\bsaa \d{1,2}(:\d{2})? (asubuhi|mchana|jioni|usiku)\b/i;
    const found = all.filter((p) => twelveHour.test(p.kiswahili) || swahiliTime.test(p.kiswahili)).map((p) => `${p.where}: ${p.kiswahili}`);
    expect(found).toEqual([]);
  });

  it('fails on a rejected variant (the check itself works)', () => {
    const ticket = GLOSSARY[0];
    expect(ticket.rejected.some((variant) => variant.test('Hakuna mgonjwa wako mwenye ombi la msaada.'))).toBe(true);
    expect(ticket.rejected.some((variant) => variant.test('Maombi ya Msaada'))).toBe(true);
    expect(ticket.rejected.some((variant) => variant.test('Ombi lako la kufuta akaunti limetumwa.'))).toBe(false);
  });
});
