import { MessageLanguage } from './language';
import { slotLabel } from './choice-labels';
import { MESSAGE_VALUES_SW, SERVER_MESSAGES_SW } from './server-messages.sw';

/** `{name}` in a catalogue key: where a value goes. */
const PLACEHOLDER = /\{(\w+)\}/g;

interface Pattern {
  matcher: RegExp;
  names: string[];
  translation: string;
}

let patterns: Pattern[] | undefined;

/** The parameterised entries as anchored regular expressions (built once, on first use). */
function parameterised(): Pattern[] {
  patterns ??= Object.entries(SERVER_MESSAGES_SW)
    .filter(([english]) => english.includes('{'))
    .map(([english, translation]) => {
      const names: string[] = [];
      const source = english
        .split(PLACEHOLDER)
        .map((part, index) => {
          if (index % 2 === 1) {
            names.push(part);
            return '(.+?)';
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      return { matcher: new RegExp(`^${source}$`, 's'), names, translation };
    });
  return patterns;
}

/**
 * A server message in the language asked for. English is the catalogue's key and comes back unchanged; so does a
 * text the catalogue does not hold (free text, a name): nothing is ever lost, at worst it stays English.
 */
export function translateMessage(english: string, language: MessageLanguage): string {
  if (language === 'en' || typeof english !== 'string') return english;
  const exact = SERVER_MESSAGES_SW[english];
  if (exact !== undefined) return exact;
  for (const { matcher, names, translation } of parameterised()) {
    const match = matcher.exec(english);
    if (!match) continue;
    const values = new Map(names.map((name, index) => [name, match[index + 1]]));
    return translation.replace(PLACEHOLDER, (_, name: string) => {
      const value = values.get(name) ?? '';
      // A weekday in Kiswahili; a clock time ('9:00 AM', '02:30 PM') on the 24-hour clock, as the slots are shown.
      return MESSAGE_VALUES_SW[value] ?? slotLabel(value, language);
    });
  }
  return english;
}
