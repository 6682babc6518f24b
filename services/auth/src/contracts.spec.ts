import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuthBroadcasts, AuthMessages, AuthPatterns, MIN_ADDRESS_LENGTH, MIN_NAME_LENGTH, MIN_PASSWORD_LENGTH, MIN_PHONE_LENGTH, ROLES, USER_STATUSES } from '../contracts';

/** The source without its comments (they may mention what the code must not do). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

describe('the auth contract is pure (the browser imports its types)', () => {
  // What each file may import at run time (anything else only as types): the schemas are built with the schema kit
  // (zod and nothing else) from the catalog's rules.
  const RUNTIME_IMPORTS: Record<string, string[]> = {
    'index.ts': [],
    'catalog.ts': [],
    // Family care's rules and messages (issue 36): plain data and functions, like the catalog.
    'family.ts': [],
    // The USSD PIN's rules and messages (issue 42): plain data and functions too.
    'ussd-pin.ts': [],
    'schemas.ts': ['./catalog', './family', './ussd-pin', '@afya/service-shared/schema'],
    'patterns.ts': [],
    // The calls declare each HTTP call once (decision 0095) with the schema kit's call helpers (oRPC contracts, pure).
    'calls.ts': ['@afya/service-shared/calls', '@afya/service-shared/schema', './patterns', './schemas'],
  };
  it.each(Object.keys(RUNTIME_IMPORTS))('%s imports at run time only the catalog and the schema kit, and evaluates nothing from the environment', (file) => {
    const source = readFileSync(join(__dirname, '..', 'contracts', file), 'utf8');
    const imports = [...source.matchAll(/^import (type )?(?:\{[^}]*\}|\w+) from '([^']+)';$/gm)];
    expect(imports.length).toBe(source.split('\n').filter((line) => /^import\b/.test(line)).length);
    for (const [, typeOnly, from] of imports) if (!typeOnly) expect(RUNTIME_IMPORTS[file]).toContain(from);
    expect(code(source)).not.toMatch(/\bsubject\(|process\.env|\brequire\(/);
  });

  it('has plain pattern names: the bus namespace is put in front where a subject is used', () => {
    for (const pattern of Object.values(AuthPatterns)) expect(pattern).toMatch(/^auth\.v\d+\.[a-z.-]+$/);
    expect(AuthBroadcasts.revocation).toBe('broadcast.auth.v1.revocation');
  });

  it('has the roles of CONTRACT.md §1', () => {
    expect(ROLES).toEqual(['user', 'doctor', 'admin']);
  });
});

describe('the account rules agree with their messages (CONTRACT.md §5)', () => {
  it('states each limit in its message', () => {
    expect(AuthMessages.password).toBe(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
    expect(AuthMessages.firstname).toBe(`First name must be at least ${MIN_NAME_LENGTH} characters`);
    expect(AuthMessages.lastname).toBe(`Last name must be at least ${MIN_NAME_LENGTH} characters`);
    expect(AuthMessages.phone).toBe(`Phone number must be at least ${MIN_PHONE_LENGTH} digits`);
    expect(AuthMessages.address).toBe(`Address must be at least ${MIN_ADDRESS_LENGTH} characters`);
    expect(AuthMessages.role).toBe(`Role must be one of ${ROLES.join(', ')}`);
    expect(AuthMessages.status).toBe(`Status must be one of ${USER_STATUSES.join(', ')}`);
  });
});
