// Static checks of everything under k8s/: every YAML parses, every workload is hardened and probed,
// every service of ARCHITECTURE.md is deployed with its migration Job, kustomizations only reference
// files that exist, and the Ingress routes the app the way the local gateway does. The services are
// kustomize Components (k8s/components/services/<name>) that overlays list; each listed service has code and
// an image recipe (infra/deploy/recipes.js) and vice versa; each deployable's image is released on its own
// (overlays/<env>/releases/<name>) by an immutable tag or digest.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as yaml from 'js-yaml';

const REPO = path.resolve(__dirname, '..', '..');
const K8S = path.join(REPO, 'k8s');
const BASE = path.join(K8S, 'base');
const COMPONENTS = path.join(K8S, 'components', 'services');
const OVERLAYS = ['staging', 'production'];
const recipes = require('../deploy/recipes') as {
  deployables(): { name: string; shape: string; dir: string }[];
  SHAPES: Record<string, { dockerfile: string }>;
};
const DEPLOYABLES = recipes.deployables();
/** Services that have code (services/<name>/src/main.ts), as the image recipes discover them. */
const SERVICES_WITH_CODE = DEPLOYABLES.filter((d) => d.shape === 'service').map((d) => d.name).sort();
/** A tag that names one build forever: a release version or a git sha. Never latest/staging/main/dev. */
const IMMUTABLE_TAG = /^(v?\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?|[0-9a-f]{7,40})$/;

type Doc = { kind?: string; apiVersion?: string; metadata?: { name?: string; labels?: Record<string, string> }; spec?: any; data?: any } & Record<string, any>;
interface Parsed {
  file: string;
  doc: Doc;
}

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

const files = yamlFiles(K8S);
const parsed: Parsed[] = files.flatMap((file) =>
  yaml
    .loadAll(fs.readFileSync(file, 'utf8'))
    .filter((doc): doc is Doc => Boolean(doc) && typeof doc === 'object')
    .map((doc) => ({ file: path.relative(REPO, file), doc })),
);
// the base and the service Components: every manifest any overlay can deploy
const baseManifests = parsed.filter(
  (p) => (p.file.startsWith('k8s/base/') || p.file.startsWith('k8s/components/')) && p.doc.kind && p.doc.kind !== 'Kustomization' && p.doc.kind !== 'Component',
);
const ofKind = (kind: string) => baseManifests.filter((p) => p.doc.kind === kind).map((p) => p.doc);
const deployments = ofKind('Deployment');
const jobs = ofKind('Job');
const byName = (docs: Doc[], name: string) => docs.find((d) => d.metadata?.name === name);
const podSpec = (workload: Doc) => workload.spec.template.spec;

/** The services of ARCHITECTURE.md's ownership table ("| auth | users ... |"). */
function architectureServices(): string[] {
  const candidates = [path.resolve(REPO, '..', 'shared', 'ARCHITECTURE.md'), path.join(REPO, 'ARCHITECTURE.md')];
  const file = candidates.find((f) => fs.existsSync(f));
  const known = ['auth', 'appointment', 'prescription', 'payment', 'support', 'reporting'];
  if (!file) return known;
  const text = fs.readFileSync(file, 'utf8');
  const table = text.slice(text.indexOf('| service |'));
  const names = [...table.matchAll(/^\| ([a-z][a-z-]*) \|/gm)].map((m) => m[1]).filter((n) => n !== 'service');
  return names.length ? names : known;
}
const SERVICES = architectureServices();
/** The per-pod ops port (services/shared/src/ops/ops-server.ts) every backend pod serves its health and metrics on. */
const OPS_PORT = 9464;

function afyaConfig(): Record<string, string> {
  const kustomization = yaml.load(fs.readFileSync(path.join(BASE, 'kustomization.yaml'), 'utf8')) as any;
  const generator = kustomization.configMapGenerator.find((g: any) => g.name === 'afya-config');
  return Object.fromEntries(generator.literals.map((l: string) => l.split(/=(.*)/s).slice(0, 2)));
}

