// A remote's release layout, end to end at small scale: the build plugin every remote uses
// (shell/webpack.parts.js VersionedReleasePlugin) on a tiny federated remote, the local gateway serving that
// build (/mfe/<remote>/<version>/ immutable, /config/remotes.json pinning it), and the image recipe keeping the
// previous releases (infra/deploy/build.js assembleRemote). The real remotes' configs are checked to use the
// same plugin, so this is the layout `nx run-many -t build` produces, without building antd three times.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerStaticSites } from '../../gateway/src/common/static/static-sites';

const ROOT = path.resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const webpack = require('webpack');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const parts = require('../../shell/webpack.parts');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { assembleRemote, assembleShell, RELEASE_VERSION } = require('./build');

interface Release {
  name: string;
  version: string;
  requiredShell: string;
  manifest: string;
}

// Inside the repository's node_modules so webpack resolves the federation runtime from the fixture; plain JS,
// so no loader is needed.
const work = fs.mkdtempSync(path.join(ROOT, 'node_modules', '.afya-release-layout-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function fixtureRemote(dir: string, pageText: string): void {
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@afya/mfe-fixture', version: '0.3.1', requiredShell: '^0.3.0' }));
  fs.writeFileSync(path.join(dir, 'src', 'routes.js'), "export const routes = [{ path: 'page', load: () => import('./page') }];\n");
  fs.writeFileSync(path.join(dir, 'src', 'page.js'), `export const text = ${JSON.stringify(pageText)};\n`);
}

function build(dir: string): Promise<void> {
  const packageJson = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const config = {
    context: dir,
    mode: 'production',
    entry: {},
    output: { path: path.join(dir, 'dist'), publicPath: 'auto', filename: '[name].js', chunkFilename: '[name].[contenthash:8].js', uniqueName: 'mfe_fixture', clean: true },
    plugins: [
      new ModuleFederationPlugin({ name: 'mfe_fixture', filename: 'remoteEntry.js', exposes: { './routes': './src/routes.js' }, dts: false, manifest: true }),
      new parts.PrecompressPlugin(),
      new parts.VersionedReleasePlugin({ name: 'mfe_fixture', packageJson }),
    ],
  };
  return new Promise((resolve, reject) =>
    webpack(config, (error: Error | null, stats: { hasErrors(): boolean; toString(o: string): string }) => {
      if (error) reject(error);
      else if (stats.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    }),
  );
}

const readRelease = (dist: string): Release => JSON.parse(fs.readFileSync(path.join(dist, 'release.json'), 'utf8'));

function get(port: number, url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('a remote build lays out /mfe/<remote>/<version>/', () => {
  const remote = path.join(work, 'mfe-fixture');
  const dist = path.join(remote, 'dist');
  let first: Release;

  beforeAll(async () => {
    fixtureRemote(remote, 'first');
    await build(remote);
    first = readRelease(dist);
  });

  it('puts every file of the build under <version>/ and names the release in release.json', () => {
    expect(first).toEqual({ name: 'mfe_fixture', version: expect.stringMatching(/^0\.3\.1-[0-9a-f]{8}$/), requiredShell: '^0.3.0', manifest: `${first.version}/mf-manifest.json` });
    expect(fs.readdirSync(dist).sort()).toEqual([first.version, 'release.json'].sort());
    const files = fs.readdirSync(path.join(dist, first.version));
    expect(files).toEqual(expect.arrayContaining(['remoteEntry.js', 'mf-manifest.json']));
    expect(files.some((f) => /^\w+\.[0-9a-f]{8}\.js$/.test(f))).toBe(true); // the lazy page's chunk
    expect(JSON.parse(fs.readFileSync(path.join(dist, first.manifest), 'utf8')).metaData.publicPath).toBe('auto');
  });

  it('gives changed bytes a new version (a release folder never changes once published)', async () => {
    const changed = path.join(work, 'changed');
    fixtureRemote(changed, 'second');
    await build(changed);
    const release = readRelease(path.join(changed, 'dist'));
    expect(release.version).toMatch(/^0\.3\.1-[0-9a-f]{8}$/);
    expect(release.version).not.toBe(first.version);
  });

  describe('served by the gateway (npm start)', () => {
    let app: FastifyInstance;
    let port: number;
    beforeAll(async () => {
      const shell = path.join(work, 'shell');
      fs.mkdirSync(shell, { recursive: true });
      fs.writeFileSync(path.join(shell, 'index.html'), '<!doctype html>');
      app = Fastify();
      await registerStaticSites(app, { shellDir: shell, remotes: { fixture: dist } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
    });
    afterAll(() => app.close());

    it('/config/remotes.json points at the release, whose files are immutable and complete', async () => {
      const config = await get(port, '/config/remotes.json');
      expect(config.headers['cache-control']).toBe('no-cache');
      const entry = JSON.parse(config.body).mfe_fixture as string;
      expect(entry).toBe(`/mfe/fixture/${first.version}/mf-manifest.json`);
      const manifest = await get(port, entry);
      expect([manifest.status, manifest.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
      const { metaData, exposes } = JSON.parse(manifest.body) as { metaData: { remoteEntry: { name: string } }; exposes: { assets: { js: { sync: string[]; async: string[] } } }[] };
      const base = path.posix.dirname(entry);
      for (const file of [metaData.remoteEntry.name, ...exposes.flatMap((e) => [...e.assets.js.sync, ...e.assets.js.async])]) {
        const res = await get(port, `${base}/${file}`);
        expect([file, res.status, res.headers['cache-control']]).toEqual([file, 200, 'public, max-age=31536000, immutable']);
      }
    });
  });
});

describe('the remotes of this repository', () => {
  it.each(['mfe-patient', 'mfe-doctor', 'mfe-admin'])('%s builds with the release layout', (name) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const config = require(path.join(ROOT, name, 'webpack.config.js'))({}, { mode: 'production' });
    const plugin = config.plugins.find((p: object) => p instanceof parts.VersionedReleasePlugin);
    expect(plugin).toMatchObject({ name: name.replace('-', '_'), pkg: { requiredShell: expect.any(String) } });
    expect(config.output.publicPath).toBe('auto');
  });
});

describe('a remote image keeps the releases of the image it replaces', () => {
  const deployable = { name: 'mfe-fixture', dir: 'mfe-fixture', htmlPath: 'mfe/fixture' };
  const fakeRelease = (dir: string, version: string) => {
    fs.mkdirSync(path.join(dir, version), { recursive: true });
    fs.writeFileSync(path.join(dir, version, 'mf-manifest.json'), JSON.stringify({ name: 'mfe_fixture', version }));
  };
  const dist = path.join(work, 'carry', 'dist');
  const versions = ['0.3.0-00000001', '0.3.0-00000002', '0.3.0-00000003', '0.3.0-00000004', '0.3.0-00000005', '0.3.0-00000006'];

  beforeAll(() => {
    fakeRelease(dist, '0.3.1-0000000a');
    fs.writeFileSync(path.join(dist, 'release.json'), JSON.stringify({ name: 'mfe_fixture', version: '0.3.1-0000000a', manifest: '0.3.1-0000000a/mf-manifest.json' }));
  });
  afterEach(() => {
    delete process.env.AFYA_KEEP_RELEASES;
  });

  it('first release (no previous image): only the new one', () => {
    const out = path.join(work, 'carry', 'out-first');
    assembleRemote(deployable, out, null, dist);
    const served = path.join(out, 'html', 'mfe', 'fixture');
    expect(JSON.parse(fs.readFileSync(path.join(served, 'releases.json'), 'utf8'))).toEqual({ name: 'mfe_fixture', current: '0.3.1-0000000a', releases: ['0.3.1-0000000a'] });
    expect(fs.existsSync(path.join(served, '0.3.1-0000000a', 'mf-manifest.json'))).toBe(true);
  });

  it('the new release first, then the previous image\'s newest ones, up to AFYA_KEEP_RELEASES', () => {
    const previous = path.join(work, 'carry', 'previous-html');
    const previousRemote = path.join(previous, 'mfe', 'fixture');
    for (const v of versions) fakeRelease(previousRemote, v);
    fs.writeFileSync(path.join(previousRemote, 'releases.json'), JSON.stringify({ releases: [...versions].reverse() }));
    process.env.AFYA_KEEP_RELEASES = '4';
    const out = path.join(work, 'carry', 'out-next');
    assembleRemote(deployable, out, previous, dist);
    const served = path.join(out, 'html', 'mfe', 'fixture');
    const kept = ['0.3.1-0000000a', '0.3.0-00000006', '0.3.0-00000005', '0.3.0-00000004'];
    expect(JSON.parse(fs.readFileSync(path.join(served, 'releases.json'), 'utf8')).releases).toEqual(kept);
    expect(fs.readdirSync(served).filter((n) => RELEASE_VERSION.test(n)).sort()).toEqual([...kept].sort());
    for (const v of kept) expect(JSON.parse(fs.readFileSync(path.join(served, v, 'mf-manifest.json'), 'utf8')).version).toBe(v);
  });
});

describe('a shell image keeps the hashed files of the build before it', () => {
  const write = (dir: string, files: Record<string, string>) => {
    fs.mkdirSync(dir, { recursive: true });
    for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), text);
  };

  it('carries the previous build\'s own hashed files it lacks, one release back, never its entry files', () => {
    const base = path.join(work, 'shell-carry');
    const v1 = path.join(base, 'v1-dist');
    write(v1, { 'index.html': 'v1', 'main.js': 'v1', '11.aaaaaaaa.js': 'v1 page', '12.bbbbbbbb.js': 'shared' });
    assembleShell(path.join(base, 'out1'), null, v1);
    const v2 = path.join(base, 'v2-dist');
    write(v2, { 'index.html': 'v2', 'main.js': 'v2', '21.cccccccc.js': 'v2 page', '12.bbbbbbbb.js': 'shared' });
    assembleShell(path.join(base, 'out2'), path.join(base, 'out1', 'html'), v2);
    const html2 = path.join(base, 'out2', 'html');
    expect(fs.readFileSync(path.join(html2, 'index.html'), 'utf8')).toBe('v2');
    expect(fs.readFileSync(path.join(html2, '11.aaaaaaaa.js'), 'utf8')).toBe('v1 page'); // an open v1 tab still finds it
    expect(JSON.parse(fs.readFileSync(path.join(html2, 'assets.json'), 'utf8'))).toEqual({ own: ['12.bbbbbbbb.js', '21.cccccccc.js'], carried: ['11.aaaaaaaa.js'] });
    const v3 = path.join(base, 'v3-dist');
    write(v3, { 'index.html': 'v3', 'main.js': 'v3', '31.dddddddd.js': 'v3 page' });
    assembleShell(path.join(base, 'out3'), html2, v3);
    const files3 = fs.readdirSync(path.join(base, 'out3', 'html')).sort();
    expect(files3).toEqual(['12.bbbbbbbb.js', '21.cccccccc.js', '31.dddddddd.js', 'assets.json', 'index.html', 'main.js']);
  });
});
