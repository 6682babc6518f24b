import fs from 'node:fs';
import path from 'node:path';

const { SERVICES, GATEWAY, DEPLOYABLES, busUsers, jetStreamNames } = require('./bus-users');
const { renderAuthorization } = require('./authorization');
const { renderedFiles } = require('./render-k8s');

/**
 * The bus users' description (bus-users.js) says what each deployable does on the bus; these checks read the code
 * to keep it true: a service added, an event type renamed, a consumer or a call to another service added shows
 * up here first, rather than as a permissions violation in a journey.
 */
const ROOT = path.resolve(__dirname, '../..');
const SERVICES_DIR = path.join(ROOT, 'services');
type ServiceUses = { consumers: string[]; calls?: string[] };
const described = SERVICES as Record<string, ServiceUses>;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

const serviceSource = (service: string) => sourceFiles(path.join(SERVICES_DIR, service, 'src')).map((file) => fs.readFileSync(file, 'utf8')).join('\n');
const contractSource = (service: string) => sourceFiles(path.join(SERVICES_DIR, service, 'contracts')).map((file) => fs.readFileSync(file, 'utf8')).join('\n');
const patternsName = (service: string) => `${service[0].toUpperCase()}${service.slice(1)}Patterns`;

/** The string values of `export const <name> = { key: 'value', … }` in a contract. */
function constantValues(source: string, name: RegExp): Map<string, string> {
  const values = new Map<string, string>();
  for (const block of source.matchAll(new RegExp(`export const (${name.source}) = \\{([\\s\\S]*?)\\n\\}`, 'g'))) {
    for (const [, key, value] of block[2].matchAll(/(\w+): '([^']+)'/g)) values.set(`${block[1]}.${key}`, value);
  }
  return values;
}

describe('the bus users, checked against the code', () => {
  const deployedServices = fs
    .readdirSync(SERVICES_DIR)
    .filter((name) => fs.existsSync(path.join(SERVICES_DIR, name, 'src', 'main.ts')))
    .sort();

  it('has one user per deployable: the gateway and every service with a main.ts', () => {
    expect(Object.keys(described).sort()).toEqual(deployedServices);
    expect(DEPLOYABLES).toEqual(['gateway', ...Object.keys(described)]);
  });

  it.each(deployedServices)("lets %s publish every event type its contract declares: each starts with the service's name", (service) => {
    const types = [...constantValues(contractSource(service), /\w+Events/).values()];
    expect(types.filter((type) => type.split('.')[0] !== service)).toEqual([]);
  });

  it.each(deployedServices)('names every durable consumer %s reads the event stream through', (service) => {
    const source = serviceSource(service);
    const durables = [...source.matchAll(/\.consume(?:Batches)?\(\s*(?:'([^']+)'|(\w+))/g)].map(([, literal, constant]) => {
      if (literal) return literal;
      const declared = source.match(new RegExp(`const ${constant} = '([^']+)'`));
      if (!declared) throw new Error(`${service}: cannot resolve the consumer name ${constant}`);
      return declared[1];
    });
    expect([...new Set(durables)].sort()).toEqual([...described[service].consumers].sort());
  });

  it.each(deployedServices)("names every other service's subject %s sends requests to", (service) => {
    const source = serviceSource(service);
    const calls = new Set<string>();
    for (const other of deployedServices.filter((name) => name !== service)) {
      const patterns = constantValues(contractSource(other), new RegExp(patternsName(other)));
      for (const [, key] of source.matchAll(new RegExp(`subject\\(${patternsName(other)}\\.(\\w+)\\)`, 'g'))) {
        calls.add(patterns.get(`${patternsName(other)}.${key}`)!);
      }
    }
    expect([...calls].sort()).toEqual([...(described[service].calls ?? [])].sort());
  });

  it("derives the JetStream names the way services/shared does", () => {
    expect(jetStreamNames('afya-staging')).toMatchObject({ events: 'AFYA-STAGING_EVENTS', blobBucket: 'afya-staging_blobs', blobStream: 'OBJ_afya-staging_blobs' });
    const streams = fs.readFileSync(path.join(SERVICES_DIR, 'shared/src/events/event-stream.ts'), 'utf8');
    expect(streams).toContain("return `${busNamespace().replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;");
    const transfer = fs.readFileSync(path.join(SERVICES_DIR, 'shared/src/rpc/binary-transfer.ts'), 'utf8');
    expect(transfer).toContain("views.os(`${busNamespace().replace(/[^A-Za-z0-9_-]/g, '_')}_blobs`");
  });

  it('gives only the gateway the service request subjects, and only auth the auth subjects (auth.keys included)', () => {
    const users = busUsers({ namespace: 'afya' }) as { user: string; publish: string[]; subscribe: string[] }[];
    for (const { user, publish, subscribe } of users) {
      for (const service of deployedServices) {
        const requestSubjects = `afya.${service}.>`;
        if (user !== 'gateway') expect({ user, publishes: publish.includes(requestSubjects) }).toEqual({ user, publishes: false });
        if (user !== service) expect({ user, answers: subscribe.some((s) => s.startsWith(`afya.${service}.`)) }).toEqual({ user, answers: false });
      }
    }
  });

  it("lets only the gateway relay to its other replicas, on exactly the relay subjects its code uses", () => {
    const gatewaySource = sourceFiles(path.join(ROOT, 'gateway/src')).map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    const used = [...gatewaySource.matchAll(/export const \w+ = 'relay\.(\w+)'/g)].map(([, relay]) => relay).sort();
    expect(used).toEqual([...GATEWAY.relays].sort());
    const users = busUsers({ namespace: 'afya' }) as { user: string; publish: string[]; subscribe: string[] }[];
    for (const { user, publish, subscribe } of users) {
      const relays = [...publish, ...subscribe].filter((s) => s.startsWith('afya.relay.'));
      expect({ user, relays: relays.sort() }).toEqual({ user, relays: user === 'gateway' ? ['afya.relay.video.>', 'afya.relay.video.>'] : [] });
    }
  });

  it('renders the NATS cluster configs committed in k8s/nats, one per overlay (regenerate: node infra/nats/render-k8s.js)', () => {
    const files = renderedFiles() as Record<string, string>;
    expect(Object.keys(files).map((file) => path.relative(ROOT, file)).sort()).toEqual(['k8s/nats/production.conf', 'k8s/nats/staging.conf']);
    for (const [file, text] of Object.entries(files)) expect({ file, text: fs.readFileSync(file, 'utf8') }).toEqual({ file, text });
    expect(files[path.join(ROOT, 'k8s/nats/production.conf')]).toBe(renderAuthorization({ namespace: 'afya' }));
  });
});