/** Startup, readiness and liveness probes hit the container's named port `ops` (OPS_PORT); readiness waits for its checks. */
function expectOpsProbes(deployment: Doc): void {
  const container = podSpec(deployment).containers[0];
  expect(container.ports).toContainEqual({ name: 'ops', containerPort: OPS_PORT, protocol: 'TCP' });
  const probe = (kind: string) => ({ path: container[kind]?.httpGet?.path, port: container[kind]?.httpGet?.port });
  expect({ startup: probe('startupProbe'), readiness: probe('readinessProbe'), liveness: probe('livenessProbe') }).toEqual({
    startup: { path: '/health/live', port: 'ops' },
    readiness: { path: '/health/ready', port: 'ops' },
    liveness: { path: '/health/live', port: 'ops' },
  });
  // /health/ready gives each check 2 s (READINESS_CHECK_TIMEOUT_MS): the kubelet must wait longer for its answer
  expect(container.readinessProbe.timeoutSeconds).toBeGreaterThan(2);
  // a hung event loop is caught by the liveness probe's timeout, so it must miss more than one probe to restart
  expect(container.livenessProbe.failureThreshold).toBeGreaterThan(1);
}
const FRONTENDS = ['shell', 'mfe-patient', 'mfe-doctor', 'mfe-admin'];
/** Deployments of software we do not build: a released version, pinned (never latest). coturn: video visits' TURN. */
const THIRD_PARTY_IMAGES: Record<string, RegExp> = { turn: /^docker\.io\/coturn\/coturn:\d+\.\d+\.\d+(-r\d+)?$/ };

