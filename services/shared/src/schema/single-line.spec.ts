import { isFreeOfMarkup, isSingleLine, issueMessages, singleLine } from './index';

describe('single-line fields', () => {
  it('refuse every control character and the Unicode line separators, nothing else', () => {
    for (const code of [0x00, 0x09, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f, 0x85, 0x9f, 0x2028, 0x2029]) {
      expect({ code, ok: isSingleLine(`Achieng${String.fromCodePoint(code)}Otieno`) }).toEqual({ code, ok: false });
    }
    for (const text of ["N'gang'a Wanjiku-Kamau", 'José Ñuñez', 'St. John', 'Plot 12, Ngong Rd (off Argwings Kodhek)', 'محمد', '😀', 'BP < 90 > 60', ' ']) {
      expect(isSingleLine(text)).toBe(true);
    }
  });

  it('names: no < or >', () => {
    expect(isFreeOfMarkup('<b>Achieng</b>')).toBe(false);
    expect(isFreeOfMarkup('Otieno>')).toBe(false);
    expect(isFreeOfMarkup("O'Brien & Sons")).toBe(true);
  });

  it('singleLine: the one-line message first, the not-text message for anything but a string', () => {
    const schema = singleLine('one line please', 'text please').min(3, 'too short');
    expect(issueMessages(schema.safeParse('a\n').error!)).toEqual(['one line please']);
    expect(issueMessages(schema.safeParse(7).error!)).toEqual(['text please']);
    expect(issueMessages(schema.safeParse('ab').error!)).toEqual(['too short']);
    expect(schema.parse('abc')).toBe('abc');
  });
});
