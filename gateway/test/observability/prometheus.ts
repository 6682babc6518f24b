/** Reading Prometheus' text format in tests: the value of one series, by metric name and (a subset of) its labels. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) found[pair[1]] = pair[2];
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** How much a series grew between two scrapes (a series absent before counts from 0). */
export function growth(before: string, after: string, name: string, labels: Record<string, string> = {}): number {
  return (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
}
