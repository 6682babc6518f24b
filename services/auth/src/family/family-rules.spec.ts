import {
  ageOn,
  AcceptInvitationBodySchema,
  AddDependantBodySchema,
  dependantBirthProblem,
  FamilyMessages,
  grantProblem,
  invitationLimitProblem,
  InviteBodySchema,
  isCalendarDate,
  linkGrants,
  linkStatusOn,
  majorityDay,
  nairobiDay,
  normalizePhone,
  scopesProblem,
} from '../../contracts';
import { splitFullName } from './family.service';

describe('family rules (issue 36)', () => {
  describe('age and the 18th birthday, in Africa/Nairobi', () => {
    it('the clinic day of an instant is Nairobi’s (UTC+3): 20:59:59Z is still the day, 21:00Z the next', () => {
      expect(nairobiDay(new Date('2030-06-14T20:59:59.999Z'))).toBe('2030-06-14');
      expect(nairobiDay(new Date('2030-06-14T21:00:00Z'))).toBe('2030-06-15');
    });

    it('a child is 17 the day before their 18th birthday and 18 on the day', () => {
      expect(ageOn('2012-06-15', '2030-06-14')).toBe(17);
      expect(ageOn('2012-06-15', '2030-06-15')).toBe(18);
      expect(ageOn('2012-06-15', '2030-06-16')).toBe(18);
      expect(majorityDay('2012-06-15')).toBe('2030-06-15');
    });

    it('someone born on 29 February turns 18 on 1 March (18 years after a leap day is never a leap year)', () => {
      expect(ageOn('2012-02-29', '2030-02-28')).toBe(17);
      expect(ageOn('2012-02-29', '2030-03-01')).toBe(18);
      expect(majorityDay('2012-02-29')).toBe('2030-03-01');
      expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
      expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
      // Their other birthdays in leap years fall on the day itself.
      expect(ageOn('2012-02-29', '2016-02-28')).toBe(3);
      expect(ageOn('2012-02-29', '2016-02-29')).toBe(4);
      // A 28 February birthday stays on the 28th.
      expect(ageOn('2012-02-28', '2030-02-28')).toBe(18);
    });

    it('a child’s date of birth: a real date, not in the future, under 18 that day', () => {
      const today = '2030-06-14';
      expect(dependantBirthProblem('2012-06-15', today)).toBeNull();
      expect(dependantBirthProblem('2012-06-14', today)).toBe(FamilyMessages.adult);
      expect(dependantBirthProblem('1990-01-01', today)).toBe(FamilyMessages.adult);
      expect(dependantBirthProblem('2030-06-14', today)).toBeNull(); // born today
      expect(dependantBirthProblem('2030-06-15', today)).toBe(FamilyMessages.dateOfBirthFuture);
      expect(dependantBirthProblem('2025-02-29', today)).toBe(FamilyMessages.dateOfBirth);
      expect(dependantBirthProblem('14/06/2020', today)).toBe(FamilyMessages.dateOfBirth);
      expect(isCalendarDate('2024-02-29')).toBe(true);
      expect(isCalendarDate('2024-13-01')).toBe(false);
    });
  });

  describe('links', () => {
    const child = { kind: 'dependant' as const, status: 'active' as const, scopes: ['book', 'reminders', 'records'], dateOfBirth: '2012-06-15' };
    const adult = { kind: 'linked_adult' as const, status: 'active' as const, scopes: ['book'] };

    it('a child’s link grants every scope until the day they turn 18, then nothing ("Turned 18")', () => {
      expect(linkGrants(child, 'records', '2030-06-14')).toBe(true);
      expect(linkGrants(child, 'book', '2030-06-14')).toBe(true);
      expect(linkGrants(child, 'records', '2030-06-15')).toBe(false);
      expect(linkGrants(child, 'book', '2030-06-15')).toBe(false);
      expect(linkStatusOn(child, '2030-06-14')).toEqual({ status: 'active' });
      expect(linkStatusOn(child, '2030-06-15')).toEqual({ status: 'ended', ended_reason: 'turned_18' });
    });

    it('a linked adult’s link grants only the scopes they granted', () => {
      expect(linkGrants(adult, 'book', '2030-06-14')).toBe(true);
      expect(linkGrants(adult, 'records', '2030-06-14')).toBe(false);
      expect(linkGrants(adult, 'reminders', '2030-06-14')).toBe(false);
    });

    it('a pending, declined or ended link grants nothing', () => {
      for (const status of ['pending', 'declined', 'ended'] as const) {
        expect(linkGrants({ ...adult, status, scopes: ['book', 'records'] }, 'book', '2030-06-14')).toBe(false);
        expect(linkGrants({ ...child, status }, 'records', '2030-06-14')).toBe(false);
      }
      expect(linkStatusOn({ ...adult, status: 'declined' }, '2030-06-14')).toEqual({ status: 'ended', ended_reason: 'declined' });
      expect(linkStatusOn({ ...adult, status: 'ended', endedReason: 'ended_by_member' }, '2030-06-14')).toEqual({ status: 'ended', ended_reason: 'ended_by_member' });
    });
  });

  describe('scopes', () => {
    it('each scope from the list, at least one', () => {
      expect(scopesProblem(['book'])).toBeNull();
      expect(scopesProblem(['book', 'reminders', 'records'])).toBeNull();
      expect(scopesProblem([])).toBe(FamilyMessages.scopesEmpty);
      expect(scopesProblem(['admin'])).toBe(FamilyMessages.scopes);
      expect(scopesProblem('book')).toBe(FamilyMessages.scopes);
      expect(scopesProblem([1])).toBe(FamilyMessages.scopes);
    });

    it('an invitation’s scopes arrive in the list’s order, once each; a scope outside the list is a 400 message', () => {
      const parsed = InviteBodySchema.safeParse({ phone: '0712345678', relationship: 'child', scopes: ['records', 'book', 'records'] });
      expect(parsed.success && parsed.data.scopes).toEqual(['book', 'records']);
      const bad = InviteBodySchema.safeParse({ phone: '0712345678', relationship: 'child', scopes: ['book', 'everything'] });
      expect(bad.success).toBe(false);
      expect(bad.error?.issues[0].message).toBe(FamilyMessages.scopes);
    });

    it('accepting grants some or all of what was asked, never more', () => {
      expect(grantProblem(['book', 'records'], ['book'])).toBeNull();
      expect(grantProblem(['book', 'records'], ['book', 'records'])).toBeNull();
      expect(grantProblem(['book'], ['book', 'records'])).toBe(FamilyMessages.scopesNotAsked);
      expect(grantProblem(['book'], [])).toBe(FamilyMessages.scopesEmpty);
      expect(AcceptInvitationBodySchema.safeParse({ scopes: ['book'] }).success).toBe(true);
    });
  });

  describe('adding a child', () => {
    const valid = { full_name: 'Baraka Otieno', date_of_birth: '2019-04-02', relationship: 'mother', consent: true };

    it('needs the consent tick (true), a name, a real date and a listed relationship', () => {
      expect(AddDependantBodySchema.safeParse(valid).success).toBe(true);
      const message = (body: object) => AddDependantBodySchema.safeParse(body).error?.issues[0].message;
      expect(message({ ...valid, consent: false })).toBe(FamilyMessages.consent);
      expect(message({ ...valid, consent: undefined })).toBe(FamilyMessages.consent);
      expect(message({ ...valid, consent: 'yes' })).toBe(FamilyMessages.consent);
      expect(message({ ...valid, full_name: 'B' })).toBe(FamilyMessages.fullName);
      expect(message({ ...valid, full_name: 'Baraka\nOtieno' })).toBe(FamilyMessages.fullNameOneLine);
      expect(message({ ...valid, date_of_birth: '2019-02-30' })).toBe(FamilyMessages.dateOfBirth);
      expect(message({ ...valid, relationship: 'aunt' })).toBe(FamilyMessages.relationship);
    });

    it('splits a full name into the account’s two parts', () => {
      expect(splitFullName('  Amina Wanjiru Otieno ')).toEqual({ firstname: 'Amina', lastname: 'Wanjiru Otieno' });
      expect(splitFullName('Baraka')).toEqual({ firstname: 'Baraka', lastname: '' });
    });
  });

  describe('invitations', () => {
    it('phones compare as Kenyan numbers whatever way they are written', () => {
      expect(normalizePhone('0712 345 678')).toBe('254712345678');
      expect(normalizePhone('+254 712 345 678')).toBe('254712345678');
      expect(normalizePhone('712345678')).toBe('254712345678');
      expect(normalizePhone('0112345678')).toBe('254112345678');
    });

    it('at most 10 waiting for an answer and 20 sent a day', () => {
      expect(invitationLimitProblem(9, 19)).toBeNull();
      expect(invitationLimitProblem(10, 0)).toBe(FamilyMessages.tooManyPending);
      expect(invitationLimitProblem(0, 20)).toBe(FamilyMessages.tooManyToday);
    });
  });
});
