import { act, render, screen } from '@testing-library/react';
import { setLanguage } from 'shell/i18n';
import { BookingsColumn, RevenueArea, UserGrowthColumn } from '../../shared/AnalyticsCharts';

// The charts' days and months are written as every other date of the app, in the reader's language, never as the
// API's ISO dates (charts-mock.js reports the x labels and tooltip titles a chart would draw).
const labels = (testId: string, attribute: 'data-x-labels' | 'data-tooltip-titles') => JSON.parse(screen.getByTestId(testId).getAttribute(attribute) ?? 'null') as string[] | null;

describe('chart dates', () => {
  afterEach(() => act(() => setLanguage('en', { chosen: false })));

  it('names the days of the revenue and bookings series as 28 Nov, and Sat, 28 Nov 2026 in the tooltip', () => {
    render(<RevenueArea data={[{ date: '2026-11-28', revenue: 1500 }, { date: '2026-11-29', revenue: 0 }]} />);
    expect(labels('chart-Area', 'data-x-labels')).toEqual(['28 Nov', '29 Nov']);
    expect(labels('chart-Area', 'data-tooltip-titles')).toEqual(['Sat, 28 Nov 2026', 'Sun, 29 Nov 2026']);
    render(<BookingsColumn data={[{ date: '2026-12-08', count: 3 }]} />);
    expect(labels('chart-Column', 'data-x-labels')).toEqual(['8 Dec']);
    expect(labels('chart-Column', 'data-tooltip-titles')).toEqual(['Tue, 8 Dec 2026']);
  });

  it('names the months of the overview’s series as Nov 2026 (revenue by month, user growth)', () => {
    render(<RevenueArea data={[{ date: '2026-11', revenue: 1500 }]} />);
    expect(labels('chart-Area', 'data-x-labels')).toEqual(['Nov 2026']);
    render(<UserGrowthColumn data={[{ month: '2026-10', new_users: 4 }, { month: '2026-11', new_users: 2 }]} />);
    expect(labels('chart-Column', 'data-x-labels')).toEqual(['Oct 2026', 'Nov 2026']);
    expect(labels('chart-Column', 'data-tooltip-titles')).toEqual(['Oct 2026', 'Nov 2026']);
  });

  it('in Kiswahili', async () => {
    await act(() => setLanguage('sw', { chosen: false }));
    render(<BookingsColumn data={[{ date: '2026-12-08', count: 3 }]} />);
    expect(labels('chart-Column', 'data-x-labels')).toEqual(['8 Des']);
    expect(labels('chart-Column', 'data-tooltip-titles')).toEqual(['Jumanne, 8 Des 2026']);
  });
});
