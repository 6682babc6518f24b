import { inflateSync } from 'node:zlib';

/**
 * The visible text of a PDF that Chromium (Skia) wrote, for tests and checks: inflates its FlateDecode streams, reads
 * every font's ToUnicode map and decodes the hex glyph strings of the page content (`<...> Tj` and `[...] TJ`).
 * Whitespace is collapsed to single spaces. Not a general PDF parser: it reads what our renderer produces.
 */
export function pdfText(pdf: Buffer): string {
  const latin = pdf.toString('latin1');
  const streams: string[] = [];
  const streamStart = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamStart.exec(latin))) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    const header = latin.slice(Math.max(0, match.index - 200), match.index);
    if (header.includes('/FlateDecode')) {
      try {
        streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
      } catch {
        // A truncated or non-deflate stream: not text we can read.
      }
    }
    streamStart.lastIndex = end + 'endstream'.length;
  }

  const glyphs = new Map<number, string>();
  const hex = (h: string) => parseInt(h, 16);
  const unicode = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map(hex));
  for (const stream of streams.filter((s) => s.includes('begincmap'))) {
    for (const block of stream.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? []) {
      for (const [, src, dst] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) glyphs.set(hex(src), unicode(dst));
    }
    for (const block of stream.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? []) {
      for (const [, lo, hi, dst] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        for (let g = hex(lo), u = hex(dst); g <= hex(hi); g++, u++) glyphs.set(g, String.fromCodePoint(u));
      }
    }
  }

  const decode = (h: string) => (h.match(/.{4}/g) ?? []).map((g) => glyphs.get(hex(g)) ?? '').join('');
  const text: string[] = [];
  for (const stream of streams.filter((s) => s.includes('BT'))) {
    for (const [block] of stream.matchAll(/BT[\s\S]*?ET/g)) {
      const parts = [...block.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\[([^\]]*)\]\s*TJ/g)].map(([, single, array]) =>
        single !== undefined ? decode(single) : [...array.matchAll(/<([0-9A-Fa-f]*)>/g)].map(([, h]) => decode(h)).join(''),
      );
      text.push(parts.join(''));
    }
  }
  return text.join(' ').replace(/\s+/g, ' ').trim();
}
