import { JoinWaitlistSchema, WAITLIST_HOLD_MINUTES, WaitlistMessages } from '../../contracts';
import { claimRefusal, holdBlocks, holdExpiry, isLapsed, type LineEntry, nextInLine } from './waitlist.rules';

const entry = (entry_id: number, over: Partial<LineEntry> = {}): LineEntry => ({
  entry_id,
  user_id: 100 + entry_id,
  date_from: '2026-12-01',
  date_to: '2026-12-07',
  status: 'waiting',
  joined_at: new Date(`2026-11-20T08:00:0${entry_id}Z`),
  offered_this_slot: false,
  ...over,
});

describe('the waitlist order', () => {
  it('offers a freed slot to whoever joined first, whatever order the rows come in', () => {
    const line = [entry(3), entry(1), entry(2)];
    expect(nextInLine(line, '2026-12-03')?.entry_id).toBe(1);
  });

  it('breaks a tie in joining time by the entry number', () => {
    const same = new Date('2026-11-20T08:00:00Z');
    expect(nextInLine([entry(9, { joined_at: same }), entry(4, { joined_at: same })], '2026-12-03')?.entry_id).toBe(4);
  });

  it('skips entries whose range does not hold the slot’s date (both ends included)', () => {
    const line = [entry(1, { date_from: '2026-12-05', date_to: '2026-12-09' }), entry(2, { date_to: '2026-12-03' })];
    expect(nextInLine(line, '2026-12-03')?.entry_id).toBe(2);
    expect(nextInLine(line, '2026-12-05')?.entry_id).toBe(1);
    expect(nextInLine(line, '2026-12-10')).toBeNull();
    expect(nextInLine([entry(1)], '2026-12-01')?.entry_id).toBe(1);
    expect(nextInLine([entry(1)], '2026-12-07')?.entry_id).toBe(1);
  });

  it('skips entries holding an offer or done, the patient who freed the slot, and anyone this slot was offered to before', () => {
    const line = [entry(1, { status: 'offered' }), entry(2, { status: 'left' }), entry(3, { status: 'booked' }), entry(4, { offered_this_slot: true }), entry(5), entry(6)];
    expect(nextInLine(line, '2026-12-03')?.entry_id).toBe(5);
    expect(nextInLine(line, '2026-12-03', 105)?.entry_id).toBe(6);
    expect(nextInLine(line.slice(0, 5), '2026-12-03', 105)).toBeNull();
  });
});

describe('the hold', () => {
  const offeredAt = new Date('2026-11-28T10:00:00Z');
  const held = { user_id: 7, status: 'held', expires_at: holdExpiry(offeredAt) };

  it(`lasts ${WAITLIST_HOLD_MINUTES} minutes`, () => {
    expect(WAITLIST_HOLD_MINUTES).toBe(15);
    expect(held.expires_at.toISOString()).toBe('2026-11-28T10:15:00.000Z');
  });

  it('blocks everybody but the patient it is held for, until it is settled', () => {
    expect(holdBlocks(held, 8)).toBe(true);
    expect(holdBlocks(held, 7)).toBe(false);
    expect(holdBlocks({ ...held, status: 'expired' }, 8)).toBe(false);
    expect(holdBlocks(null, 8)).toBe(false);
  });

  it('is claimed only by its patient, while held and before its time runs out', () => {
    const before = new Date('2026-11-28T10:14:59Z');
    expect(claimRefusal(held, 7, before)).toBeNull();
    expect(claimRefusal(held, 8, before)).toEqual({ status: 404, message: WaitlistMessages.offerNotFound });
    expect(claimRefusal(null, 7, before)).toEqual({ status: 404, message: WaitlistMessages.offerNotFound });
    expect(claimRefusal(held, 7, new Date('2026-11-28T10:15:00Z'))).toEqual({ status: 409, message: WaitlistMessages.offerExpired });
    expect(claimRefusal({ ...held, status: 'claimed' }, 7, before)).toEqual({ status: 409, message: WaitlistMessages.offerClaimed });
    expect(claimRefusal({ ...held, status: 'expired' }, 7, before)).toEqual({ status: 409, message: WaitlistMessages.offerExpired });
    expect(claimRefusal({ ...held, status: 'declined' }, 7, before)).toEqual({ status: 409, message: WaitlistMessages.offerGone });
  });

  it('lapses (passes on) only when still held and its time is up', () => {
    expect(isLapsed(held, new Date('2026-11-28T10:14:59Z'))).toBe(false);
    expect(isLapsed(held, new Date('2026-11-28T10:15:00Z'))).toBe(true);
    expect(isLapsed({ ...held, status: 'claimed' }, new Date('2026-11-28T11:00:00Z'))).toBe(false);
  });
});

describe('joining: the request shape', () => {
  const valid = { doctor_id: 3, date_from: '2026-12-01', date_to: '2026-12-05', appointment_type: 'Consultation', notes: 'Persistent headaches' };
  const firstMessage = (body: unknown) => {
    const result = JoinWaitlistSchema.safeParse(body);
    return result.success ? null : result.error.issues[0].message;
  };

  it('accepts a doctor, a range in order, a type and a reason (trimmed)', () => {
    expect(JoinWaitlistSchema.parse({ ...valid, notes: '  Persistent headaches  ' }).notes).toBe('Persistent headaches');
    expect(firstMessage({ ...valid, date_to: valid.date_from })).toBeNull();
  });

  it('refuses what is missing or wrong with the booking form’s own messages', () => {
    expect(firstMessage({ ...valid, doctor_id: '3' })).toBe('Please select a doctor');
    expect(firstMessage({ ...valid, doctor_id: 0 })).toBe('Please select a doctor');
    expect(firstMessage({ ...valid, appointment_type: 'Massage' })).toBe('Please select appointment type');
    expect(firstMessage({ ...valid, notes: 'short' })).toBe('Please provide a reason (at least 10 characters)');
    expect(firstMessage({ ...valid, date_from: 'tomorrow' })).toBe(WaitlistMessages.range);
    expect(firstMessage({ ...valid, date_to: undefined })).toBe(WaitlistMessages.range);
    expect(firstMessage({ ...valid, date_from: '2026-12-06' })).toBe(WaitlistMessages.rangeOrder);
    expect(firstMessage(null)).not.toBeNull();
  });
});
