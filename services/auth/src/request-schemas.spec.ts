import { issueMessages } from '@afya/service-shared/schema';
import { AuthMessages, CreateUserBodySchema, ListUsersQuerySchema, LoginBodySchema, RegisterBodySchema, ResetPasswordBodySchema, UpdateProfileBodySchema, UpdateUserBodySchema } from '../contracts';

function verdict(schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : issueMessages(result.error as never)[0];
}

const person = { firstname: 'Amani', lastname: 'Otieno', email: 'amani@example.co.ke', password: 'Secret#1', contact_phone: '+254712345678', address: 'Ngong Road, Nairobi' };

describe('the auth requests (one schema: gateway, service, web types)', () => {
  it('registration: the form’s order of messages, names counted without invisible bidi controls', () => {
    expect(verdict(RegisterBodySchema, person)).toBe('ok');
    expect(verdict(RegisterBodySchema, {})).toBe(AuthMessages.firstname);
    expect(verdict(RegisterBodySchema, { ...person, lastname: '\u202Ex\u202C' })).toBe(AuthMessages.lastname);
    expect(verdict(RegisterBodySchema, { ...person, email: 'not-an-email' })).toBe(AuthMessages.email);
    expect(verdict(RegisterBodySchema, { ...person, password: '12345' })).toBe(AuthMessages.password);
    expect(verdict(RegisterBodySchema, { ...person, contact_phone: '0712' })).toBe(AuthMessages.phone);
    expect(verdict(RegisterBodySchema, { ...person, address: 'short' })).toBe(AuthMessages.address);
    expect(verdict(RegisterBodySchema, { ...person, role: 'root' })).toBe(AuthMessages.role);
  });

  it('registration takes the language chosen on the form, optionally (en or sw)', () => {
    expect(RegisterBodySchema.parse({ ...person, language: 'sw' }).language).toBe('sw');
    expect(RegisterBodySchema.parse(person)).not.toHaveProperty('language', expect.anything());
    expect(RegisterBodySchema.parse({ ...person, language: null })).not.toHaveProperty('language', expect.anything());
    for (const language of ['fr', 'SW', '', 7]) expect(verdict(RegisterBodySchema, { ...person, language })).toBe(AuthMessages.language);
  });

  it('an admin’s registration may leave the address out (the service decides who may)', () => {
    const { address: _none, ...withoutAddress } = person;
    expect(RegisterBodySchema.parse({ ...withoutAddress, role: 'doctor', status: 'active' })).not.toHaveProperty('address', expect.anything());
  });

  it('login and reset hold the password to its length; profile changes to the registration rules', () => {
    expect(verdict(LoginBodySchema, { email: 'a@b.ke', password: '123' })).toBe(AuthMessages.password);
    expect(verdict(ResetPasswordBodySchema, { token: 'x'.repeat(101), newPassword: 'Secret#1' })).toBe('token must be shorter than or equal to 100 characters');
    expect(verdict(UpdateProfileBodySchema, { firstname: '' })).toBe('First name is required');
    expect(verdict(UpdateProfileBodySchema, { contact_phone: '07-12' })).toBe(AuthMessages.phone);
    expect(verdict(UpdateProfileBodySchema, { address: '   short    ' })).toBe(AuthMessages.address);
    expect(verdict(UpdateProfileBodySchema, { profile_picture_url: '' })).toBe('ok');
  });
});

describe('the admin user form', () => {
  const user = { firstname: 'Wanjiru', lastname: 'Kamau', email: 'wanjiru@example.co.ke' };
  it('takes the phone as contact_phone or phone, and needs one of them on create', () => {
    expect(verdict(CreateUserBodySchema, { ...user, phone: '0712345678' })).toBe('ok');
    expect(verdict(CreateUserBodySchema, { ...user, contact_phone: '0712345678', phone: 5 })).toBe('ok');
    expect(verdict(CreateUserBodySchema, user)).toBe(AuthMessages.phone);
    expect(verdict(UpdateUserBodySchema, { status: 'suspended' })).toBe('ok');
    expect(verdict(UpdateUserBodySchema, { phone: '07' })).toBe(AuthMessages.phone);
  });
  it('lists with any role or status when asked for all, one page of at most 1,000', () => {
    expect(ListUsersQuerySchema.parse({ role: 'all', page: '2' })).toEqual({ role: 'all', page: 2 });
    expect(verdict(ListUsersQuerySchema, { limit: '1001' })).toBe('limit must be from 1 to 1000');
  });
});
