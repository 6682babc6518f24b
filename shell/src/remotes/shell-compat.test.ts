/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { assertShellCompatible, satisfies, SHELL_VERSION, ShellVersionMismatchError } from './shell-compat';

describe('satisfies (the subset of npm ranges a remote\'s requiredShell may use)', () => {
  it.each([
    ['0.1.0', '^0.1.0', true],
    ['0.1.7', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false], // 0.x: a minor bump is breaking
    ['0.0.9', '^0.1.0', false],
    ['1.4.2', '^1.2.0', true],
    ['2.0.0', '^1.2.0', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '=1.2.3', false],
    ['1.0.0', '>=0.1.0 <2.0.0', true],
    ['2.0.0', '>= 0.1.0 < 2.0.0', false],
    ['3.1.0', '^1.0.0 || ^3.0.0', true],
    ['2.1.0', '^1.0.0 || ^3.0.0', false],
    ['1.2.3-rc.1', '^1.2.0', true],
  ])('%s in %s → %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('refuses what it cannot read instead of letting any shell through', () => {
    expect(() => satisfies('1.0.0', '^one')).toThrow('unsupported version range');
    expect(() => satisfies('1.0.0', '^1.0.0 ||')).toThrow('empty alternative');
    expect(() => satisfies('latest', '^1.0.0')).toThrow('is not a version');
  });
});

describe('assertShellCompatible', () => {
  it('passes a remote whose range admits the shell, and names both versions when it does not', () => {
    expect(() => assertShellCompatible('mfe_patient', '^0.3.0', '0.3.4')).not.toThrow();
    expect(() => assertShellCompatible('mfe_patient', '^0.4.0', '0.3.4')).toThrow(new ShellVersionMismatchError('mfe_patient', '^0.4.0', '0.3.4'));
    expect(() => assertShellCompatible('mfe_patient', '^0.4.0', '0.3.4')).toThrow('mfe_patient needs shell ^0.4.0, this page runs shell 0.3.4');
  });

  it('refuses a remote that declares no range', () => {
    expect(() => assertShellCompatible('mfe_admin', undefined, '0.3.4')).toThrow(ShellVersionMismatchError);
  });
});

describe('the remotes in this repository and the shell built with them', () => {
  const root = path.resolve(__dirname, '../../..');
  const remotes = fs.readdirSync(root).filter((d) => /^mfe-[a-z]+$/.test(d) && fs.existsSync(path.join(root, d, 'package.json')));

  it('finds the remotes', () => {
    expect(remotes.sort()).toEqual(['mfe-admin', 'mfe-doctor', 'mfe-patient']);
  });

  // Fails when a remote is changed to need shell libs that the shell (shell/package.json "version", what a
  // deployment of this commit serves) does not have: bump the shell's version with the libs it exposes.
  it.each(remotes.map((r) => [r]))('%s requires a shell version this shell has', (remote) => {
    const { requiredShell } = JSON.parse(fs.readFileSync(path.join(root, remote, 'package.json'), 'utf8')) as { requiredShell?: string };
    expect(typeof requiredShell).toBe('string');
    expect({ remote, requiredShell, shell: SHELL_VERSION, satisfied: satisfies(SHELL_VERSION, requiredShell!) }).toEqual({
      remote,
      requiredShell,
      shell: SHELL_VERSION,
      satisfied: true,
    });
  });
});
