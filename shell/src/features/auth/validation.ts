import type { FormRule } from 'antd';

/** Validation messages exactly as SPEC.md section 5. */
export const MSG = {
  email: 'Please enter a valid email',
  password: 'Password must be at least 6 characters',
  firstname: 'First name must be at least 2 characters',
  lastname: 'Last name must be at least 2 characters',
  passwordsDontMatch: "Passwords don't match",
  phone: 'Phone number must be at least 10 digits',
  address: 'Address must be at least 10 characters',
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

export const passwordRule = minLength(6, MSG.password);

/** Phone: at least 10 digits (spaces, dashes and a leading + allowed). */
export const phoneRule: FormRule = {
  validator: (_r, value) =>
    typeof value === 'string' && value.replace(/\D/g, '').length >= 10 ? Promise.resolve() : Promise.reject(new Error(MSG.phone)),
};
