import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { APPOINTMENT_TYPES, SPECIALIZATIONS, VISIT_MODE_LABELS } from '@afya/appointment-service/contracts';
import {
  CHOICE_LABELS_SW,
  NOTIFICATION_TEXTS,
  PRESCRIPTION_TEXTS,
  RECEIPT_TEXTS,
  SERVER_MESSAGES_SW,
} from '@afya/service-shared';
import { scanServerMessages } from './message-scan';

const ROOT = join(__dirname, '../../..');
const SOURCES = ['gateway/src', 'services/shared/src', ...['auth', 'appointment', 'payment', 'prescription', 'support', 'reporting'].flatMap((s) => [`services/${s}/src`, `services/${s}/contracts`])];

/** `{amount}` → `{}`: a catalogue key as the scanner writes the template it came from. */
const shape = (text: string) => text.replace(/\{\w+\}/g, '{}');
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the services’ message catalogue (English → Kiswahili)', () => {
  const found = scanServerMessages(ROOT, SOURCES);
  const inSources = new Set(found.map((message) => message.text));
  const keys = Object.keys(SERVER_MESSAGES_SW);

  it('finds the messages in the sources (the scan itself works)', () => {
    expect(found.length).toBeGreaterThan(200);
    expect(inSources).toContain('Invalid email or password');
    expect(inSources).toContain('Dr. {} does not see patients on {}s. Please choose another date.');
  });

  it('has a Kiswahili entry for every English message the server can send', () => {
    const catalogued = new Set(keys.map(shape));
    const missing = found.filter((message) => !catalogued.has(message.text)).map((message) => `${message.where}: ${message.text}`);
    expect(missing).toEqual([]);
  });

  it('has no entry for a message no source sends', () => {
    expect(keys.filter((key) => !inSources.has(shape(key)))).toEqual([]);
  });

  it('gives every translation the placeholders of its English, and real text', () => {
    for (const [english, swahili] of Object.entries(SERVER_MESSAGES_SW)) {
      expect({ english, placeholders: placeholders(swahili) }).toEqual({ english, placeholders: placeholders(english) });
      expect(swahili.trim().length).toBeGreaterThan(1);
    }
  });
});

/** The services' code outside the catalogue itself (where a text is used, not where it is written). */
function codeOutsideCatalogue(): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!['node_modules', 'dist', 'i18n'].includes(name)) walk(path);
      } else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) out.push(readFileSync(path, 'utf8'));
    }
  };
  for (const dir of SOURCES) walk(join(ROOT, dir));
  return out.join('\n');
}

describe('the services’ document texts (PDFs, report headers, emails and SMS)', () => {
  const code = codeOutsideCatalogue();
  const used = (member: string) => new RegExp(`\\.${member}\\b`).test(code);

  it('every receipt, prescription and notification text is used (both languages share one shape, so none is missing)', () => {
    const unused = [
      ...Object.keys(RECEIPT_TEXTS.en).map((key) => ['receipt', key]),
      ...Object.keys(PRESCRIPTION_TEXTS.en).map((key) => ['prescription', key]),
      ...Object.keys(NOTIFICATION_TEXTS.en).map((key) => ['notification', key]),
      ...Object.keys(NOTIFICATION_TEXTS.en.labels).map((key) => ['notification label', `labels.${key}`]),
    ].filter(([, key]) => !used(key));
    expect(unused).toEqual([]);
  });

  // One Kiswahili report header per column: services/reporting/src/reports/report-headers.spec.ts; one notification
  // text per message kind: services/support/src/communications/rules/language.spec.ts (each next to what it checks).

  it('a Kiswahili name for every appointment type, specialization and visit mode, and no other', () => {
    const choices = new Set<string>([...APPOINTMENT_TYPES, ...SPECIALIZATIONS, ...Object.values(VISIT_MODE_LABELS)]);
    expect([...choices].filter((choice) => !CHOICE_LABELS_SW[choice])).toEqual([]);
    expect(Object.keys(CHOICE_LABELS_SW).filter((choice) => !choices.has(choice))).toEqual([]);
  });
});
