import { CARE_WINDOW_DEFAULTS, careWindowOf, careWindowsFromEnv, hasCareRelationship, patientsInCareAmong } from '../../contracts';

const DAY = 86_400_000;
const visitAt = new Date('2026-12-10T06:00:00Z'); // 09:00 AM in Nairobi
const at = (offsetDays: number) => new Date(visitAt.getTime() + offsetDays * DAY);
const visit = (appointment_status: string, starts_at: Date = visitAt) => ({ appointment_status, starts_at });

describe('care relationship (issue 22 item 4)', () => {
  it('a Pending (unpaid) or Cancelled booking gives no access, even on the day of the visit', () => {
    for (const status of ['Pending', 'Cancelled']) {
      expect(careWindowOf(visit(status))).toBeNull();
      expect(hasCareRelationship([visit(status)], at(0))).toBe(false);
      expect(hasCareRelationship([visit(status)], at(-1))).toBe(false);
    }
  });

  it('a Confirmed visit opens access 7 days before it, through the visit, and closes a day after its start', () => {
    const confirmed = [visit('Confirmed')];
    expect(hasCareRelationship(confirmed, at(-8))).toBe(false);
    expect(hasCareRelationship(confirmed, at(-7))).toBe(true);
    expect(hasCareRelationship(confirmed, at(0))).toBe(true);
    expect(hasCareRelationship(confirmed, new Date(visitAt.getTime() + 23 * 3_600_000))).toBe(true);
    expect(hasCareRelationship(confirmed, at(2))).toBe(false);
  });

  it('a Completed visit keeps access for 90 days after it, then none', () => {
    const completed = [visit('Completed')];
    expect(hasCareRelationship(completed, at(-7.5))).toBe(false);
    expect(hasCareRelationship(completed, at(-7))).toBe(true);
    expect(hasCareRelationship(completed, at(45))).toBe(true);
    expect(hasCareRelationship(completed, at(90))).toBe(true);
    expect(hasCareRelationship(completed, at(90.01))).toBe(false);
  });

  it('the last completed visit counts: an old one expired, a recent one still open', () => {
    const visits = [visit('Completed', at(-200)), visit('Cancelled', at(-10)), visit('Completed', at(-30))];
    expect(hasCareRelationship(visits, at(0))).toBe(true);
    expect(hasCareRelationship([visits[0], visits[1]], at(0))).toBe(false);
  });

  it('no visits, or a visit without a usable start, give nothing', () => {
    expect(hasCareRelationship([], at(0))).toBe(false);
    expect(hasCareRelationship([{ appointment_status: 'Completed', starts_at: 'not a date' }], at(0))).toBe(false);
  });

  it('the windows are configurable', () => {
    const windows = { daysBefore: 1, daysAfter: 10, inProgressHours: 2 };
    expect(hasCareRelationship([visit('Completed')], at(-2), windows)).toBe(false);
    expect(hasCareRelationship([visit('Completed')], at(11), windows)).toBe(false);
    expect(hasCareRelationship([visit('Completed')], at(9), windows)).toBe(true);
    expect(hasCareRelationship([visit('Confirmed')], new Date(visitAt.getTime() + 3 * 3_600_000), windows)).toBe(false);
  });

  it('lists the patients in care among a doctor’s visits with several patients: any one visit in its window counts', () => {
    const visits = [
      { user_id: 3, ...visit('Cancelled') },
      { user_id: 5, ...visit('Completed', at(-100)) },
      { user_id: 3, ...visit('Confirmed') },
      { user_id: 5, ...visit('Pending') },
      { user_id: 8, ...visit('Completed', at(-30)) },
    ];
    expect(patientsInCareAmong(visits, at(0))).toEqual([3, 8]);
    expect(patientsInCareAmong(visits, at(5))).toEqual([8]);
    expect(patientsInCareAmong(visits, at(5), { daysBefore: 7, daysAfter: 10, inProgressHours: 24 })).toEqual([]);
    expect(patientsInCareAmong([], at(0))).toEqual([]);
  });

  it('reads the windows from the environment; unset means the defaults; a bad value stops the service', () => {
    expect(careWindowsFromEnv({})).toEqual(CARE_WINDOW_DEFAULTS);
    expect(careWindowsFromEnv({ CARE_ACCESS_DAYS_BEFORE: '3', CARE_ACCESS_DAYS_AFTER: '30', CARE_ACCESS_IN_PROGRESS_HOURS: '12' })).toEqual({
      daysBefore: 3,
      daysAfter: 30,
      inProgressHours: 12,
    });
    expect(() => careWindowsFromEnv({ CARE_ACCESS_DAYS_AFTER: 'ninety' })).toThrow(/CARE_ACCESS_DAYS_AFTER/);
    expect(() => careWindowsFromEnv({ CARE_ACCESS_DAYS_BEFORE: '-1' })).toThrow(/CARE_ACCESS_DAYS_BEFORE/);
  });
});
