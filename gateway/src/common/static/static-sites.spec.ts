import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { cacheControlFor, registerStaticSites, remoteCacheControlFor } from './static-sites';

// The web app's files as the build writes them: each text asset with its .br and .gz beside it.
function writeWithCompressed(dir: string, name: string, body: string): void {
  writeFileSync(join(dir, name), body);
  writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(body));
}

interface Res {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  rawPayload: Buffer;
  body: string;
}

describe('static sites (shell and remotes served by the gateway)', () => {
  let root: string;
  let app: FastifyInstance;
  let port: number;
  // Raw bytes over a real socket (fastify.inject needs an ESM-only module that jest cannot load here).
  const get = (url: string, headers: Record<string, string> = {}): Promise<Res> =>
    new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, rawPayload, body: rawPayload.toString() });
        });
      })
        .on('error', reject)
        .end();
    });
  const js = 'console.log("afya");'.repeat(50);
  const VERSION = '0.1.0-3f9a1c2e';

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'afya-static-'));
    const shell = join(root, 'shell');
    const patient = join(root, 'patient');
    mkdirSync(shell);
    mkdirSync(patient);
    writeWithCompressed(shell, 'index.html', '<!doctype html><title>Afya</title>'.repeat(20));
    writeWithCompressed(shell, 'main.js', js);
    writeWithCompressed(shell, '273.b5f18c0f.js', js);
    writeWithCompressed(shell, 'mf-manifest.json', JSON.stringify({ name: 'shell' }).repeat(20));
    writeFileSync(join(shell, 'favicon.svg'), '<svg/>');
    // a remote's build: its files under <version>/, release.json naming that release
    const release = join(patient, VERSION);
    mkdirSync(release);
    writeWithCompressed(release, 'remoteEntry.js', js);
    writeWithCompressed(release, 'mf-manifest.json', JSON.stringify({ name: 'mfe_patient' }));
    writeWithCompressed(release, '__federation_expose_routes.0f0f9ce4.js', js);
    writeFileSync(join(patient, 'release.json'), JSON.stringify({ name: 'mfe_patient', version: VERSION, requiredShell: '^0.1.0', manifest: `${VERSION}/mf-manifest.json` }));
    app = Fastify();
    await registerStaticSites(app, { shellDir: shell, remotes: { patient } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts it, with its real content type', async () => {
    const res = await get('/273.b5f18c0f.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload).toEqual(brotliCompressSync(js));
  });

  it('sends gzip to a client without brotli and the plain file to one without either', async () => {
    const gz = await get('/main.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/main.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('caches hashed files for a year and revalidates entry files', async () => {
    const hashed = await get('/273.b5f18c0f.js', { 'accept-encoding': 'br' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/main.js', '/mf-manifest.json', '/mfe/patient/release.json', '/config/remotes.json', '/']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
    }
    const exposed = await get(`/mfe/patient/${VERSION}/__federation_expose_routes.0f0f9ce4.js`, { 'accept-encoding': 'br' });
    expect(exposed.headers['content-encoding']).toBe('br');
    expect(exposed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a remote release under /mfe/<name>/<version>/, every file immutable (a changed byte is a new version)', async () => {
    for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
      const res = await get(`/mfe/patient/${VERSION}/${file}`, { 'accept-encoding': 'gzip' });
      expect([file, res.statusCode, res.headers['cache-control']]).toEqual([file, 200, 'public, max-age=31536000, immutable']);
    }
    expect((await get('/mfe/patient/remoteEntry.js')).statusCode).toBe(404);
  });

  it('pins each remote to the release on disk in /config/remotes.json', async () => {
    const res = await get('/config/remotes.json');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(res.body)).toEqual({ mfe_patient: `/mfe/patient/${VERSION}/mf-manifest.json` });
    const manifest = await get(JSON.parse(res.body).mfe_patient);
    expect([manifest.statusCode, JSON.parse(manifest.body)]).toEqual([200, { name: 'mfe_patient' }]);
  });

  it('answers client-side routes with the compressed index.html, never cached', async () => {
    const res = await get('/dashboard/appointments', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves a file that has no compressed copy as is', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('<svg/>');
  });

  it('tells hashed names from entry names', () => {
    expect(cacheControlFor('/x/273.b5f18c0f.js.br')).toMatch(/immutable/);
    expect(cacheControlFor('/x/remoteEntry.js.gz')).toBe('no-cache');
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(remoteCacheControlFor('/d', '/d/0.1.0-3f9a1c2e/remoteEntry.js')).toMatch(/immutable/);
    expect(remoteCacheControlFor('/d', '/d/release.json')).toBe('no-cache');
    expect(remoteCacheControlFor('/d', '/d/latest/remoteEntry.js')).toBe('no-cache');
  });
});
