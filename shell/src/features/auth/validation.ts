import { AuthMessages, MIN_ADDRESS_LENGTH, MIN_NAME_LENGTH, MIN_PASSWORD_LENGTH, MIN_PHONE_LENGTH } from '@afya/auth-service/contracts/catalog';
import type { FormRule } from 'antd';

/**
 * Validation messages exactly as CONTRACT.md §5: the account ones are the auth contract's (the server
 * answers with the same words); the contact form's live here until a service owns contact messages.
 */
export const MSG = {
  email: AuthMessages.email,
  password: AuthMessages.password,
  firstname: AuthMessages.firstname,
  lastname: AuthMessages.lastname,
  passwordsDontMatch: AuthMessages.passwordsDontMatch,
  phone: AuthMessages.phone,
  address: AuthMessages.address,
  name: 'Name must be at least 2 characters',
  subject: 'Subject must be at least 5 characters',
  message: 'Message must be at least 10 characters',
} as const;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(v: unknown): boolean {
  return typeof v === 'string' && EMAIL_RE.test(v.trim());
}

/** At least `n` characters (trimmed); an empty field shows the same message. */
export function minLength(n: number, message: string): FormRule {
  return {
    validator: (_rule, value) =>
      typeof value === 'string' && value.trim().length >= n ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}

export const emailRule: FormRule = {
  validator: (_r, value) => (isValidEmail(value) ? Promise.resolve() : Promise.reject(new Error(MSG.email))),
};

export const passwordRule = minLength(MIN_PASSWORD_LENGTH, MSG.password);
export const firstnameRule = minLength(MIN_NAME_LENGTH, MSG.firstname);
export const lastnameRule = minLength(MIN_NAME_LENGTH, MSG.lastname);
export const addressRule = minLength(MIN_ADDRESS_LENGTH, MSG.address);

/** Phone: at least 10 digits (spaces, dashes and a leading + allowed). */
export const phoneRule: FormRule = {
  validator: (_r, value) =>
    typeof value === 'string' && value.replace(/\D/g, '').length >= MIN_PHONE_LENGTH ? Promise.resolve() : Promise.reject(new Error(MSG.phone)),
};
