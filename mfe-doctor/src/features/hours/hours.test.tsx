import { addDays, clinicToday } from '@afya/appointment-service/contracts/booking-rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { useSession } from 'shell/session';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt, typeDate } from '../../../../shell/test/render';
import { MyHoursPage } from './MyHoursPage';
import { leaveDays } from './LeaveCard';
import { draftFrom, draftProblems } from './week';

// The HTTP layer is faked (the declared calls); the page, its hooks and the query cache are the real ones.
const calls = stubDeclaredCalls().appointments;
const today = clinicToday();
const DOCTOR_ID = 9;

const savedHours = {
  doctor_id: DOCTOR_ID,
  custom: true,
  sessions: [
    { weekday: 1, start: '09:00', end: '13:00' },
    { weekday: 4, start: '14:00', end: '17:00' },
  ],
  slot_minutes: 30,
  valid_from: '2026-11-01',
  next: null,
};
const noHours = { doctor_id: DOCTOR_ID, custom: false, sessions: [], slot_minutes: 30, valid_from: null, next: null };
const visit = (id: number, date: string, time: string, name: string) => ({ appointment_id: id, user_id: 100 + id, appointment_date: date, time_slot: time, appointment_status: 'Pending', patient_full_name: name });

beforeEach(() => {
  jest.clearAllMocks();
  useSession.setState({ user: { user_id: 2, firstname: 'Grace', lastname: 'Wanjiku', email: 'g@afya.test', role: 'doctor' } });
  calls.doctorByUser.mockResolvedValue({ doctor: { doctor_id: DOCTOR_ID, user_id: 2, fee: 3000 } });
  calls.doctorHours.mockResolvedValue(savedHours);
  calls.doctorLeave.mockResolvedValue([]);
  calls.doctorOverrides.mockResolvedValue([]);
  calls.setDoctorHours.mockImplementation(async ({ body }: { body: { sessions: unknown[]; slot_minutes: number; valid_from: string } }) => ({ doctor_id: DOCTOR_ID, custom: true, ...body, next: null, message: 'Hours saved!', needs_new_time: [] }));
});

const renderPage = () => renderAt(<MyHoursPage />, { route: '/dashboard/doctor/hours', path: '/dashboard/doctor/hours' });

/** Picks `value` in the antd Select labelled `name`, typing it first where the select searches (the time lists are long). */
async function choose(name: string, value: string) {
  const box = screen.getByRole('combobox', { name });
  fireEvent.mouseDown(box);
  if (!box.hasAttribute('readonly')) fireEvent.change(box, { target: { value } });
  const options = await screen.findAllByTitle(value);
  fireEvent.click(options[options.length - 1]);
}

/** The value an antd Select labelled `name` shows. */
const shown = (name: string, scope: HTMLElement = document.body) => within(scope).getByRole('combobox', { name }).closest('.ant-select')?.textContent;

