/**
 * The USSD PIN (issue 42): what a patient types after dialling Afya's USSD code, since the network gives their phone
 * number but nothing proves the handset is still theirs. Plain data and pure functions (no imports), so the auth
 * service, the gateway's USSD menu and the profile page read the same rules.
 */

/** Four digits, typed on a keypad. */
export const USSD_PIN_LENGTH = 4;
/** Wrong PINs in a row that lock USSD for the account... */
export const USSD_PIN_MAX_TRIES = 3;
/** ...for this long; the patient gets an SMS saying so. */
export const USSD_LOCK_MINUTES = 15;

export const UssdPinMessages = {
  pin: `The USSD PIN must be ${USSD_PIN_LENGTH} digits`,
  tooEasy: 'Choose a PIN that is not one digit repeated or a run like 1234',
  saved: 'USSD PIN saved.',
  removed: 'USSD PIN removed.',
} as const;

export function isUssdPinFormat(pin: string): boolean {
  return new RegExp(`^\\d{${USSD_PIN_LENGTH}}$`).test(pin);
}

/** 0000, 7777, 1234, 9876: the first PINs anyone holding the phone would try. */
export function isGuessableUssdPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - digits[i]));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]);
}

/** The account's PIN counters after one wrong PIN at `now`: a third wrong try in a row locks it and starts over. */
export function afterWrongUssdPin(failuresBefore: number, now: Date): { failures: number; lockedUntil: Date | null; lockedNow: boolean } {
  const failures = failuresBefore + 1;
  if (failures < USSD_PIN_MAX_TRIES) return { failures, lockedUntil: null, lockedNow: false };
  return { failures: 0, lockedUntil: new Date(now.getTime() + USSD_LOCK_MINUTES * 60_000), lockedNow: true };
}

export function ussdLocked(lockedUntil: Date | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil.getTime() > now.getTime();
}

/** What auth answers the gateway's USSD menu about a phone (and a PIN when one was typed). */
export type UssdSignInStatus = 'unknown' | 'no_pin' | 'locked' | 'ready' | 'wrong_pin' | 'ok';
