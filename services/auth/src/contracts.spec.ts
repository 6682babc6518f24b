import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuthBroadcasts, AuthPatterns, ROLES } from '../contracts';

/** The source without its comments (they may mention what the code must not do). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

describe('the auth contract is pure (the browser imports its types)', () => {
  it('imports nothing and evaluates nothing from the environment', () => {
    const source = readFileSync(join(__dirname, '..', 'contracts', 'index.ts'), 'utf8');
    expect(source.split('\n').filter((line) => /^\s*import\b/.test(line))).toEqual([]);
    expect(code(source)).not.toMatch(/\bsubject\(|process\.env|\brequire\(/);
  });

  it('has plain pattern names: the bus namespace is put in front where a subject is used', () => {
    for (const pattern of Object.values(AuthPatterns)) expect(pattern).toMatch(/^auth\.[a-z.-]+$/);
    expect(AuthBroadcasts.revocation).toBe('broadcast.auth.revocation');
  });

  it('has the roles of SPEC.md section 1', () => {
    expect(ROLES).toEqual(['user', 'doctor', 'admin']);
  });
});
