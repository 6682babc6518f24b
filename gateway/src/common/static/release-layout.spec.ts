// A remote's release layout, end to end at small scale: the build plugin every remote uses
// (shell/webpack.parts.js VersionedReleasePlugin) on a tiny federated remote, then the gateway serving that
// build as `npm start` does (/mfe/<remote>/<version>/ immutable, /config/remotes.json pinning it). The real
// remotes' configs are checked to use the same plugin, so this is the layout `nx run-many -t build` produces,
// without building antd three times. The images' side: infra/deploy/release-layout.spec.ts.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerStaticSites } from './static-sites';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const parts = require(path.join(ROOT, 'shell', 'webpack.parts'));

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
    // the plugins under test run in production mode; minifying the federation runtime only costs time here
    optimization: { minimize: false },
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
  }, 120_000);

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
  }, 120_000);

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
    const config = require(path.join(ROOT, name, 'webpack.config.js'))({}, { mode: 'production' });
    const plugin = config.plugins.find((p: object) => p instanceof parts.VersionedReleasePlugin);
    expect(plugin).toMatchObject({ name: name.replace('-', '_'), pkg: { requiredShell: expect.any(String) } });
    expect(config.output.publicPath).toBe('auto');
  });
});

