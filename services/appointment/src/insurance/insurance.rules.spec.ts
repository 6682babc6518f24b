import { copayProblem, copaySplit, coverValidOn, coverWarnings, InsuranceRuleMessages, maskMemberNumber, normalMemberNumber } from '../../contracts';
import { coverSnapshot } from './cover-booking';
import { type CoverRow, toCover } from './covers.service';

describe('co-pay (issue 38)', () => {
  it('none: the payer is expected to pay the whole fee', () => {
    expect(copaySplit(2000, 'none', 0)).toEqual({ copay_amount: 0, cover_amount: 2000 });
    expect(copaySplit(2000, 'none', 700)).toEqual({ copay_amount: 0, cover_amount: 2000 });
  });

  it('fixed: the amount, never above the fee', () => {
    expect(copaySplit(2000, 'fixed', 500)).toEqual({ copay_amount: 500, cover_amount: 1500 });
    expect(copaySplit(2000, 'fixed', 2000)).toEqual({ copay_amount: 2000, cover_amount: 0 });
    expect(copaySplit(1500, 'fixed', 2000)).toEqual({ copay_amount: 1500, cover_amount: 0 });
  });

  it('percent: of the fee, rounded to whole shillings (half up), never above the fee', () => {
    expect(copaySplit(2000, 'percent', 20)).toEqual({ copay_amount: 400, cover_amount: 1600 });
    expect(copaySplit(1999, 'percent', 15)).toEqual({ copay_amount: 300, cover_amount: 1699 }); // 299.85
    expect(copaySplit(1001, 'percent', 50)).toEqual({ copay_amount: 501, cover_amount: 500 }); // 500.5
    expect(copaySplit(1250, 'percent', 100)).toEqual({ copay_amount: 1250, cover_amount: 0 });
    expect(copaySplit(1250, 'percent', 130)).toEqual({ copay_amount: 1250, cover_amount: 0 });
  });

  it('never negative, and a fee with cents counts in whole shillings', () => {
    expect(copaySplit(2000, 'fixed', -50)).toEqual({ copay_amount: 0, cover_amount: 2000 });
    expect(copaySplit(1999.6, 'fixed', 499.5)).toEqual({ copay_amount: 500, cover_amount: 1500 });
    expect(copaySplit(2000, 'percent', Number.NaN)).toEqual({ copay_amount: 0, cover_amount: 2000 });
  });

  it("a doctor's terms: negative, above 100% or a fixed amount above the fee are refused", () => {
    expect(copayProblem('fixed', -1, 2000)).toBe(InsuranceRuleMessages.copayNegative);
    expect(copayProblem('percent', 100.5, 2000)).toBe(InsuranceRuleMessages.copayPercent);
    expect(copayProblem('fixed', 2001, 2000)).toBe(InsuranceRuleMessages.copayAboveFee);
    expect(copayProblem('fixed', 2000, 2000)).toBeNull();
    expect(copayProblem('fixed', 5000, null)).toBeNull(); // no fee set: the booking's fee caps it
    expect(copayProblem('percent', 100, 2000)).toBeNull();
    expect(copayProblem('none', 0, 2000)).toBeNull();
  });
});

describe('the SHA number (issue 38)', () => {
  it('warns, never refuses, when an SHA number is not shaped like a CR number', () => {
    expect(coverWarnings('sha', 'CR0680969605010-6')).toEqual([]);
    expect(coverWarnings('sha', ' cr0680969605010-6 ')).toEqual([]);
    for (const odd of ['12345678', 'CR0680969605010', 'CR0680969605010-66', 'NHIF-1234567', 'CR12-3']) {
      expect([odd, coverWarnings('sha', odd)]).toEqual([odd, [InsuranceRuleMessages.crNumber]]);
    }
    expect(coverWarnings('private', '12345678')).toEqual([]);
  });

  it('keeps member numbers without spaces, in capitals, and masks all but the last 4', () => {
    expect(normalMemberNumber(' cr 0680969605010-6 ')).toBe('CR0680969605010-6');
    expect(maskMemberNumber('CR0680969605010-6')).toBe('*************10-6');
    expect(maskMemberNumber('AB1')).toBe('AB1');
    expect(maskMemberNumber(null)).toBe('');
  });

  it('a cover is valid up to and including its last day; without one, always', () => {
    expect(coverValidOn('2026-12-10', '2026-12-10')).toBe(true);
    expect(coverValidOn('2026-12-10', '2026-12-11')).toBe(false);
    expect(coverValidOn(null, '2030-01-01')).toBe(true);
  });
});

describe('the cover snapshot (issue 38)', () => {
  const cover: CoverRow = {
    cover_id: 7,
    user_id: 42,
    payer_id: 1,
    payer_code: 'SHA',
    payer_name: 'Social Health Authority (SHA)',
    payer_kind: 'sha',
    payer_retired: false,
    member_number: 'CR0680969605010-6',
    scheme: 'SHIF',
    relationship: 'child',
    principal_name: 'Wanjiru Kamau',
    principal_member_number: 'CR0000000000001-1',
    valid_until: '2027-06-30',
    priority: 'primary',
    created_at: new Date('2026-12-01T08:00:00Z'),
    updated_at: new Date('2026-12-01T08:00:00Z'),
  };

  it('copies every field of the cover and splits the fee by the terms', () => {
    const snapshot = coverSnapshot(cover, { copay_kind: 'fixed', copay_value: 500 }, 2000);
    expect(snapshot).toEqual({ cover, fee: 2000, copay_kind: 'fixed', copay_value: 500, copay_amount: 500, cover_amount: 1500 });
  });

  it('is a copy: changing the cover afterwards does not reach it', () => {
    const live = { ...cover };
    const snapshot = coverSnapshot(live, { copay_kind: 'percent', copay_value: 25 }, 1800);
    live.member_number = 'CR9999999999999-9';
    live.valid_until = null;
    expect(snapshot.cover).toMatchObject({ member_number: 'CR0680969605010-6', valid_until: '2027-06-30' });
    expect(snapshot).toMatchObject({ copay_amount: 450, cover_amount: 1350 });
  });

  it("a cover's reply carries its payer and its warnings", () => {
    expect(toCover({ ...cover, member_number: 'NHIF-1' })).toMatchObject({ payer: { code: 'SHA', kind: 'sha' }, warnings: [InsuranceRuleMessages.crNumber], created_at: '2026-12-01T08:00:00.000Z' });
  });
});
