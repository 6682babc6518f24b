import { generateOneTimePassword, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Patient#2026');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'Patient#2026')).toBe(true);
    expect(await verifyPassword(hash, 'patient#2026')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Patient#2026')).toBe(false);
  });

  it('makes one-time passwords that are long, mixed and different each time', () => {
    const passwords = new Set(Array.from({ length: 200 }, generateOneTimePassword));
    expect(passwords.size).toBe(200);
    for (const password of passwords) {
      expect(password).toHaveLength(14);
      expect(password).toMatch(/[A-Za-z]/);
      expect(password).toMatch(/[0-9]$/);
      expect(password).toMatch(/[#@%+=]/);
    }
  });
});
