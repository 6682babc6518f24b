import { checkMpesaPhone, PAYMENT_MESSAGES } from '../../contracts/catalog';
import { returnOrigins } from '../payment.config';
import {
  appointmentStart,
  callbackItems,
  cancellationRefundable,
  chargedAmount,
  darajaTimestamp,
  kesToCents,
  mpesaFailureReason,
  originOf,
  receiptRefusal,
  refusalToPay,
  resultParameters,
  returnBase,
  sameAmount,
  stkPassword,
} from './payment-rules';

describe('checkMpesaPhone: Safaricom numbers only (07xx and 011x ranges)', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['0110-123-456', '254110123456'],
    ['0115123456', '254115123456'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['(0722) 000 111', '254722000111'],
    ['0700000000', '254700000000'],
    ['0729999999', '254729999999'],
    ['0740123456', '254740123456'],
    ['0745123456', '254745123456'],
    ['0748123456', '254748123456'],
    ['0757123456', '254757123456'],
    ['0769123456', '254769123456'],
    ['0799123456', '254799123456'],
  ])('%s → %s', (input, expected) => expect(checkMpesaPhone(input)).toEqual({ ok: true, msisdn: expected, display: expect.stringMatching(/^0\d{3} \d{3} \d{3}$/) }));

  it('shows the number back in the local form', () => expect(checkMpesaPhone('+254 110 123 456')).toMatchObject({ display: '0110 123 456' }));

  it.each([
    ['0733123456', 'Airtel'],
    ['+254733123456', 'Airtel'],
    ['0730000000', 'Airtel'],
    ['0750123456', 'Airtel'],
    ['0756123456', 'Airtel'],
    ['0785123456', 'Airtel'],
    ['0100123456', 'Airtel 010x'],
    ['0102123456', 'Airtel 010x'],
    ['0771123456', 'Telkom'],
    ['0747123456', 'not Safaricom'],
    ['0762123456', 'not Safaricom'],
  ])('refuses %s (%s) with the Safaricom message', (input) => expect(checkMpesaPhone(input)).toEqual({ ok: false, message: PAYMENT_MESSAGES.notSafaricom }));

  it.each(['0812345678', '071234567', '07123456789', '+25571234567', '25471234567', 'abc', '', '+1 415 555 0100'])('refuses %s as not a phone number', (input) =>
    expect(checkMpesaPhone(input)).toEqual({ ok: false, message: PAYMENT_MESSAGES.invalidPhone }),
  );
  it('refuses non-strings', () => expect(checkMpesaPhone(712345678)).toEqual({ ok: false, message: PAYMENT_MESSAGES.invalidPhone }));
});

describe('amounts', () => {
  it('sends KES to Stripe in cents', () => {
    expect(kesToCents(1500)).toBe(150000);
    expect(kesToCents(150.5)).toBe(15050);
    expect(kesToCents(0.1 + 0.2)).toBe(30);
  });
  it('compares amounts to the cent', () => {
    expect(sameAmount(150, 150.0)).toBe(true);
    expect(sameAmount(150, 150.01)).toBe(false);
  });
});

describe('refusalToPay (CONTRACT.md §4)', () => {
  it('allows Pending and Confirmed unpaid appointments with an amount', () => {
    expect(refusalToPay({ appointment_status: 'Pending', paid: false, total_amount: 150 })).toBeNull();
    expect(refusalToPay({ appointment_status: 'Confirmed', paid: false, total_amount: 150 })).toBeNull();
  });
  it('refuses paid, Completed, Cancelled and zero-amount appointments', () => {
    expect(refusalToPay({ appointment_status: 'Pending', paid: true, total_amount: 150 })).toBe('This appointment is already paid');
    expect(refusalToPay({ appointment_status: 'Completed', paid: false, total_amount: 150 })).toMatch(/pending or confirmed/);
    expect(refusalToPay({ appointment_status: 'Cancelled', paid: false, total_amount: 150 })).toMatch(/pending or confirmed/);
    expect(refusalToPay({ appointment_status: 'Pending', paid: false, total_amount: 0 })).toBe('This appointment has no amount to pay');
  });
});

describe('Daraja', () => {
  it('timestamps in Africa/Nairobi (UTC+3)', () => {
    expect(darajaTimestamp(new Date('2026-11-22T22:30:05Z'))).toBe('20261123013005');
  });
  it('password = base64(shortcode + passkey + timestamp)', () => {
    expect(Buffer.from(stkPassword('174379', 'key', '20261123013005'), 'base64').toString()).toBe('174379key20261123013005');
  });
  it('reads result codes as readable reasons', () => {
    expect(mpesaFailureReason(1032)).toBe('The payment was cancelled on the phone.');
    expect(mpesaFailureReason('1037')).toMatch(/could not be reached/);
    expect(mpesaFailureReason('2001')).toMatch(/PIN/);
    expect(mpesaFailureReason('9999', 'Odd')).toBe('M-Pesa did not complete the payment: Odd');
  });
  it('reads callback metadata by name, ignoring junk', () => {
    expect(callbackItems([{ Name: 'Amount', Value: 150 }, { Name: 'Balance' }, null, 'x', { Name: 'MpesaReceiptNumber', Value: 'ABC' }])).toEqual({
      Amount: 150,
      Balance: undefined,
      MpesaReceiptNumber: 'ABC',
    });
    expect(callbackItems(undefined)).toEqual({});
  });
});

