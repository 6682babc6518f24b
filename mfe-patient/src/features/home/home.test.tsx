import { screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { useSession } from 'shell/session';
import { renderAt } from '../../../../shell/test/render';
import { firstMedicine, pickAppointments, statValue, todayLine, todaysCount } from './home.logic';
import { PatientHomePage } from './PatientHomePage';
import * as appointmentsApi from '../../api/appointments';

// The HTTP layer is stubbed: the page, its hooks and the api modules run as they are.
// Both lists the home reads are declared list calls (the bare array, paging in headers; their client
// shell/libs/api-client/calls.test.ts covers): the appointments' api function is stubbed, the prescriptions' call by name.
jest.mock('../../api/appointments', () => ({ ...jest.requireActual('../../api/appointments'), fetchMyAppointments: jest.fn() }));
const { listUser } = stubDeclaredCalls().prescriptions;
const mine = appointmentsApi.fetchMyAppointments as jest.Mock;
let appointments: () => Promise<unknown>;

beforeEach(() => {
  jest.clearAllMocks();
  useSession.setState({ user: { user_id: 1, firstname: 'Amina', lastname: 'Wanjiru', email: 'a@b.co', role: 'user' } });
  listUser.mockResolvedValue({ headers: { 'x-total-count': '0' }, body: [] });
  mine.mockImplementation((() => appointments().then((page) => (page as { items: unknown[] }).items)) as never);
});
const renderHome = () => renderAt(<PatientHomePage />, { route: '/dashboard', path: '/dashboard' });

describe('patient home rules', () => {
  it('picks the next two future appointments, else the two most recent', () => {
    const now = new Date('2026-11-21T09:00:00+03:00').getTime();
    const a = (id: number, d: string, t = '09:00 AM') => ({ appointment_id: id, appointment_date: d, time_slot: t, appointment_status: 'Confirmed' as const });
    const list = [a(1, '2026-11-25'), a(2, '2026-11-22'), a(3, '2026-12-01'), a(4, '2026-11-01')];
    expect(pickAppointments(list, now)).toEqual({ title: 'Upcoming Appointments', items: [list[1], list[0]] });
    const past = [a(5, '2026-10-01'), a(6, '2026-11-10'), a(7, '2026-09-01')];
    expect(pickAppointments(past, now)).toEqual({ title: 'Recent Appointments', items: [past[1], past[0]] });
    expect(todaysCount([a(8, '2026-11-21', '02:00 PM'), a(9, '2026-11-22')], now)).toBe(1);
  });

  it('claims no emptiness while loading or after a failure', () => {
    expect(todayLine({ loading: true, error: null, today: 0 })).toBe('Loading your appointments…');
    expect(todayLine({ loading: false, error: 'Error loading appointments: x', today: 0 })).toBe('Your appointments could not be loaded.');
    expect(todayLine({ loading: false, error: null, today: 0 })).toBe('You have no appointments today.');
    expect(todayLine({ loading: false, error: null, today: 2 })).toBe('You have 2 appointments today.');
    expect(statValue({ loading: true, failed: false }, 0)).toBe('…');
    expect(statValue({ loading: false, failed: true }, 0)).toBe('—');
    expect(statValue({ loading: false, failed: false }, 0)).toBe(0);
    expect(firstMedicine({ medicines: [{ name: 'Amoxicillin', dosage: '500mg', frequency: '', instructions: 'After meals' }] })).toBe('Amoxicillin');
    expect(firstMedicine({ medicines: [] })).toBe('Prescription');
  });
});

describe('patient home page', () => {
  it('greets by first name and shows the empty states once loaded', async () => {
    appointments = () => Promise.resolve({ items: [], total: 0 });
    renderHome();
    expect(screen.getByText('Welcome, Amina!')).toBeInTheDocument();
    expect(screen.getByText('Loading your appointments…')).toBeInTheDocument();
    expect(screen.queryByText('You have no appointments today.')).not.toBeInTheDocument();
    expect(await screen.findByText('You have no appointments today.')).toBeInTheDocument();
    expect(await screen.findByText('No upcoming appointments.')).toBeInTheDocument();
    expect(await screen.findByText('No recent prescriptions.')).toBeInTheDocument();
  });

  it('after a failed load shows the error and dashes, never "no appointments" or zeros', async () => {
    appointments = () => Promise.reject(new ApiError('Service unavailable', 503, 'Service unavailable'));
    renderHome();
    expect(await screen.findByText('Error loading appointments: Service unavailable')).toBeInTheDocument();
    expect(screen.getByText('Your appointments could not be loaded.', { selector: '*:not(.ant-typography-secondary)' })).toBeInTheDocument();
    expect(screen.queryByText('You have no appointments today.')).not.toBeInTheDocument();
    expect(screen.queryByText('No upcoming appointments.')).not.toBeInTheDocument();
    // Today's and All appointments say '—'; the prescriptions, which did load, say 0.
    await waitFor(() => expect(screen.getAllByText('—')).toHaveLength(2));
    expect(screen.getAllByText('0')).toHaveLength(1);
  });
});
