import { AuthMessages, MIN_ADDRESS_LENGTH, MIN_PASSWORD_LENGTH, validName, validPhone } from '@afya/auth-service/contracts/catalog';
import type { FormRule } from 'antd';
import { translateMessage } from 'shell/i18n';

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

/** A field's check: its message when the value is not acceptable, else null. Plain functions, so the antd-free
 * sign-in and registration pages and the antd forms (as rules, below) say the same thing. */
export type Check = (value: unknown) => string | null;

export const checkMinLength =
  (n: number, message: string): Check =>
  (value) =>
    typeof value === 'string' && value.trim().length >= n ? null : message;

export const checkEmail: Check = (value) => (isValidEmail(value) ? null : MSG.email);
export const checkPassword = checkMinLength(MIN_PASSWORD_LENGTH, MSG.password);
/** Names: the server's rule (the contract's validName: counted once invisible direction marks are removed). */
export const checkFirstname: Check = (value) => (typeof value === 'string' && validName(value) ? null : MSG.firstname);
export const checkLastname: Check = (value) => (typeof value === 'string' && validName(value) ? null : MSG.lastname);
export const checkAddress = checkMinLength(MIN_ADDRESS_LENGTH, MSG.address);
/** Phone: at least 10 digits (spaces, dashes and a leading + allowed): the contract's validPhone. */
export const checkPhone: Check = (value) => (typeof value === 'string' && validPhone(value) ? null : MSG.phone);

/** A check as an antd Form rule (type-only import of antd: nothing of antd is loaded by this file). */
export function asRule(check: Check): FormRule {
  return {
    validator: (_rule, value) => {
      const problem = check(value);
      return problem ? Promise.reject(new Error(translateMessage(problem))) : Promise.resolve();
    },
  };
}

/** At least `n` characters (trimmed); an empty field shows the same message. */
export function minLength(n: number, message: string): FormRule {
  return asRule(checkMinLength(n, message));
}

export const emailRule: FormRule = asRule(checkEmail);
export const passwordRule: FormRule = asRule(checkPassword);
/** Phone: at least 10 digits (spaces, dashes and a leading + allowed). */
export const phoneRule: FormRule = asRule(checkPhone);
