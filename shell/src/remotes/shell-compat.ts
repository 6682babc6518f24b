import shellPackage from '../../package.json';

/**
 * The version of what the shell exposes to the remotes (shell/session, shell/api-client, shell/ui-kit,
 * shell/support-kit, shell/video-kit): shell/package.json "version". Semver: a new export is a minor bump, a changed or removed
 * one a major bump (a 0.x minor bump is breaking, as in npm's caret ranges).
 * Each remote names the shell versions it works with in its package.json "requiredShell" (a range) and exports
 * it from its `./routes` expose; the shell checks it before mounting the remote's pages.
 */
export const SHELL_VERSION: string = shellPackage.version;

type Version = [number, number, number];

function parseVersion(text: string): Version | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The upper bound (exclusive) of a caret range, npm's rules: ^1.2.3 → 2.0.0, ^0.2.3 → 0.3.0, ^0.0.3 → 0.0.4. */
function caretCeiling([major, minor, patch]: Version): Version {
  if (major > 0) return [major + 1, 0, 0];
  if (minor > 0) return [0, minor + 1, 0];
  return [0, 0, patch + 1];
}

/** One comparator (`^1.2.3`, `~1.2.3`, `>=1.2.3`, `>1.2.3`, `<=1.2.3`, `<1.2.3`, `=1.2.3`, `1.2.3`). */
function satisfiesComparator(version: Version, comparator: string): boolean {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(comparator);
  const bound = m && parseVersion(m[2]);
  if (!m || !bound) throw new Error(`unsupported version range "${comparator}"`);
  const c = compare(version, bound);
  switch (m[1]) {
    case '^':
      return c >= 0 && compare(version, caretCeiling(bound)) < 0;
    case '~':
      return c >= 0 && compare(version, [bound[0], bound[1] + 1, 0]) < 0;
    case '>=':
      return c >= 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '<':
      return c < 0;
    default:
      return c === 0;
  }
}

/**
 * Whether `version` is in `range`: comparators separated by spaces must all hold, alternatives are separated
 * by `||` (the subset of npm ranges a remote's "requiredShell" may use). Throws on a range it cannot read,
 * so a typo fails the remote's tests instead of letting any shell through.
 */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  if (!v) throw new Error(`"${version}" is not a version`);
  const alternatives = range.split('||').map((a) => a.trim());
  if (alternatives.some((a) => !a)) throw new Error(`empty alternative in version range "${range}"`);
  return alternatives.some((alternative) =>
    alternative
      // `>= 1.2.3` → `>=1.2.3`: an operator and its version are one comparator
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesComparator(v, comparator)),
  );
}

/** A remote needs a shell other than the one this page runs: reloading the page fetches the deployed shell. */
export class ShellVersionMismatchError extends Error {
  constructor(
    readonly remote: string,
    readonly requiredShell: string,
    readonly shellVersion: string,
  ) {
    super(`${remote} needs shell ${requiredShell}, this page runs shell ${shellVersion}`);
    this.name = 'ShellVersionMismatchError';
  }
}

/** Throws ShellVersionMismatchError when the remote's `requiredShell` range does not admit `shellVersion`. */
export function assertShellCompatible(remote: string, requiredShell: unknown, shellVersion: string = SHELL_VERSION): void {
  if (typeof requiredShell !== 'string' || !requiredShell.trim()) {
    // A remote built before requiredShell existed, or a broken build: refusing is safer than guessing.
    throw new ShellVersionMismatchError(remote, String(requiredShell ?? '(none declared)'), shellVersion);
  }
  if (!satisfies(shellVersion, requiredShell)) throw new ShellVersionMismatchError(remote, requiredShell, shellVersion);
}
