/**
 * Account rules and the messages a person reads (CONTRACT.md §5: login, registration, the admin user form,
 * the password change): the one place they are written. The gateway's DTOs read them, and so can the web
 * app's forms. Pure data: no imports, nothing computed when the module loads.
 */
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