describe('k8s manifests', () => {
  it('finds and parses the YAML (every file, every document)', () => {
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expect(() => yaml.loadAll(fs.readFileSync(file, 'utf8'))).not.toThrow();
    expect(SERVICES).toEqual(expect.arrayContaining(['auth', 'appointment', 'prescription', 'payment', 'support', 'reporting']));
  });

  it('has a Deployment for every service of ARCHITECTURE.md, the gateway and the four frontends', () => {
    const names = deployments.map((d) => d.metadata!.name);
    for (const name of [...SERVICES, 'gateway', ...FRONTENDS]) expect(names).toContain(name);
  });

  describe.each(deployments.map((d) => [d.metadata!.name!, d] as const))('Deployment %s', (name, deployment) => {
    const spec = podSpec(deployment);

    it('selects its own pods', () => {
      const selector = deployment.spec.selector.matchLabels;
      for (const [key, value] of Object.entries(selector)) expect(deployment.spec.template.metadata.labels[key]).toBe(value);
    });

    it.each(spec.containers.map((c: any) => [c.name, c]))('container %s has liveness and readiness probes', (_n, container: any) => {
      for (const probe of ['livenessProbe', 'readinessProbe']) {
        const p = container[probe];
        expect(p).toBeDefined();
        expect(Boolean(p.httpGet || p.tcpSocket || p.exec || p.grpc)).toBe(true);
      }
    });

    it.each(spec.containers.map((c: any) => [c.name, c]))('container %s has resource requests and limits', (_n, container: any) => {
      for (const kind of ['requests', 'limits']) {
        expect(container.resources?.[kind]?.cpu).toBeDefined();
        expect(container.resources?.[kind]?.memory).toBeDefined();
      }
    });

    it.each(spec.containers.map((c: any) => [c.name, c]))('container %s runs as non-root without privilege escalation', (_n, container: any) => {
      const sc = container.securityContext ?? {};
      expect(sc.runAsNonRoot ?? spec.securityContext?.runAsNonRoot).toBe(true);
      expect(sc.allowPrivilegeEscalation).toBe(false);
      expect(sc.privileged ?? false).toBe(false);
      expect(sc.readOnlyRootFilesystem).toBe(true);
      expect(sc.capabilities?.drop).toContain('ALL');
      expect(sc.capabilities?.add ?? []).toEqual([]);
      const uid = sc.runAsUser ?? spec.securityContext?.runAsUser;
      if (uid !== undefined) expect(uid).toBeGreaterThan(0);
    });

    it('uses an image ghcr.io/afya/<name> that has an image recipe (infra/deploy/recipes.js) and its Dockerfile, or a pinned third-party release', () => {
      const image: string = spec.containers[0].image;
      if (THIRD_PARTY_IMAGES[name]) {
        expect(image).toMatch(THIRD_PARTY_IMAGES[name]);
        return;
      }
      expect(image).toMatch(new RegExp(`^ghcr\\.io/afya/${name}:[\\w.-]+$`));
      const recipe = DEPLOYABLES.find((d) => d.name === name);
      expect(recipe).toBeDefined();
      expect(fs.existsSync(path.join(REPO, recipes.SHAPES[recipe!.shape].dockerfile))).toBe(true);
    });

    it('has a PodDisruptionBudget selecting its pods', () => {
      const pdbs = ofKind('PodDisruptionBudget').filter((p) =>
        Object.entries(p.spec.selector.matchLabels).every(([k, v]) => deployment.spec.template.metadata.labels[k] === v),
      );
      expect(pdbs).toHaveLength(1);
    });
  });

  describe.each(SERVICES)('service %s', (name) => {
    const deployment = byName(deployments, name)!;
    const container = () => podSpec(deployment).containers[0];

    it('reads afya-config, and DATABASE_URL from its own Secret', () => {
      expect(container().envFrom.map((e: any) => e.configMapRef?.name)).toContain('afya-config');
      const db = container().env.find((e: any) => e.name === 'DATABASE_URL');
      expect(db.valueFrom.secretKeyRef).toEqual({ name: `afya-${name}-db`, key: 'DATABASE_URL' });
    });

    it('has a migration Job running node dist/src/migrate.js with the same image and database', () => {
      const job = byName(jobs, `${name}-migrate`);
      expect(job).toBeDefined();
      const c = podSpec(job!).containers[0];
      expect(c.command).toEqual(['node', 'dist/src/migrate.js']);
      expect(c.image).toBe(container().image);
      // the migrator role (owns the schema); the Deployment's runtime role has no DDL rights (k8s/README.md#secrets)
      expect(c.env.find((e: any) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef).toEqual({ name: `afya-${name}-db-migrator`, key: 'DATABASE_URL' });
      expect(c.securityContext.runAsNonRoot ?? podSpec(job!).securityContext.runAsNonRoot).toBe(true);
      expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
      expect(c.resources.limits.memory).toBeDefined();
      expect(podSpec(job!).restartPolicy).toBe('Never');
    });

    it('migration Job runs before the rollout as an Argo CD PreSync hook, depending on no ConfigMap (a hashed one is created by the sync, after PreSync)', () => {
      const job = byName(jobs, `${name}-migrate`)!;
      expect(job.metadata!['annotations']).toMatchObject({ 'argocd.argoproj.io/hook': 'PreSync', 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation' });
      expect(JSON.stringify(podSpec(job))).not.toMatch(/configMap/i);
    });

    it('is probed on its own ops port: startup and liveness /health/live, readiness /health/ready (migrations applied, database, NATS)', () => {
      expectOpsProbes(deployment);
    });

        it("migration Job pods are not selected by the Deployment (they would count as its replicas)", () => {
      const job = byName(jobs, `${name}-migrate`)!;
      const selector = deployment.spec.selector.matchLabels;
      const labels = job.spec.template.metadata.labels;
      expect(Object.entries(selector).every(([k, v]) => labels[k] === v)).toBe(false);
    });
  });

  it('mounts auth\'s JWT private key from a Secret and points JWT_PRIVATE_KEY_FILE at it', () => {
    const spec = podSpec(byName(deployments, 'auth')!);
    const c = spec.containers[0];
    const file = c.env.find((e: any) => e.name === 'JWT_PRIVATE_KEY_FILE').value as string;
    const mount = c.volumeMounts.find((m: any) => file.startsWith(`${m.mountPath}/`));
    expect(mount).toBeDefined();
    expect(mount.readOnly).toBe(true);
    const volume = spec.volumes.find((v: any) => v.name === mount.name);
    expect(volume.secret.secretName).toBe('afya-auth-jwt');
  });

  it('afya-config sets NATS_URL, AFYA_BUS and DB_MIGRATE_ON_START=false', () => {
    const kustomization = yaml.load(fs.readFileSync(path.join(BASE, 'kustomization.yaml'), 'utf8')) as any;
    const generator = kustomization.configMapGenerator.find((g: any) => g.name === 'afya-config');
    const literals = Object.fromEntries(generator.literals.map((l: string) => l.split(/=(.*)/s).slice(0, 2)));
    expect(literals.NATS_URL).toMatch(/^nats:\/\//);
    expect(literals.AFYA_BUS).toBeTruthy();
    expect(literals.DB_MIGRATE_ON_START).toBe('false');
  });

  it('afya-config sets the ops port that the gateway and service probes use', () => {
    expect(afyaConfig().OPS_PORT).toBe(String(OPS_PORT));
  });

  it('the gateway is probed on its ops port, not the public one', () => {
    expectOpsProbes(byName(deployments, 'gateway')!);
  });

  it.each(['gateway', ...FRONTENDS])('%s (behind the Ingress) sleeps in preStop before SIGTERM, within a grace period that leaves time to drain', (name) => {
    const spec = podSpec(byName(deployments, name)!);
    const command: string[] = spec.containers[0].lifecycle?.preStop?.exec?.command ?? [];
    expect(command[0]).toBe('sleep');
    const sleep = Number(command[1]);
    expect(sleep).toBeGreaterThanOrEqual(3);
    expect(spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(sleep + 20);
  });

  it('services finish in-flight requests (SHUTDOWN_GRACE_MS, 20 s) before the kubelet kills them', () => {
    for (const name of SERVICES) {
      const spec = podSpec(byName(deployments, name)!);
      expect(spec.terminationGracePeriodSeconds).toBeGreaterThan(20);
    }
  });

  it('the gateway has a Service on its http port and an HPA', () => {
    const gateway = byName(deployments, 'gateway')!;
    expect(gateway.spec.replicas).toBeUndefined(); // the HPA owns it
    // probes are on the ops port (tested above); the Service exposes the API port only
    expect(podSpec(gateway).containers[0].ports).toContainEqual({ name: 'http', containerPort: 3000, protocol: 'TCP' });
    const service = byName(ofKind('Service'), 'gateway')!;
    expect(service.spec.selector).toEqual(gateway.spec.selector.matchLabels);
    expect(service.spec.ports.map((p: any) => p.targetPort)).toEqual(['http']);
    const hpa = byName(ofKind('HorizontalPodAutoscaler'), 'gateway')!;
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'gateway' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
  });

  it('the Ingress routes /api, /mfe/patient/, /mfe/doctor/, /mfe/admin/ and / to existing Services', () => {
    const ingress = ofKind('Ingress')[0];
    const paths = ingress.spec.rules.flatMap((r: any) => r.http.paths);
    const route = (p: string) => paths.find((x: any) => x.path === p)?.backend.service.name;
    expect(route('/api')).toBe('gateway');
    expect(route('/mfe/patient/')).toBe('mfe-patient');
    expect(route('/mfe/doctor/')).toBe('mfe-doctor');
    expect(route('/mfe/admin/')).toBe('mfe-admin');
    expect(route('/')).toBe('shell');
    const services = ofKind('Service');
    for (const p of paths) {
      const service = byName(services, p.backend.service.name);
      expect(service).toBeDefined();
      expect(service!.spec.ports.map((x: any) => x.name)).toContain(p.backend.service.port.name);
    }
  });

  it('the shell reads /config/remotes.json from the shell-remotes ConfigMap, which pins a release of each of the three remotes', () => {
    const spec = podSpec(byName(deployments, 'shell')!);
    const mount = spec.containers[0].volumeMounts.find((m: any) => m.mountPath === '/usr/share/nginx/html/config');
    expect(spec.volumes.find((v: any) => v.name === mount.name).configMap.name).toBe('shell-remotes');
    // each remote pinned to one release: /mfe/<role>/<x.y.z>-<8 hex>/mf-manifest.json (k8s/README.md "Frontend releases")
    const release = (role: string) => expect.stringMatching(new RegExp(`^/mfe/${role}/\\d+\\.\\d+\\.\\d+-[0-9a-f]{8}/mf-manifest\\.json$`));
    const pinned = { mfe_patient: release('patient'), mfe_doctor: release('doctor'), mfe_admin: release('admin') };
    expect(JSON.parse(fs.readFileSync(path.join(BASE, 'config', 'remotes.json'), 'utf8'))).toEqual(pinned);
    // every environment pins its own releases (its remote images differ): overlays/<env>/remotes.json replaces the base's
    for (const overlay of OVERLAYS) {
      const dir = path.join(K8S, 'overlays', overlay);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8'))).toEqual(pinned);
      const generator = (yaml.load(fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as any).configMapGenerator.find((g: any) => g.name === 'shell-remotes');
      expect(generator).toEqual({ name: 'shell-remotes', behavior: 'replace', files: ['remotes.json'] });
    }
  });

  describe('TURN for video visits (coturn)', () => {
    const turn = () => byName(deployments, 'turn')!;
    const args = () => podSpec(turn()).containers[0].args as string[];
    const arg = (name: string) => args().find((a) => a.startsWith(`--${name}=`))?.split('=').slice(1).join('=');

    it('authenticates with the TURN REST API scheme, the secret from Secret afya-turn, which the gateway signs with', () => {
      expect(args()).toContain('--use-auth-secret');
      expect(arg('static-auth-secret')).toBe('$(TURN_SECRET)');
      const env = podSpec(turn()).containers[0].env as { name: string; valueFrom?: any }[];
      expect(env.find((e) => e.name === 'TURN_SECRET')?.valueFrom).toEqual({ secretKeyRef: { name: 'afya-turn', key: 'TURN_SECRET' } });
      const gatewayEnv = podSpec(byName(deployments, 'gateway')!).containers[0].env as { name: string; valueFrom?: any }[];
      expect(gatewayEnv.find((e) => e.name === 'VIDEO_TURN_SECRET')?.valueFrom).toEqual({ secretKeyRef: { name: 'afya-turn', key: 'TURN_SECRET', optional: true } });
    });

    it('never relays to private, loopback or link-local addresses, in its config and in its NetworkPolicy', () => {
      const denied = args().filter((a) => a.startsWith('--denied-peer-ip=')).map((a) => a.split('=')[1]);
      for (const range of ['10.0.0.0-10.255.255.255', '172.16.0.0-172.31.255.255', '192.168.0.0-192.168.255.255', '127.0.0.0-127.255.255.255', '169.254.0.0-169.254.255.255']) {
        expect(denied).toContain(range);
      }
      const policy = ofKind('NetworkPolicy').find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'turn')!;
      expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      const except = policy.spec.egress.flatMap((e: any) => e.to.map((t: any) => t.ipBlock?.except ?? []));
      expect(except.flat()).toEqual(expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '127.0.0.0/8', '169.254.0.0/16']));
      // nothing in the cluster: no pod or namespace selector among its destinations
      expect(JSON.stringify(policy.spec.egress)).not.toMatch(/Selector/);
    });

    it('publishes 3478 and exactly the relay ports it allocates, on a load balancer, and the NetworkPolicy opens the same', () => {
      const service = ofKind('Service').find((d) => d.metadata?.name === 'turn')!;
      expect(service.spec.type).toBe('LoadBalancer');
      const min = Number(arg('min-port'));
      const max = Number(arg('max-port'));
      const relay = service.spec.ports.filter((p: any) => p.port !== 3478).map((p: any) => p.port);
      expect(relay).toEqual(Array.from({ length: max - min + 1 }, (_v, i) => min + i));
      expect(service.spec.ports.filter((p: any) => p.port === 3478).map((p: any) => p.protocol).sort()).toEqual(['TCP', 'UDP']);
      const policy = ofKind('NetworkPolicy').find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'turn')!;
      expect(policy.spec.ingress[0].ports).toContainEqual({ protocol: 'UDP', port: min, endPort: max });
    });

    it.each(OVERLAYS)('%s points the gateway at its coturn: STUN and TURN URLs in afya-config', (overlay) => {
      const k = yaml.load(fs.readFileSync(path.join(K8S, 'overlays', overlay, 'kustomization.yaml'), 'utf8')) as any;
      const literals = Object.fromEntries(k.configMapGenerator.find((g: any) => g.name === 'afya-config').literals.map((l: string) => l.split(/=(.*)/s).slice(0, 2)));
      expect(literals.VIDEO_STUN_URLS).toMatch(/^stun:[\w.-]+:3478$/);
      for (const url of literals.VIDEO_TURN_URLS.split(',')) expect(url).toMatch(/^turn:[\w.-]+:3478\?transport=(udp|tcp)$/);
    });
  });

  it('NetworkPolicies deny by default and keep services to NATS and PostgreSQL', () => {
    const policies = ofKind('NetworkPolicy');
    const deny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress);
    expect(deny?.spec.policyTypes).toEqual(expect.arrayContaining(['Ingress', 'Egress']));
    const services = policies.find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/component'] === 'service')!;
    const ports = services.spec.egress.flatMap((e: any) => e.ports.map((p: any) => p.port)).sort();
    expect(ports).toEqual([4222, 5432]);
    expect(services.spec.ingress).toEqual([]);
    const gateway = policies.find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'gateway')!;
    expect(gateway.spec.ingress[0].from[0].namespaceSelector).toBeDefined();
    for (const d of deployments) {
      const labels = d.spec.template.metadata.labels;
      const selected = policies.filter((p) => Object.entries(p.spec.podSelector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) && Object.keys(p.spec.podSelector.matchLabels ?? {}).length);
      expect(selected.length).toBeGreaterThan(0); // every workload has its own allow rules
    }
  });

  it('runs the gateway and every service as its own ServiceAccount (no token) and its own NATS user (issue 14)', () => {
    const bus = require('../nats/bus-users') as { DEPLOYABLES: string[] };
    const accounts = ofKind('ServiceAccount');
    for (const name of bus.DEPLOYABLES) {
      const spec = podSpec(byName(deployments, name)!);
      expect({ name, account: spec.serviceAccountName, automount: spec.automountServiceAccountToken }).toEqual({ name, account: name, automount: false });
      expect({ name, automount: byName(accounts, name)?.automountServiceAccountToken }).toEqual({ name, automount: false });
      const env = spec.containers[0].env as { name: string; value?: string; valueFrom?: any }[];
      expect(env.find((e) => e.name === 'NATS_USER')?.value).toBe(name);
      expect(env.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom).toEqual({ secretKeyRef: { name: `afya-${name}-nats`, key: 'NATS_PASSWORD' } });
    }
    // the ingress controller's pods are the gateway's only callers; gateway and services reach only the NATS pods on 4222
    const policies = ofKind('NetworkPolicy');
    const gateway = policies.find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'gateway')!;
    expect(gateway.spec.ingress[0].from[0].podSelector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'ingress-nginx' });
    const services = policies.find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/component'] === 'service')!;
    for (const policy of [gateway, services]) {
      const toNats = policy.spec.egress.find((e: any) => e.ports.some((p: any) => p.port === 4222));
      expect(toNats.to).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'nats' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'nats' } } }]);
    }
  });

  describe.each(files.filter((f) => path.basename(f) === 'kustomization.yaml').map((f) => [path.relative(REPO, f), f]))('%s', (_rel, file) => {
    const dir = path.dirname(file);
    const k = yaml.load(fs.readFileSync(file, 'utf8')) as any;

    it('references only files and folders that exist', () => {
      const referenced: string[] = [
        ...(k.resources ?? []),
        ...(k.components ?? []),
        ...(k.patches ?? []).map((p: any) => p.path).filter(Boolean),
        ...(k.patchesStrategicMerge ?? []),
        ...(k.configMapGenerator ?? []).flatMap((g: any) => (g.files ?? []).map((f: string) => f.split('=').pop())),
        ...(k.secretGenerator ?? []).flatMap((g: any) => (g.files ?? []).map((f: string) => f.split('=').pop())),
      ];
      // a release Component only sets an image; every other kustomization refers to something
      if (!k.images) expect(referenced.length).toBeGreaterThan(0);
      for (const ref of referenced) {
        const target = path.resolve(dir, ref);
        expect([ref, fs.existsSync(target)]).toEqual([ref, true]);
        if (fs.statSync(target).isDirectory()) expect(fs.existsSync(path.join(target, 'kustomization.yaml'))).toBe(true);
      }
    });
  });

  it('the base kustomization lists every manifest file of the base (nothing forgotten)', () => {
    const k = yaml.load(fs.readFileSync(path.join(BASE, 'kustomization.yaml'), 'utf8')) as any;
    const listed = new Set((k.resources as string[]).map((r) => path.resolve(BASE, r)));
    const manifests = yamlFiles(BASE).filter((f) => path.basename(f) !== 'kustomization.yaml');
    for (const f of manifests) expect([path.relative(REPO, f), listed.has(f)]).toEqual([path.relative(REPO, f), true]);
  });

  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  const render = kubectl.status === 0 ? it : it.skip;
  describe.each(['base', 'overlays/staging', 'overlays/production'])('kubectl kustomize k8s/%s', (target) => {
    render('renders, with every Deployment, Job and the hashed ConfigMaps wired in', () => {
      const docs = kustomize(path.join(K8S, target));
      const names = (kind: string) => docs.filter((d) => d.kind === kind).map((d) => d.metadata!.name);
      // the base runs no service: an overlay lists the services it runs (Components)
      const services = target === 'base' ? [] : listedServices(target.split('/')[1]);
      expect(names('Deployment').sort()).toEqual([...services, 'gateway', 'turn', ...FRONTENDS].sort());
      expect(names('Job').sort()).toEqual(services.map((s) => `${s}-migrate`).sort());
      const config = docs.find((d) => d.kind === 'ConfigMap' && d.metadata!.name!.startsWith('afya-config-'))!;
      expect(config.data.DB_MIGRATE_ON_START).toBe('false');
      for (const d of docs.filter((x) => x.kind === 'Deployment' && SERVICES.includes(x.metadata!.name!))) {
        expect(d.spec.template.spec.containers[0].envFrom[0].configMapRef.name).toBe(config.metadata!.name);
      }
      for (const d of docs.filter((x) => x.metadata?.name !== 'afya')) expect(d.metadata!['namespace']).toBe('afya');
      for (const d of docs.filter((x) => x.kind !== 'Namespace')) expect(d.metadata!.labels?.['app.kubernetes.io/part-of']).toBe('afya');
      if (target !== 'base') {
        const ingress = docs.find((d) => d.kind === 'Ingress')!;
        expect(ingress.spec.rules[0].host).not.toBe('afya.example.com');
        expect(ingress.spec.tls[0].hosts).toContain(ingress.spec.rules[0].host);
        for (const d of docs.filter((x) => x.kind === 'Deployment' || x.kind === 'Job')) {
          for (const c of d.spec.template.spec.containers) {
            // an immutable tag or a digest: a node never runs a stale copy of a moving tag (IfNotPresent)
            const [, tag, digest] = /^(?:ghcr\.io\/afya\/[a-z-]+|docker\.io\/coturn\/coturn)(?::([\w.-]+))?(?:@(sha256:[0-9a-f]{64}))?$/.exec(c.image) ?? [];
            expect({ image: c.image, immutable: Boolean(digest) || IMMUTABLE_TAG.test(tag ?? '') }).toEqual({ image: c.image, immutable: true });
          }
        }
      }
    });
  });

  describe('services are Components that overlays list', () => {
    it('k8s/components/services has one Component per service with code, and none without', () => {
      const components = fs.readdirSync(COMPONENTS).sort();
      expect(components).toEqual(SERVICES_WITH_CODE);
      for (const name of components) {
        const k = yaml.load(fs.readFileSync(path.join(COMPONENTS, name, 'kustomization.yaml'), 'utf8')) as any;
        expect(k.kind).toBe('Component');
        // no transformers: in a Component they would rewrite the whole overlay, not only this service
        expect(Object.keys(k).sort()).toEqual(['apiVersion', 'kind', 'resources']);
        expect(k.resources.sort()).toEqual(['deployment.yaml', 'migration-job.yaml', 'pdb.yaml', 'serviceaccount.yaml']);
      }
    });

    it.each(OVERLAYS)('overlay %s lists only services that have code and an image recipe, and releases exactly what it runs', (overlay) => {
      const services = listedServices(overlay);
      expect(services.length).toBeGreaterThan(0);
      for (const name of services) {
        expect(SERVICES_WITH_CODE).toContain(name);
        expect(fs.existsSync(path.join(REPO, 'services', name, 'src', 'main.ts'))).toBe(true);
      }
      const released = releases(overlay).map((r) => r.name).sort();
      expect(released).toEqual([...services, 'gateway', ...FRONTENDS].sort());
      for (const r of releases(overlay)) {
        // one image, its own: a release of one deployable cannot retag another
        expect(r.images).toHaveLength(1);
        expect(r.images[0].name).toBe(`ghcr.io/afya/${r.name}`);
        expect(r.images[0].newName).toBeUndefined();
        const tag = r.images[0].newTag === undefined ? undefined : String(r.images[0].newTag);
        expect({ release: r.name, immutable: Boolean(r.images[0].digest?.match(/^sha256:[0-9a-f]{64}$/)) || IMMUTABLE_TAG.test(tag ?? '') }).toEqual({ release: r.name, immutable: true });
      }
    });

    it('every service with code runs in production, with its image recipe', () => {
      expect(listedServices('production').sort()).toEqual(SERVICES_WITH_CODE);
      for (const name of SERVICES_WITH_CODE) expect(DEPLOYABLES.find((d) => d.name === name)?.shape).toBe('service');
    });

    describe.each(OVERLAYS)('day one in %s: the first-admin Job', (overlay) => {
      render('runs auth\'s bootstrap-admin command with the auth image the overlay runs, hardened like the migration Job', () => {
        const docs = kustomize(path.join(K8S, 'overlays', overlay, 'bootstrap-admin'));
        expect(docs.map((d) => `${d.kind}/${d.metadata!.name}`)).toEqual(['Job/auth-bootstrap-admin']);
        const [job] = docs;
        expect(job.metadata!['namespace']).toBe('afya');
        const spec = podSpec(job);
        const c = spec.containers[0];
        expect(c.command).toEqual(['node', 'dist/src/bootstrap-admin.js']);
        const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'services', 'auth', 'package.json'), 'utf8'));
        expect(pkg.scripts['bootstrap-admin']).toBe('node dist/src/bootstrap-admin.js');
        expect(fs.existsSync(path.join(REPO, 'services', 'auth', 'src', 'bootstrap-admin.ts'))).toBe(true);
        const auth = kustomize(path.join(K8S, 'overlays', overlay)).find((d) => d.kind === 'Deployment' && d.metadata!.name === 'auth')!;
        expect(c.image).toBe(auth.spec.template.spec.containers[0].image);
        expect(c.env.find((e: any) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef).toEqual({ name: 'afya-auth-db', key: 'DATABASE_URL' });
        expect(c.envFrom).toEqual([{ configMapRef: { name: 'afya-bootstrap-admin' } }]);
        expect(spec.restartPolicy).toBe('Never');
        expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
        expect(c.securityContext).toMatchObject({ runAsNonRoot: true, allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
        expect(c.resources.limits.memory).toBeDefined();
      });
    });

    render('releasing one service (a new tag in its releases/ file) changes its Deployment and migration Job only', () => {
      const service = SERVICES_WITH_CODE.includes('payment') ? 'payment' : SERVICES_WITH_CODE[0];
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-k8s-'));
      try {
        fs.cpSync(K8S, path.join(tmp, 'k8s'), { recursive: true });
        const release = path.join(tmp, 'k8s', 'overlays', 'production', 'releases', service, 'kustomization.yaml');
        const k = yaml.load(fs.readFileSync(release, 'utf8')) as any;
        k.images[0] = { name: `ghcr.io/afya/${service}`, newTag: '9.9.9' };
        fs.writeFileSync(release, yaml.dump(k));
        const before = kustomize(path.join(K8S, 'overlays', 'production'));
        const after = kustomize(path.join(tmp, 'k8s', 'overlays', 'production'));
        const key = (d: Doc) => `${d.kind}/${d.metadata!.name}`;
        const changed = after.filter((d) => JSON.stringify(d) !== JSON.stringify(before.find((b) => key(b) === key(d)))).map(key).sort();
        expect(changed).toEqual([`Deployment/${service}`, `Job/${service}-migrate`]);
        // and `kubectl apply -l afya.io/service=<name>` (k8s/README.md) selects exactly that service's objects
        const selected = after.filter((d) => d.metadata!.labels?.['afya.io/service'] === service).map(key).sort();
        expect(selected).toEqual([`Deployment/${service}`, `Job/${service}-migrate`, `PodDisruptionBudget/${service}`, `ServiceAccount/${service}`]);
        expect(after.filter((d) => d.kind === 'ConfigMap').every((d) => d.metadata!.labels?.['app.kubernetes.io/component'] === 'config')).toBe(true);
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    });
  });
});

