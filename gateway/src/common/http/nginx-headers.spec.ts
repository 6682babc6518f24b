import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import { SECURITY_HEADER_OPTIONS } from './security-headers';

/** The headers helmet sets for the gateway's options, as nginx would have to send them. */
function gatewayHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)), removeHeader: () => undefined };
  helmet(SECURITY_HEADER_OPTIONS)({} as never, response as never, () => undefined);
  return headers;
}

interface Block {
  header: string;
  addHeaders: Map<string, string>;
}

/**
 * Every block (`map`, `server`, `location`) of a config and the add_header directives written directly in it.
 * Reads statements up to `;`, `{` or `}` outside quotes, so one-line blocks count too.
 */
function blocks(conf: string): Block[] {
  const text = conf.replace(/#[^\n]*/g, '');
  const stack: Block[] = [];
  const all: Block[] = [];
  let statement = '';
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (quoted || (char !== ';' && char !== '{' && char !== '}')) {
      statement += char;
      continue;
    }
    const words = statement.trim();
    statement = '';
    if (char === '{') {
      const block = { header: words, addHeaders: new Map<string, string>() };
      stack.push(block);
      all.push(block);
    } else if (char === '}') {
      stack.pop();
    } else {
      const add = /^add_header\s+(\S+)\s+("[^"]*"|\S+)(\s+always)?$/.exec(words);
      if (add) stack[stack.length - 1]?.addHeaders.set(add[1].toLowerCase(), add[2].replace(/^"|"$/g, ''));
    }
  }
  expect(stack).toEqual([]);
  return all;
}

/** The nginx configs of the k8s images (infra/docker/nginx), read as files. */
const confDir = path.resolve(__dirname, '../../../../infra/docker/nginx');
const configs = { shell: 'shell.conf', mfe: 'mfe.conf' } as const;

describe.each(Object.entries(configs))('nginx %s.conf sends the gateway\'s security headers', (name, file) => {
  const conf = fs.readFileSync(path.join(confDir, file), 'utf8');
  const all = blocks(conf);
  const server = all.find((b) => b.header.startsWith('server'))!;
  const expected = gatewayHeaders();

  it('has the same CSP, HSTS and frame policy as the gateway, and one frame policy', () => {
    expect(server.addHeaders.get('content-security-policy')).toBe(expected['content-security-policy']);
    expect(server.addHeaders.get('strict-transport-security')).toBe(expected['strict-transport-security']);
    expect(server.addHeaders.get('x-frame-options')).toBe(expected['x-frame-options']);
    expect(expected['x-frame-options']).toBe('DENY');
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends every other header helmet sends, with the same value (CORP may open up for remotes)', () => {
    for (const [header, value] of Object.entries(expected)) {
      if (name === 'mfe' && header === 'cross-origin-resource-policy') continue;
      expect([header, server.addHeaders.get(header)]).toEqual([header, value]);
    }
  });

  it('declares no add_header inside a location (nginx would drop every inherited one there)', () => {
    const locations = all.filter((b) => b.header.startsWith('location'));
    expect(locations.length).toBeGreaterThan(0);
    for (const location of locations) expect([location.header, [...location.addHeaders.keys()]]).toEqual([location.header, []]);
  });
});
