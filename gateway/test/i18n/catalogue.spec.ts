import { join } from 'node:path';
import { SERVER_MESSAGES_SW } from '@afya/service-shared';
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