function kustomize(dir: string): Doc[] {
  const out = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  expect(out.stderr).toBe('');
  expect(out.status).toBe(0);
  return yaml.loadAll(out.stdout) as Doc[];
}

/** The services an overlay runs: its `components:` entries under k8s/components/services/. */
function listedServices(overlay: string): string[] {
  const dir = path.join(K8S, 'overlays', overlay);
  const k = yaml.load(fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as any;
  return (k.components as string[])
    .map((c) => path.relative(COMPONENTS, path.resolve(dir, c)))
    .filter((rel) => !rel.startsWith('..') && !path.isAbsolute(rel));
}

/** An overlay's release Components: releases/<name>/kustomization.yaml, each listed in its components. */
function releases(overlay: string): { name: string; images: any[] }[] {
  const dir = path.join(K8S, 'overlays', overlay);
  const k = yaml.load(fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as any;
  const listed = (k.components as string[]).filter((c) => c.startsWith('releases/')).map((c) => c.slice('releases/'.length));
  const onDisk = fs.readdirSync(path.join(dir, 'releases')).sort();
  expect(listed.slice().sort()).toEqual(onDisk);
  expect(k.images).toBeUndefined(); // tags live in releases/<name> only
  return onDisk.map((name) => {
    const r = yaml.load(fs.readFileSync(path.join(dir, 'releases', name, 'kustomization.yaml'), 'utf8')) as any;
    expect(r.kind).toBe('Component');
    return { name, images: r.images ?? [] };
  });
}
