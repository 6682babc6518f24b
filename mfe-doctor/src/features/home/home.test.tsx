import { act, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from 'shell/i18n';
import userEvent from '@testing-library/user-event';
import { api, ApiError } from 'shell/api-client';
import { useSession } from 'shell/session';
import { nairobiDate } from 'shell/ui-kit';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import { DoctorHomePage } from './DoctorHomePage';
import { notificationName, todayLine, todaysAppointments, visitWhen } from './today';

const TODAY = nairobiDate(0);
const visit = (appointment_id: number, date: string, time_slot: string, extra: object = {}) => ({
  appointment_id,
  appointment_date: date,
  time_slot,
  appointment_status: 'Confirmed',
  appointment_type: 'Consultation',
  duration: 25,
  patient_full_name: null,
  user: { firstname: null, lastname: null },
  ...extra,
});
const NO_PERFORMANCE = { patientsSeen: 0, avgRating: 0, ratingsCount: 0, onTimeRate: 0, avgConsultation: 0, completedCount: 0, totalPatients: 0 };

// The HTTP layer is faked per call (the appointment service's declared calls by name, others by path); the hooks,
// the query cache and the page are the real ones.
const declared = stubDeclaredCalls();
const calls = declared.appointments;
// List calls answer the bare array (paging in headers): their fake replies are arrays.
const list = jest.spyOn(api, 'list');
let replies: Record<string, unknown>;
const answer = (name: string) => async () => {
  const reply = replies[name];
  if (reply instanceof Error) throw reply;
  return name === 'appointments/doctor' || name === 'prescriptions/doctor' ? { headers: {}, body: reply } : reply;
};
beforeEach(() => {
  jest.clearAllMocks();
  useSession.setState({ user: { user_id: 2, firstname: 'Grace', lastname: 'Wanjiku', email: 'g@afya.test', role: 'doctor' } });
  replies = {
    'appointments/doctor': [],
    'doctor/performance': NO_PERFORMANCE,
    'doctor/notifications': { emergencies: [], labResults: [] },
    'doctor/profile-by-user/2': { doctor: { doctor_id: 9, fee: null } },
    'prescriptions/doctor': [],
  };
  calls.listForDoctor.mockImplementation(answer('appointments/doctor'));
  calls.performance.mockImplementation(answer('doctor/performance'));
  calls.notifications.mockImplementation(answer('doctor/notifications'));
  calls.doctorByUser.mockImplementation(answer('doctor/profile-by-user/2'));
  declared.prescriptions.listDoctor.mockImplementation(answer('prescriptions/doctor'));
  list.mockImplementation(async (path) => {
    const reply = replies[path];
    if (reply instanceof Error) throw reply;
    return { items: reply as never[], total: (reply as unknown[]).length };
  });
});
const renderHome = () => renderAt(<DoctorHomePage />);

describe("today's appointments", () => {
  it('keeps only the clinic date of today, from morning to evening', () => {
    const list = [visit(1, TODAY, '02:00 PM'), visit(2, nairobiDate(1), '09:00 AM'), visit(3, TODAY, '09:30 AM')] as never[];
    expect(todaysAppointments(list).map((a: { appointment_id: number }) => a.appointment_id)).toEqual([3, 1]);
    expect(todayLine(0)).toBe('No appointments scheduled for today.');
    expect(todayLine(1)).toBe('You have 1 appointment today.');
    expect(todayLine(2)).toBe('You have 2 appointments today.');
  });

  it("names a patient by account, else by the booking's name, else 'A patient'", () => {
    expect(notificationName({ user: { firstname: 'Wanjiru', lastname: 'Kamau' }, patient_full_name: 'W K' })).toBe('Wanjiru Kamau');
    expect(notificationName({ user: { firstname: null, lastname: null }, patient_full_name: 'Baraka Mutua' })).toBe('Baraka Mutua');
    expect(notificationName({ user: null, patient_full_name: null })).toBe('A patient');
  });
});

describe('when an upcoming emergency is', () => {
  it('says today, tomorrow, else the weekday and date (clinic dates)', () => {
    const now = Date.parse('2026-11-27T07:00:00Z'); // Friday 10:00 in Nairobi
    expect(visitWhen({ appointment_date: '2026-11-27', time_slot: '02:30 PM' }, now)).toBe('Today at 02:30 PM');
    expect(visitWhen({ appointment_date: '2026-11-28', time_slot: '09:00 AM' }, now)).toBe('Tomorrow at 09:00 AM');
    expect(visitWhen({ appointment_date: '2026-11-30', time_slot: '09:00 AM' }, now)).toBe('Mon 30 Nov at 09:00 AM');
  });

  it('in Kiswahili, on the 24-hour clock', async () => {
    const now = Date.parse('2026-11-27T07:00:00Z');
    await act(() => setLanguage('sw', { chosen: false }));
    try {
      expect(visitWhen({ appointment_date: '2026-11-27', time_slot: '02:30 PM' }, now)).toBe('Leo saa 14:30');
      expect(visitWhen({ appointment_date: '2026-11-30', time_slot: '09:00 AM' }, now)).toMatch(/ saa 09:00$/);
    } finally {
      await act(() => setLanguage('en', { chosen: false }));
    }
  });
});

describe('doctor home', () => {
  it('greets the doctor by last name; a failed list says so with Retry instead of claiming an empty day', async () => {
    replies['appointments/doctor'] = new ApiError('Failed to fetch appointments', 503);
    renderHome();
    expect(screen.getByText('Welcome back, Dr. Wanjiku')).toBeInTheDocument();
    expect(await screen.findByText('Error loading appointments: Failed to fetch appointments')).toBeInTheDocument();
    expect(screen.queryByText('No appointments today.')).not.toBeInTheDocument();
    expect(screen.queryByText('No appointments scheduled for today.')).not.toBeInTheDocument();
    replies['appointments/doctor'] = [];
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No appointments today.')).toBeInTheDocument();
    expect(screen.getByText('No appointments scheduled for today.')).toBeInTheDocument();
  });

  it("shows today's visits, the tiles, the weekly panel and notifications", async () => {
    replies['appointments/doctor'] = [
      visit(1, TODAY, '02:00 PM', { appointment_type: 'Follow-up', patient_full_name: 'Baraka Mutua' }),
      visit(2, TODAY, '09:00 AM', { appointment_type: 'Emergency', duration: 40, user: { firstname: 'Wanjiru', lastname: 'Kamau' } }),
      visit(3, nairobiDate(2), '09:00 AM', { patient_full_name: 'Someone Else' }),
    ];
    replies['doctor/performance'] = { patientsSeen: 4, avgRating: 4.5, ratingsCount: 6, onTimeRate: 75, avgConsultation: 31, completedCount: 5, totalPatients: 57 };
    replies['doctor/notifications'] = {
      emergencies: [
        { appointment_id: 2, appointment_date: TODAY, time_slot: '09:00 AM', user: { firstname: 'Wanjiru', lastname: 'Kamau' }, patient_full_name: null },
        { appointment_id: 4, appointment_date: nairobiDate(1), time_slot: '10:30 AM', user: { firstname: 'Otieno', lastname: 'Barasa' }, patient_full_name: null },
      ],
      labResults: [{ lab_result_id: 1, test_name: 'Full blood count', message: 'Results for Baraka Mutua are ready', user: { firstname: null, lastname: null } }],
    };
    renderHome();
    // jsdom is a phone-sized screen: today's visits are a list (a table from sm up).
    expect(await screen.findByText('You have 2 appointments today.')).toBeInTheDocument();
    const today = screen.getByText("Today's Appointments").closest('.ant-card') as HTMLElement;
    expect(within(today).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Wanjiru Kamau09:00 AM · Emergency · 40 min'),
      expect.stringContaining('Baraka Mutua02:00 PM · Follow-up · 25 min'),
    ]);
    await waitFor(() => expect(screen.getByText('57')).toBeInTheDocument());
    expect(screen.getByText('31 min')).toBeInTheDocument();
    expect(screen.getByTestId('patients-seen')).toHaveTextContent('4');
    expect(screen.getByLabelText('Average rating 4.5 of 5')).toHaveTextContent('4.5');
    expect(screen.getByTestId('on-time')).toHaveTextContent('75%');
    expect(await screen.findByText('Emergency: Wanjiru Kamau')).toBeInTheDocument();
    // Upcoming emergencies, soonest first as the server sends them, each with its day and time slot.
    const notes = screen.getByText(/^Notifications/).closest('.ant-card') as HTMLElement;
    expect(within(notes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Emergency: Wanjiru KamauToday at 09:00 AM',
      'Emergency: Otieno BarasaTomorrow at 10:30 AM',
      expect.stringContaining('Lab result: Full blood count'),
    ]);
    expect(screen.getByText('Lab result: Full blood count')).toBeInTheDocument();
  });

  it('does not invent figures when nothing was completed or rated this week', async () => {
    renderHome();
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByTestId('on-time')).toHaveTextContent('—');
    expect(screen.getByText('No completed visits this week')).toBeInTheDocument();
    expect(screen.getByText('No notifications.')).toBeInTheDocument();
  });
});
