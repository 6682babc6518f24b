import {
  appointmentStart,
  callbackItems,
  cancellationRefundable,
  darajaTimestamp,
  kesToCents,
  mpesaFailureReason,
  normalizeKenyanPhone,
  refusalToPay,
  sameAmount,
  stkPassword,
} from './payment-rules';

describe('normalizeKenyanPhone', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['0110-123-456', '254110123456'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['(0722) 000 111', '254722000111'],
  ])('%s → %s', (input, expected) => expect(normalizeKenyanPhone(input)).toBe(expected));

  it.each(['0812345678', '071234567', '07123456789', '+25571234567', '25471234567', 'abc', '', '+1 415 555 0100'])('refuses %s', (input) =>
    expect(normalizeKenyanPhone(input)).toBeNull(),
  );
  it('refuses non-strings', () => expect(normalizeKenyanPhone(712345678)).toBeNull());
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
