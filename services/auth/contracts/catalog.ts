/**
 * Account rules and the messages a person reads (CONTRACT.md §5: login, registration, the admin user form,
 * the password change): the one place they are written. The contract's schemas (schemas.ts) and the web app's
 * forms read them. Pure data and plain functions: no imports, nothing computed when the module loads, so the
 * public sign-in and registration pages use it without loading zod.
 */
/** The languages a person may read Afya in (English is the default and the reference text). */
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_NAME_LENGTH = 2;
export const MIN_PHONE_LENGTH = 10;
export const MIN_ADDRESS_LENGTH = 10;
/** Largest profile picture accepted (CONTRACT.md §10.5): 2 MiB. */
export const MAX_PICTURE_BYTES = 2_097_152;
/** A reset link or code is valid this long, once. */
export const PASSWORD_RESET_MINUTES = 30;
/** Wrong SMS codes tried before the code stops working. */
export const PASSWORD_RESET_CODE_ATTEMPTS = 5;

export const AuthMessages = {
  email: 'Please enter a valid email',
  password: 'Password must be at least 6 characters',
  firstname: 'First name must be at least 2 characters',
  lastname: 'Last name must be at least 2 characters',
  phone: 'Phone number must be at least 10 digits',
  address: 'Address must be at least 10 characters',
  role: 'Role must be one of user, doctor, admin',
  status: 'Status must be one of active, inactive, suspended',
  language: 'Language must be one of en, sw',
  /** Single-line fields (names, phone, address) refuse line breaks and every other control character. */
  firstnameOneLine: 'First name must be one line of text, without line breaks or control characters',
  lastnameOneLine: 'Last name must be one line of text, without line breaks or control characters',
  phoneOneLine: 'Phone number must be one line of text, without line breaks or control characters',
  addressOneLine: 'Address must be one line of text, without line breaks or control characters',
  /** Names refuse `<` and `>` (no one's name has them). */
  firstnameMarkup: 'First name cannot contain < or >',
  lastnameMarkup: 'Last name cannot contain < or >',
  /** The registration form's confirm field (checked in the browser; confirmPassword is never sent). */
  passwordsDontMatch: "Passwords don't match",
  /** The profile dialog's password change (checked in the browser; no request is sent). */
  passwordsDoNotMatch: 'Passwords do not match',
  /** Forgot password: the one reply, whether or not an account matches. */
  resetSent: 'If an account matches, we have sent instructions to reset its password. The link or code is valid for 30 minutes.',
  resetNeedsEmailOrPhone: 'Please enter your email address or phone number',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  resetCodeInvalid: 'The code is wrong or has expired. Please check it or ask for a new one.',
  resetDone: 'Your password has been reset. Please sign in with your new password.',
} as const;

export const ErasureMessages = {
  requested: 'Your erasure request has been sent. An administrator will review it.',
  alreadyPending: 'You already have an erasure request waiting for review.',
  approved: 'The account has been erased.',
  rejected: 'The erasure request has been rejected.',
  notFound: 'Erasure request not found',
  notPending: 'This erasure request has already been decided.',
  decision: 'decision must be approve or reject',
  reasonTooLong: 'The reason must be at most 500 characters.',
  adminsCannotAsk: 'An administrator account is closed by another administrator, not by an erasure request.',
} as const;

// ---- The account rules as plain functions: the schemas (schemas.ts) and the web forms both use them ----

/**
 * Bidirectional controls (LRE/RLE/PDF/LRO/RLO, LRI/RLI/FSI/PDI, LRM/RLM, ALM): invisible, and able to make a
 * name read differently from what it is ("Trojan Source" reordering in lists, receipts and audit views).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** A person's name as stored: bidi controls removed, outer whitespace trimmed. */
export function cleanName(name: string): string {
  return name.replace(BIDI_CONTROLS, '').trim();
}
/** Names count non-blank characters once cleaned. */
export function validName(name: string): boolean {
  return cleanName(name).length >= MIN_NAME_LENGTH;
}
/** Phones count digits (+254 7.. and 07.. both pass). */
export function validPhone(phone: string): boolean {
  return phone.replace(/\D/g, '').length >= MIN_PHONE_LENGTH;
}