describe('automatic refunds', () => {
  const start = appointmentStart('2026-12-01', '02:30 PM')!;
  it('reads the clinic start in Nairobi time', () => {
    expect(start.toISOString()).toBe('2026-12-01T11:30:00.000Z');
    expect(appointmentStart('2026-12-01', '09:00 AM')!.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(appointmentStart('bad', '09:00 AM')).toBeNull();
  });
  it('refunds a cancellation at least 24 hours ahead, not later', () => {
    expect(cancellationRefundable(start, new Date('2026-11-30T11:30:00Z'))).toBe(true);
    expect(cancellationRefundable(start, new Date('2026-11-30T11:30:01Z'))).toBe(false);
    expect(cancellationRefundable(null, new Date())).toBe(false);
  });
});

describe('receiptRefusal (a claimed M-Pesa receipt against M-Pesa\'s Transaction Status result)', () => {
  const parameters = resultParameters({
    ResultParameter: [
      { Key: 'DebitPartyName', Value: '254712345678 - Jane Doe' },
      { Key: 'TransactionStatus', Value: 'Completed' },
      { Key: 'Amount', Value: 1501 },
      { Key: 'ReceiptNo', Value: 'SBXAB12CD34' },
    ],
  });
  const expected = { receipt: 'SBXAB12CD34', amount: 1500.5, phone: '254712345678' };

  it('confirms the same receipt, completed, for the amount in whole shillings, from the phone we pushed to', () => {
    expect(receiptRefusal({ resultCode: 0, parameters }, expected)).toBeNull();
    expect(receiptRefusal({ resultCode: '0', parameters }, expected)).toBeNull();
  });

  it.each([
    [{ resultCode: 'R000001', parameters }, expected, /does not know it/],
    [{ resultCode: 0, parameters: { ...parameters, ReceiptNo: 'FAKE0001' } }, expected, /another receipt/],
    [{ resultCode: 0, parameters: { ...parameters, TransactionStatus: 'Reversed' } }, expected, /Reversed/],
    [{ resultCode: 0, parameters: { ...parameters, Amount: 1 } }, expected, /Ksh 1, not Ksh 1501/],
    [{ resultCode: 0, parameters }, { ...expected, phone: '254700000000' }, /another phone/],
    [{ resultCode: 0, parameters }, { ...expected, phone: null }, /another phone/],
  ])('refuses %#', (evidence, wanted, reason) => {
    expect(receiptRefusal(evidence, wanted)).toMatch(reason);
  });

  it('reads a single parameter object as well as a list, and nothing from junk', () => {
    expect(resultParameters({ ResultParameter: { Key: 'ReceiptNo', Value: 'X1' } })).toEqual({ ReceiptNo: 'X1' });
    expect(resultParameters(null)).toEqual({});
    expect(resultParameters({ ResultParameter: [{ Key: 'A', Value: { nested: true } }, 'x'] })).toEqual({ A: undefined });
  });
});

describe('what a new payment charges and where it returns', () => {
  it("charges the appointment's amount; a differing request amount is reported, not refused", () => {
    expect(chargedAmount(1500, 1500)).toEqual({ amount: 1500 });
    expect(chargedAmount(1500, 1500.001)).toEqual({ amount: 1500 });
    expect(chargedAmount(1500, 150)).toEqual({ amount: 1500, requested_amount: 150 });
    expect(chargedAmount(1500, undefined)).toEqual({ amount: 1500 });
    expect(chargedAmount(1500, Number.NaN)).toEqual({ amount: 1500 });
  });

  it('returns to the Origin of the request only when it is allowed, else to the platform', () => {
    const allowed = returnOrigins('https://clinic.example.co.ke, http://localhost:5173, not a url', 'https://afya.example/app/');
    expect(allowed).toEqual(['https://afya.example', 'https://clinic.example.co.ke', 'http://localhost:5173']);
    expect(returnBase('https://clinic.example.co.ke', allowed, 'https://afya.example')).toBe('https://clinic.example.co.ke');
    expect(returnBase('http://localhost:5173', allowed, 'https://afya.example')).toBe('http://localhost:5173');
    expect(returnBase('https://evil.example', allowed, 'https://afya.example')).toBe('https://afya.example');
    expect(returnBase('https://clinic.example.co.ke.evil.example', allowed, 'https://afya.example')).toBe('https://afya.example');
    expect(returnBase(undefined, allowed, 'https://afya.example')).toBe('https://afya.example');
    expect(returnBase('null', allowed, 'https://afya.example')).toBe('https://afya.example');
    expect(returnBase('javascript:alert(1)', allowed, 'https://afya.example')).toBe('https://afya.example');
    // The default allow-list is the platform's own origin.
    expect(returnOrigins('', 'http://localhost:3000')).toEqual(['http://localhost:3000']);
    expect(originOf('https://a.example:8443/x?y')).toBe('https://a.example:8443');
  });
});
