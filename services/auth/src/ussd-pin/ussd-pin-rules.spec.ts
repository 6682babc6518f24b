import { afterWrongUssdPin, isGuessableUssdPin, isUssdPinFormat, UssdPinBodySchema, UssdPinMessages, USSD_LOCK_MINUTES, USSD_PIN_MAX_TRIES, ussdLocked } from '../../contracts';

const now = new Date('2026-12-07T09:00:00.000Z');

describe('the USSD PIN lockout', () => {
  it('counts wrong PINs; the third in a row locks USSD for 15 minutes and starts the count over', () => {
    expect(USSD_PIN_MAX_TRIES).toBe(3);
    expect(afterWrongUssdPin(0, now)).toEqual({ failures: 1, lockedUntil: null, lockedNow: false });
    expect(afterWrongUssdPin(1, now)).toEqual({ failures: 2, lockedUntil: null, lockedNow: false });
    expect(afterWrongUssdPin(2, now)).toEqual({ failures: 0, lockedUntil: new Date('2026-12-07T09:15:00.000Z'), lockedNow: true });
    expect(USSD_LOCK_MINUTES).toBe(15);
  });

  it('is locked until the instant it names, not after', () => {
    const until = new Date(now.getTime() + USSD_LOCK_MINUTES * 60_000);
    expect(ussdLocked(null, now)).toBe(false);
    expect(ussdLocked(until, now)).toBe(true);
    expect(ussdLocked(until, new Date(until.getTime() - 1))).toBe(true);
    expect(ussdLocked(until, until)).toBe(false);
  });
});

describe('a USSD PIN', () => {
  it('is four digits', () => {
    expect(['4071', '0918'].every(isUssdPinFormat)).toBe(true);
    expect(['407', '40712', '40a1', ' 4071', ''].some(isUssdPinFormat)).toBe(false);
  });

  it('is not one digit repeated nor a run', () => {
    expect(['0000', '7777', '1234', '6789', '9876', '3210'].every(isGuessableUssdPin)).toBe(true);
    expect(['4071', '1235', '1122', '2468'].some(isGuessableUssdPin)).toBe(false);
  });

  it('is refused with the message for its fault', () => {
    expect(UssdPinBodySchema.safeParse({ pin: '4071' }).success).toBe(true);
    expect(UssdPinBodySchema.safeParse({ pin: '12' }).error?.issues[0].message).toBe(UssdPinMessages.pin);
    expect(UssdPinBodySchema.safeParse({ pin: 4071 }).error?.issues[0].message).toBe(UssdPinMessages.pin);
    expect(UssdPinBodySchema.safeParse({ pin: '1234' }).error?.issues[0].message).toBe(UssdPinMessages.tooEasy);
  });
});
