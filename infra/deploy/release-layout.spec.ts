// The remote and shell images keep what open tabs still load (k8s/README.md "Frontend releases"): a remote's
// image serves its new release and the newest previous ones (infra/deploy/build.js assembleRemote), the shell's
// the content-hashed files of the build before it (assembleShell). The build's own layout:
// gateway/src/common/static/release-layout.spec.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const { assembleRemote, assembleShell, RELEASE_VERSION } = require('./build');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-release-images-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

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
