import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { useSession } from 'shell/session';
import { renderAt } from '../../../../shell/test/render';
import { AnalyticsPage } from './AnalyticsPage';
import { AttendanceCard } from './AttendanceCard';
import { changeNote } from './api';

// The ranged figures, the bookings series, the statuses and the monthly table are declared calls (calls.reporting,
// whose client shell/libs/api-client/calls.test.ts covers): stubbed by name.
const mockReporting = { summary: jest.fn(), bookings: jest.fn(), revenue: jest.fn(), appointmentStatus: jest.fn(), monthly: jest.fn() };
// Attendance (issue 40) comes from the appointment service's declared call.
const mockAppointments = { attendanceReport: jest.fn() };
jest.mock('shell/api-client', () => ({ ...jest.requireActual('shell/api-client'), calls: { get reporting() { return mockReporting; }, get appointments() { return mockAppointments; } } }));
type Input = { query?: { range?: number } } | undefined;
const rangeOf = (input: Input) => Number(input?.query?.range ?? 30);
const days = (n: number) => Array.from({ length: n }, (_, i) => ({ date: `2026-01-${String(i + 1).padStart(2, '0')}` }));
const change = (current: number, previous: number, percent: number | null) => ({ current, previous, percent });

function serve() {
  mockAppointments.attendanceReport.mockResolvedValue({ from: '2026-11-06', to: '2026-12-03', weeks: [], walk_ins_per_day: [], average_wait_minutes: null, days: [] });
  mockReporting.summary.mockImplementation(async (input: Input) => ({
    range: rangeOf(input),
    totals: { users: 1200, doctors: 48, appointments: 5300, revenue: 1250000 },
    changes: { users: change(120, 100, 20), doctors: change(3, 1, 200), appointments: change(400, 500, -20), revenue: change(50000, 0, null) },
    today: 14, pending: 320, completedToday: 9, cancelled: 41,
  }));
  mockReporting.revenue.mockImplementation(async (input: Input) => ({ range: rangeOf(input), dailyRevenue: days(rangeOf(input) > 30 ? 31 : rangeOf(input)).map((d) => ({ ...d, revenue: 1500 })) }));
  mockReporting.appointmentStatus.mockResolvedValue({ total: 4, statusBreakdown: [{ status: 'Pending', count: 3, percent: 75 }, { status: 'Completed', count: 1, percent: 25 }] });
  mockReporting.monthly.mockResolvedValue({ months: [{ month: '2026-09', appointments: 10, revenue: 1000, new_users: 4, growth_rate: null }, { month: '2026-10', appointments: 15, revenue: 2000, new_users: 6, growth_rate: 50 }, { month: '2026-11', appointments: 12, revenue: 500, new_users: 2, growth_rate: -20 }] });
  // The bookings series is a list call: the bare array of days, the total in X-Total-Count.
  mockReporting.bookings.mockImplementation(async (input: Input) => {
    const body = days(rangeOf(input) > 30 ? 31 : rangeOf(input)).map((d) => ({ ...d, count: 3 }));
    return { headers: { 'x-total-count': String(body.length) }, body };
  });
}