describe('My hours: the weekly hours', () => {
  it('shows the saved week by weekday, and the clinic closed on Sunday', async () => {
    renderPage();
    const monday = await screen.findByTestId('weekday-1');
    expect(shown('Monday session 1 start', monday)).toBe('09:00');
    expect(shown('Monday session 1 end', monday)).toBe('13:00');
    expect(shown('Thursday session 1 start', screen.getByTestId('weekday-4'))).toBe('14:00');
    expect(within(screen.getByTestId('weekday-2')).getByText('Not working')).toBeInTheDocument();
    const sunday = screen.getByTestId('weekday-7');
    expect(within(sunday).getByText('Clinic closed')).toBeInTheDocument();
    expect(within(sunday).queryByRole('button', { name: /Add session/ })).not.toBeInTheDocument();
  });

  it('names a session that ends before it starts, and saves nothing until it is fixed', async () => {
    renderPage();
    await screen.findByTestId('weekday-1');
    await choose('Monday session 1 end', '08:30');
    expect(await screen.findByText('The session ends before it starts: the end must be after the start.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('Please fix the sessions marked in red.')).toBeInTheDocument();
    expect(calls.setDoctorHours).not.toHaveBeenCalled();

    await choose('Monday session 1 end', '12:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add session on Tuesday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(calls.setDoctorHours).toHaveBeenCalledTimes(1));
    expect(calls.setDoctorHours.mock.calls[0][0]).toEqual({
      params: { id: DOCTOR_ID },
      body: {
        sessions: [
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 2, start: '09:00', end: '10:00' },
          { weekday: 4, start: '14:00', end: '17:00' },
        ],
        slot_minutes: 30,
        valid_from: today,
      },
    });
    expect(await screen.findByText('Hours saved!')).toBeInTheDocument();
  });

  it('names overlapping sessions and a session shorter than one slot', async () => {
    renderPage();
    await screen.findByTestId('weekday-1');
    fireEvent.click(screen.getByRole('button', { name: 'Add session on Monday' }));
    await choose('Monday session 2 start', '12:00');
    expect(await screen.findByText('Overlaps the session 09:00–13:00.')).toBeInTheDocument();
    await choose('Monday session 2 start', '13:30');
    await choose('Slot length', '60 minutes');
    await choose('Monday session 2 end', '14:00');
    expect(await screen.findByText('Shorter than one 60-minute slot.')).toBeInTheDocument();
  });

  it("keeps the edits when the server refuses them, and shows the server's reason", async () => {
    calls.setDoctorHours.mockRejectedValue(new ApiError('The session Monday 09:00-12:00 is outside the clinic\'s hours', 400, 'The session Monday 09:00-12:00 is outside the clinic\'s hours'));
    renderPage();
    await screen.findByTestId('weekday-1');
    await choose('Monday session 1 end', '12:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText("The session Monday 09:00-12:00 is outside the clinic's hours")).toBeInTheDocument();
    expect(screen.getByText('Your changes are still here: correct them and save again.')).toBeInTheDocument();
    expect(shown('Monday session 1 end')).toBe('12:00');
  });

  it('without hours of their own: says so, and asks before saving an empty week', async () => {
    calls.doctorHours.mockResolvedValue(noHours);
    renderPage();
    expect(await screen.findByText('You have not set hours of your own')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('Save a week with no sessions?')).toBeInTheDocument();
    expect(calls.setDoctorHours).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save empty week' }));
    await waitFor(() => expect(calls.setDoctorHours).toHaveBeenCalledWith({ params: { id: DOCTOR_ID }, body: { sessions: [], slot_minutes: 30, valid_from: today } }, expect.anything()));
  });
});

describe('My hours: new hours over booked visits', () => {
  it('lists the visits the new week leaves without a slot, saves nothing until confirmed, then saves with confirm', async () => {
    const monday = addDays(today, 6);
    const affected = [visit(51, monday, '12:30 PM', 'Amina Yusuf')];
    calls.setDoctorHours.mockImplementation(async ({ body }: { body: { sessions: unknown[]; slot_minutes: number; valid_from: string; confirm?: boolean } }) => {
      if (!body.confirm) throw new ApiError('1 booked visits fall outside these hours.', 409, '1 booked visits fall outside these hours.', { code: 'HOURS_HAVE_APPOINTMENTS', details: { appointments: affected } });
      const { confirm: _confirm, ...hours } = body;
      return { doctor_id: DOCTOR_ID, custom: true, ...hours, next: null, message: 'Hours saved!', needs_new_time: affected };
    });
    renderPage();
    await screen.findByTestId('weekday-1');
    await choose('Monday session 1 end', '12:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1 booked visit falls outside these hours')).toBeInTheDocument();
    expect(within(dialog).getByText('Amina Yusuf')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Booked visits outside the new hours' })).toBeInTheDocument();
    expect(calls.setDoctorHours).toHaveBeenCalledTimes(1);
    expect(calls.setDoctorHours.mock.calls[0][0].body.confirm).toBeUndefined();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save hours and notify patients' }));
    await waitFor(() => expect(calls.setDoctorHours).toHaveBeenCalledTimes(2));
    expect(calls.setDoctorHours.mock.calls[1][0]).toEqual({
      params: { id: DOCTOR_ID },
      body: { ...calls.setDoctorHours.mock.calls[0][0].body, confirm: true },
    });
    expect(await screen.findByText('Hours saved! 1 patient will be asked to pick a new time.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('going back keeps the week as typed and saves nothing', async () => {
    calls.setDoctorHours.mockRejectedValue(new ApiError('1 booked visits fall outside these hours.', 409, '', { code: 'HOURS_HAVE_APPOINTMENTS', details: { appointments: [visit(51, addDays(today, 6), '12:30 PM', 'Amina Yusuf')] } }));
    renderPage();
    await screen.findByTestId('weekday-1');
    await choose('Monday session 1 end', '12:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.setDoctorHours).toHaveBeenCalledTimes(1);
    expect(shown('Monday session 1 end')).toBe('12:00');
    expect(screen.queryByText(/Hours saved/)).not.toBeInTheDocument();
  });
});

describe('My hours: leave', () => {
  const first = addDays(today, 5);
  const last = addDays(today, 7);

  it('lists the booked visits a leave falls on, saves nothing until confirmed, then saves with confirm', async () => {
    const affected = [visit(41, first, '09:00 AM', 'Amina Yusuf'), visit(42, last, '02:00 PM', 'Brian Otieno')];
    calls.addDoctorLeave.mockImplementation(async ({ body }: { body: { confirm?: boolean } }) => {
      if (!body.confirm) throw new ApiError('2 booked visits fall in this leave.', 409, '2 booked visits fall in this leave.', { code: 'LEAVE_HAS_APPOINTMENTS', details: { appointments: affected } });
      return { leave: { leave_id: 5, doctor_id: DOCTOR_ID, from: first, to: last, reason: 'Conference', created_at: '2026-12-03T08:00:00.000Z' }, needs_new_time: affected, message: 'Leave saved!' };
    });
    renderPage();
    await screen.findByText('No leave planned.');
    typeDate('First day away', first);
    typeDate('Last day away', last);
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason (optional)' }), { target: { value: 'Conference' } });
    expect(await screen.findByText(/^3 days:/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add leave' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 booked visits fall in this leave')).toBeInTheDocument();
    expect(within(dialog).getByText('Amina Yusuf')).toBeInTheDocument();
    expect(within(dialog).getByText('Brian Otieno')).toBeInTheDocument();
    expect(calls.addDoctorLeave).toHaveBeenCalledTimes(1);
    expect(calls.addDoctorLeave.mock.calls[0][0]).toEqual({ params: { id: DOCTOR_ID }, body: { from: first, to: last, reason: 'Conference' } });

    calls.doctorLeave.mockResolvedValue([{ leave_id: 5, doctor_id: DOCTOR_ID, from: first, to: last, reason: 'Conference', created_at: '2026-12-03T08:00:00.000Z' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save leave and notify patients' }));
    await waitFor(() => expect(calls.addDoctorLeave).toHaveBeenCalledTimes(2));
    expect(calls.addDoctorLeave.mock.calls[1][0]).toEqual({ params: { id: DOCTOR_ID }, body: { from: first, to: last, reason: 'Conference', confirm: true } });
    expect(await screen.findByText('Leave saved! 2 patients will be asked to pick a new time.')).toBeInTheDocument();
    expect(await screen.findByTestId('leave-5')).toHaveTextContent('Conference');
  });

  it('going back from the dialog keeps the form as typed and saves nothing', async () => {
    calls.addDoctorLeave.mockRejectedValue(new ApiError('1 booked visits fall in this leave.', 409, '', { code: 'LEAVE_HAS_APPOINTMENTS', details: { appointments: [visit(41, first, '09:00 AM', 'Amina Yusuf')] } }));
    renderPage();
    await screen.findByText('No leave planned.');
    typeDate('First day away', first);
    fireEvent.click(screen.getByRole('button', { name: 'Add leave' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.addDoctorLeave).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'First day away' })).toHaveValue(first);
    expect(screen.getByRole('textbox', { name: 'Last day away' })).toHaveValue(first);
  });

  it('refuses a leave without dates in the form, and shows a server refusal with the form kept', async () => {
    calls.addDoctorLeave.mockRejectedValue(new ApiError('Failed to save the leave', 500));
    renderPage();
    await screen.findByText('No leave planned.');
    fireEvent.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('Choose the first and the last day of your leave.')).toBeInTheDocument();
    expect(calls.addDoctorLeave).not.toHaveBeenCalled();
    typeDate('First day away', first);
    fireEvent.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('Failed to save the leave')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First day away' })).toHaveValue(first);
  });

  it('removes an upcoming leave once confirmed', async () => {
    calls.doctorLeave.mockResolvedValue([{ leave_id: 7, doctor_id: DOCTOR_ID, from: first, to: first, reason: null, created_at: '2026-12-03T08:00:00.000Z' }]);
    calls.removeDoctorLeave.mockResolvedValue({ leave_id: 7, message: 'Leave removed.' });
    renderPage();
    const row = await screen.findByTestId('leave-7');
    expect(row).toHaveTextContent('1 day');
    fireEvent.click(within(row).getByRole('button', { name: /^Remove leave/ }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    });
    await waitFor(() => expect(calls.removeDoctorLeave).toHaveBeenCalledWith({ params: { id: DOCTOR_ID, leave_id: 7 } }, expect.anything()));
    expect(await screen.findByText('Leave removed.')).toBeInTheDocument();
  });
});

describe('My hours: custom hours for one date', () => {
  it('sets a date\'s sessions; booked visits in the way are listed and the change waits for confirmation', async () => {
    let date = addDays(today, 7);
    while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 1) date = addDays(date, 1); // a Monday
    const affected = [visit(61, date, '02:00 PM', 'Amina Yusuf')];
    calls.setDoctorOverride.mockImplementation(async ({ body }: { body: { sessions: unknown[]; confirm?: boolean } }) => {
      if (!body.confirm) throw new ApiError('1 booked visits fall outside these hours on that date.', 409, '', { code: 'OVERRIDE_HAS_APPOINTMENTS', details: { appointments: affected } });
      return { doctor_id: DOCTOR_ID, date, sessions: body.sessions, slot_minutes: 30, needs_new_time: affected, message: 'Custom hours saved!' };
    });
    renderPage();
    await screen.findByText('No custom hours set.');
    typeDate('Date', date);
    fireEvent.click(await screen.findByRole('button', { name: 'Add session' }));
    expect(shown('Session 1 start')).toBe('09:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save custom hours' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1 booked visit falls outside the hours of that date')).toBeInTheDocument();
    expect(within(dialog).getByText('Amina Yusuf')).toBeInTheDocument();
    expect(calls.setDoctorOverride.mock.calls[0][0]).toEqual({ params: { id: DOCTOR_ID, date }, body: { sessions: [{ start: '09:00', end: '10:00' }] } });
    calls.doctorOverrides.mockResolvedValue([{ doctor_id: DOCTOR_ID, date, sessions: [{ start: '09:00', end: '10:00' }], slot_minutes: 30 }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change hours and notify patients' }));
    await waitFor(() => expect(calls.setDoctorOverride).toHaveBeenCalledTimes(2));
    expect(calls.setDoctorOverride.mock.calls[1][0].body).toEqual({ sessions: [{ start: '09:00', end: '10:00' }], confirm: true });
    expect(await screen.findByText('Custom hours saved! 1 patient will be asked to pick a new time.')).toBeInTheDocument();
    expect(await screen.findByTestId(`override-${date}`)).toHaveTextContent('09:00–10:00');
  });
});

describe('the week as rules', () => {
  it('agrees with the contract: a valid week has no problems; days and lengths counted both ends', () => {
    const draft = draftFrom(savedHours, today);
    expect(draftProblems(draft, today)).toEqual({ rows: {}, form: null });
    expect(draftProblems({ ...draft, valid_from: addDays(today, -1) }, today).form).toBe('Hours can change from today onward: choose today or a later date.');
    expect(leaveDays('2026-12-01', '2026-12-21')).toBe(21);
  });
});
