// The streams-apply Job (k8s/jobs/streams-apply, run through k8s/overlays/<env>/streams-apply): it declares the
// environment's JetStream streams before services start (services only check they exist), so it must talk to the
// same bus namespace the services use, run a command the image has, with the auth image the overlay runs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as yaml from 'js-yaml';

const ROOT = path.resolve(__dirname, '../..');
const K8S = path.join(ROOT, 'k8s');
type Doc = any;

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
const render = kubectl.status === 0 ? it : it.skip;

function kustomize(dir: string): Doc[] {
  const out = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  expect(out.stderr).toBe('');
  expect(out.status).toBe(0);
  return yaml.loadAll(out.stdout) as Doc[];
}

const literals = (configMap: Doc): Record<string, string> => configMap?.data ?? {};

describe.each(['staging', 'production'])('k8s/overlays/%s/streams-apply', (overlay) => {
  render('declares the streams on the bus namespace the services use, with the auth image the overlay runs', () => {
    const job = kustomize(path.join(K8S, 'overlays', overlay, 'streams-apply'));
    const services = kustomize(path.join(K8S, 'overlays', overlay));

    const streams = job.find((d) => d.kind === 'ConfigMap' && d.metadata.name === 'afya-streams');
    const config = services.find((d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('afya-config'));
    expect(literals(streams).AFYA_BUS).toBe(literals(config).AFYA_BUS);
    expect(literals(streams).NATS_URL).toBe(literals(config).NATS_URL);
    expect(Number(literals(streams).NATS_STREAM_REPLICAS)).toBeGreaterThanOrEqual(1);

    const [apply] = job.filter((d) => d.kind === 'Job');
    const container = apply.spec.template.spec.containers[0];
    const auth = services.find((d) => d.kind === 'Deployment' && d.metadata.name === 'auth');
    expect(container.image).toBe(auth.spec.template.spec.containers[0].image);
    expect(container.envFrom.map((e: Doc) => e.configMapRef?.name ?? e.secretRef?.name)).toEqual(['afya-streams', 'afya-nats-ops']);
    expect(container.securityContext).toMatchObject({ runAsNonRoot: true, allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });

    // The command runs from the service's folder (WORKDIR /app/services/<name>): the shared package's build of
    // services/shared/src/events/events-cli.ts.
    expect(container.command).toEqual(['node', '../shared/dist/events/events-cli.js', 'streams', 'apply']);
    expect(fs.existsSync(path.join(ROOT, 'services/shared/src/events/events-cli.ts'))).toBe(true);
  });
});