it('shows the cards with computed changes, draws the charts and the monthly growth rates', async () => {
  serve();
  renderAt(<AnalyticsPage />);
  expect(screen.getByText('Analytics Dashboard')).toBeInTheDocument();
  expect(await screen.findByText('Ksh 1,250,000')).toBeInTheDocument();
  expect(screen.getByText('120 new in the last 30 days (+20.0% vs the previous 30 days)')).toBeInTheDocument();
  // Revenue had nothing before: the note gives the change itself, with its sign, not a bare 'new'.
  expect(screen.getByText('+Ksh 50,000 vs the previous 30 days (none before)')).toBeInTheDocument();
  expect(screen.getByText('14 today')).toBeInTheDocument();
  expect(await screen.findByTestId('chart-Pie')).toBeInTheDocument();
  const statuses = screen.getByRole('list', { name: 'Appointment statuses' });
  expect(within(statuses).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Pending75%(3)', 'Completed25%(1)']);
  expect(await screen.findByTestId('chart-Area')).toBeInTheDocument();
  expect(await screen.findByTestId('chart-Column')).toBeInTheDocument();
  const table = screen.getByText('Monthly Statistics').closest('.ant-card') as HTMLElement;
  expect(within(table).getByText('+50.0%')).toHaveStyle({ color: '#16a34a' });
  expect(within(table).getByText('-20.0%')).toHaveStyle({ color: '#dc2626' });
  expect(within(table).getByText('—')).toBeInTheDocument();
  expect(screen.getByText('320')).toBeInTheDocument();
});

it('writes beside each period figure what it counts: the new users and joined doctors that are part of the totals', async () => {
  serve();
  renderAt(<AnalyticsPage />);
  await screen.findByText('Ksh 1,250,000');
  const users = screen.getByText('Total Users').closest('.ant-card') as HTMLElement;
  expect(within(users).getByText('1,200')).toBeInTheDocument();
  expect(within(users).getByText('120 new in the last 30 days (+20.0% vs the previous 30 days)')).toBeInTheDocument();
  expect(within(users).getByText('New: accounts registered in the period that still exist (part of the total).')).toBeInTheDocument();
  const doctors = screen.getByText('Active Doctors').closest('.ant-card') as HTMLElement;
  expect(within(doctors).getByText('3 joined in the last 30 days')).toBeInTheDocument();
  expect(within(doctors).getByText('Joined: doctors registered in the period who are active now (part of the total).')).toBeInTheDocument();
  expect(screen.getByText('New users: accounts registered that month that still exist.')).toBeInTheDocument();
});

it('refetches the ranged figures when the range changes', async () => {
  serve();
  renderAt(<AnalyticsPage />);
  await screen.findByText('Ksh 1,250,000');
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Date range' }));
  fireEvent.click(await screen.findByTitle('Last 7 days'));
  await waitFor(() => expect(mockReporting.bookings).toHaveBeenCalledWith({ query: { range: 7 } }, expect.anything()));
  expect(mockReporting.summary).toHaveBeenCalledWith({ query: { range: 7 } }, expect.anything());
  expect(mockReporting.revenue).toHaveBeenCalledWith({ query: { range: 7 } }, expect.anything());
});

it("says 'No Data Available' when analytics cannot be loaded", async () => {
  for (const call of Object.values(mockReporting)) call.mockRejectedValue(new ApiError('Unable to load analytics data', 503));
  renderAt(<AnalyticsPage />);
  expect(await screen.findByText('No Data Available')).toBeInTheDocument();
  expect(screen.getByText('Unable to load analytics data')).toBeInTheDocument();
});

it('card notes always carry a figure with its sign', () => {
  expect(changeNote(change(120, 100, 20), 30)).toBe('+20.0% vs the previous 30 days');
  expect(changeNote(change(80, 100, -20), 7)).toBe('-20.0% vs the previous 7 days');
  expect(changeNote(change(0, 0, 0), 30)).toBe('+0.0% vs the previous 30 days');
  expect(changeNote(change(3, 0, null), 30)).toBe('+3 vs the previous 30 days (none before)');
  expect(changeNote(change(1500, 0, null), 90, (n) => `Ksh ${n.toLocaleString('en-KE')}`)).toBe('+Ksh 1,500 vs the previous 90 days (none before)');
  expect(changeNote(change(0, 0, null), 30)).toBe('No change vs the previous 30 days');
});

it('draws the charts in G2\'s dark theme in dark mode (light axis labels and legend), and the pie\'s counts in a light text colour', async () => {
  serve();
  useSession.setState({ darkMode: true });
  try {
    renderAt(<AnalyticsPage />);
    expect(await screen.findByTestId('chart-Pie')).toHaveAttribute('data-theme', 'classicDark');
    expect(await screen.findByTestId('chart-Area')).toHaveAttribute('data-theme', 'classicDark');
    expect(await screen.findByTestId('chart-Column')).toHaveAttribute('data-theme', 'classicDark');
    const count = within(screen.getByRole('list', { name: 'Appointment statuses' })).getByText('(3)');
    expect(count.style.color).not.toMatch(/^rgba?\(0, 0, 0/);
  } finally {
    useSession.setState({ darkMode: false });
  }
  renderAt(<AnalyticsPage />);
  expect((await screen.findAllByTestId('chart-Pie')).at(-1)).toHaveAttribute('data-theme', 'classic');
});

describe('attendance on Analytics (issue 40)', () => {
  it('shows the average wait, the walk-ins and each doctor-week with its no-show rate', async () => {
    const { attendanceReport } = mockAppointments;
    attendanceReport.mockResolvedValue({
      from: '2026-11-06',
      to: '2026-12-03',
      weeks: [
        { week: '2026-11-30', doctor_id: 3, doctor_name: 'Dr. Grace Wanjiku', visits: 7, outcomes: 6, no_shows: 2, no_show_rate: 0.333, average_wait_minutes: 12.5, walk_ins: 1 },
        { week: '2026-11-30', doctor_id: 4, doctor_name: 'Dr. Brian Otieno', visits: 2, outcomes: 0, no_shows: 0, no_show_rate: 0, average_wait_minutes: null, walk_ins: 0 },
      ],
      walk_ins_per_day: [{ date: '2026-12-01', walk_ins: 1 }],
      average_wait_minutes: 12.5,
      days: [],
    });
    renderAt(<AttendanceCard />);
    expect(await screen.findByText('Dr. Grace Wanjiku')).toBeInTheDocument();
    expect(screen.getAllByText('12.5 min')).toHaveLength(2);
    expect(screen.getByText('33.3%')).toBeInTheDocument();
    const other = screen.getByText('Dr. Brian Otieno').closest('tr')!;
    expect(other).toHaveTextContent('—');
    expect(attendanceReport).toHaveBeenCalledWith({ query: {} }, expect.anything());
  });
});
