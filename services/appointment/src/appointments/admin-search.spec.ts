import { dateShare } from './admin-search-estimate';
import { adminSearchQuery } from './admin-search-query';

describe('admin search: the query and its estimate rules', () => {
  it('reads the date filter as a day and an operator, and refuses anything else', () => {
    expect(adminSearchQuery({ date: 'today' }, '2026-11-26')).toMatchObject({ date: { op: 'on', day: '2026-11-26' }, filters: ['a.appointment_date = $1::date'], params: ['2026-11-26'] });
    expect(adminSearchQuery({ date: 'past', status: 'Completed' }, '2026-11-26')).toMatchObject({
      status: 'Completed',
      date: { op: 'before', day: '2026-11-26' },
      filters: ['a.appointment_status = $1', 'a.appointment_date < $2::date'],
    });
    expect(adminSearchQuery({ date: 'upcoming' }, '2026-11-26').date).toEqual({ op: 'after', day: '2026-11-26' });
    expect(adminSearchQuery({ date: '2027-01-05' }, '2026-11-26').date).toEqual({ op: 'on', day: '2027-01-05' });
    expect(() => adminSearchQuery({ date: 'yesterday' })).toThrow(/date must be today, upcoming, past or a date/);
    expect(adminSearchQuery({}).date).toBeUndefined();
  });

  // 1,000 appointments over 100 days; the histogram's 11 bounds split them into 10 equal buckets
  const stats = { appointments: 1_000, days: 100, day_bounds: ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'] };

  it('gives one day 1 / the distinct dates, and a side of a day the histogram buckets on that side', () => {
    expect(dateShare(undefined, stats)).toBe(1);
    expect(dateShare({ op: 'on', day: '2026-05-10' }, stats)).toBeCloseTo(0.01);
    // 2026-05-10 lies in the 5th bucket: 4.5 buckets of 10 before it
    expect(dateShare({ op: 'before', day: '2026-05-10' }, stats)).toBeCloseTo(0.45);
    expect(dateShare({ op: 'after', day: '2026-05-10' }, stats)).toBeCloseTo(1 - 0.45 - 0.01);
    expect(dateShare({ op: 'before', day: '2025-12-01' }, stats)).toBe(0);
    expect(dateShare({ op: 'after', day: '2027-01-01' }, stats)).toBe(0);
    // n_distinct as a negative fraction of the rows
    expect(dateShare({ op: 'on', day: '2026-05-10' }, { ...stats, days: -0.2 })).toBeCloseTo(1 / 200);
    // no histogram yet (a table never analysed): half
    expect(dateShare({ op: 'before', day: '2026-05-10' }, { ...stats, day_bounds: null })).toBe(0.5);
  });
});
