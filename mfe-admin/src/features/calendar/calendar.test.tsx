import { addDays, clinicToday } from '@afya/appointment-service/contracts/booking-rules';
import { kenyaFixedHolidays } from '@afya/appointment-service/contracts/doctor-hours';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt, typeDate } from '../../../../shell/test/render';
import { ClinicCalendarPage } from './ClinicCalendarPage';
import { weekLines } from './DoctorHoursCard';

// The HTTP layer is faked (the declared calls); the page, its hooks and the query cache are the real ones.
const calls = stubDeclaredCalls().appointments;
const today = clinicToday();
const nextYear = Number(today.slice(0, 4)) + 1;
const created_at = '2026-12-03T08:00:00.000Z';
const visit = (id: number, date: string, time: string, name: string) => ({ appointment_id: id, user_id: 100 + id, appointment_date: date, time_slot: time, appointment_status: 'Confirmed', patient_full_name: name });

/** The server's closures: what the page added, as the real service keeps them (one per date; confirm needed over visits). */
let closures: { closure_id: number; date: string; name: string; created_at: string }[];
let booked: Record<string, ReturnType<typeof visit>[]>;

beforeEach(() => {
  jest.clearAllMocks();
  closures = [];
  booked = {};
  calls.closures.mockImplementation(async () => [...closures].sort((a, b) => a.date.localeCompare(b.date)));
  calls.needsNewTime.mockResolvedValue([]);
  calls.allDoctorHours.mockResolvedValue([]);
  calls.addClosure.mockImplementation(async ({ body }: { body: { date: string; name: string; confirm?: boolean } }) => {
    if (closures.some((c) => c.date === body.date)) throw new ApiError('The clinic is already closed on that date', 409, 'The clinic is already closed on that date', { code: 'CLOSURE_EXISTS' });
    const visits = booked[body.date] ?? [];
    if (visits.length && !body.confirm) {
      throw new ApiError(`${visits.length} booked visits fall on this date.`, 409, '', { code: 'CLOSURE_HAS_APPOINTMENTS', details: { appointments: visits } });
    }
    const closure = { closure_id: closures.length + 1, date: body.date, name: body.name, created_at };
    closures.push(closure);
    return { closure, needs_new_time: visits, message: 'Closure saved!' };
  });
  calls.removeClosure.mockImplementation(async ({ params }: { params: { id: number } }) => {
    closures = closures.filter((c) => c.closure_id !== params.id);
    return { closure_id: params.id, message: 'Closure removed.' };
  });
});

const renderPage = () => renderAt(<ClinicCalendarPage />, { route: '/dashboard/admin/calendar', path: '/dashboard/admin/calendar' });

describe('Clinic calendar: closures', () => {
  it('adds a closure on a day without visits at once, and lists it', async () => {
    const day = addDays(today, 20);
    renderPage();
    await screen.findByText('No closures ahead.');
    typeDate('Closure date', day);
    fireEvent.change(screen.getByRole('textbox', { name: 'Closure name' }), { target: { value: 'Staff training' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add closure' }));
    await waitFor(() => expect(calls.addClosure).toHaveBeenCalledWith({ body: { date: day, name: 'Staff training' } }, expect.anything()));
    expect(await screen.findByText('Closure saved: Staff training.')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Staff training' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Closure name' })).toHaveValue('');
  });

  it('shows the booked visits of the day and saves only once confirmed; going back keeps the form', async () => {
    const day = addDays(today, 9);
    booked[day] = [visit(41, day, '09:00 AM', 'Amina Yusuf'), visit(42, day, '11:30 AM', 'Brian Otieno')];
    renderPage();
    await screen.findByText('No closures ahead.');
    typeDate('Closure date', day);
    fireEvent.change(screen.getByRole('textbox', { name: 'Closure name' }), { target: { value: 'Water works' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add closure' }));

    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 booked visits fall on these days')).toBeInTheDocument();
    expect(within(dialog).getByText('Amina Yusuf')).toBeInTheDocument();
    expect(within(dialog).getByText('Brian Otieno')).toBeInTheDocument();
    expect(closures).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(closures).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Closure name' })).toHaveValue('Water works');

    fireEvent.click(screen.getByRole('button', { name: 'Add closure' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close and notify patients' }));
    await waitFor(() => expect(calls.addClosure).toHaveBeenLastCalledWith({ body: { date: day, name: 'Water works', confirm: true } }, expect.anything()));
    expect(await screen.findByText('1 closure saved; 2 visits need a new time.')).toBeInTheDocument();
    expect(closures.map((c) => c.date)).toEqual([day]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Closure name' })).toHaveValue(''));
  });

  it('refuses an empty name in the form and says when the clinic is already closed that day', async () => {
    const day = addDays(today, 4);
    closures = [{ closure_id: 1, date: day, name: 'Staff day', created_at }];
    renderPage();
    await screen.findByRole('cell', { name: 'Staff day' });
    typeDate('Closure date', day);
    fireEvent.click(screen.getByRole('button', { name: 'Add closure' }));
    expect(await screen.findByText('Name the closure, for example Jamhuri Day.')).toBeInTheDocument();
    expect(calls.addClosure).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Closure name' }), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add closure' }));
    expect(await screen.findByText(`The clinic is already closed on ${day}.`)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Closure name' })).toHaveValue('Again');
  });

  it('removes a closure once confirmed', async () => {
    const day = addDays(today, 4);
    closures = [{ closure_id: 3, date: day, name: 'Staff day', created_at }];
    renderPage();
    await screen.findByRole('cell', { name: 'Staff day' });
    fireEvent.click(screen.getByRole('button', { name: /^Remove the closure Staff day/ }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(calls.removeClosure).toHaveBeenCalledWith({ params: { id: 3 } }, expect.anything()));
    expect(await screen.findByText('No closures ahead.')).toBeInTheDocument();
  });
});

describe("Clinic calendar: Kenya's public holidays", () => {
  it("closes the clinic on next year's holidays in one action, skipping a day already closed and one unticked", async () => {
    const holidays = kenyaFixedHolidays(nextYear);
    const jamhuri = holidays.find((h) => h.name === 'Jamhuri Day')!;
    const labour = holidays.find((h) => h.name === 'Labour Day')!;
    closures = [{ closure_id: 1, date: jamhuri.date, name: 'Jamhuri Day', created_at }];
    renderPage();
    const row = await screen.findByTestId(`holiday-${jamhuri.date}`);
    await waitFor(() => expect(within(row).getByText('Closed')).toBeInTheDocument());
    fireEvent.click(within(screen.getByTestId(`holiday-${labour.date}`)).getByRole('checkbox'));
    const expected = holidays.filter((h) => h.date !== jamhuri.date && h.date !== labour.date);
    fireEvent.click(screen.getByRole('button', { name: `Close on ${expected.length} holidays` }));
    await waitFor(() => expect(calls.addClosure).toHaveBeenCalledTimes(expected.length));
    expect(calls.addClosure.mock.calls.map(([input]) => input.body)).toEqual(expected.map((h) => ({ date: h.date, name: h.name })));
    expect(await screen.findByText(`${expected.length} closures saved.`)).toBeInTheDocument();
  });

  it('asks before closing on a holiday with booked visits, and saves the others at once', async () => {
    const holidays = kenyaFixedHolidays(nextYear);
    const newYear = holidays[0];
    booked[newYear.date] = [visit(50, newYear.date, '10:00 AM', 'Neema Mwakilema')];
    renderPage();
    await screen.findByTestId(`holiday-${newYear.date}`);
    fireEvent.click(await screen.findByRole('button', { name: `Close on ${holidays.length} holidays` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Neema Mwakilema')).toBeInTheDocument();
    expect(closures.map((c) => c.date)).toEqual(holidays.slice(1).map((h) => h.date));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close and notify patients' }));
    await waitFor(() => expect(closures.map((c) => c.date)).toContain(newYear.date));
    expect(calls.addClosure).toHaveBeenLastCalledWith({ body: { date: newYear.date, name: newYear.name, confirm: true } }, expect.anything());
  });
});

describe('Clinic calendar: visits that need a new time', () => {
  it('lists each with its patient, doctor and cause', async () => {
    calls.needsNewTime.mockResolvedValue([
      { ...visit(41, addDays(today, 9), '09:00 AM', 'Amina Yusuf'), doctor_id: 3, doctor_name: 'Grace Wanjiku', specialization: 'Cardiology', cause: 'leave', since: created_at },
    ]);
    renderPage();
    expect(await screen.findByText('Amina Yusuf')).toBeInTheDocument();
    expect(screen.getByText('Dr. Grace Wanjiku')).toBeInTheDocument();
    expect(screen.getByText("Doctor's leave")).toBeInTheDocument();
  });
});

describe("Clinic calendar: each doctor's hours (read-only)", () => {
  const hours = (over: Record<string, unknown>) => ({
    doctor_id: 1,
    doctor_name: 'Grace Wanjiku',
    specialization: 'Cardiology',
    approval_status: 'approved',
    available_days: [],
    custom: true,
    sessions: [
      { weekday: 4, start: '14:00', end: '17:00' },
      { weekday: 1, start: '14:00', end: '16:00' },
      { weekday: 1, start: '09:00', end: '13:00' },
    ],
    slot_minutes: 20,
    valid_from: '2026-12-01',
    next: null,
    ...over,
  });

  it('groups a week by weekday, sessions in clock order', () => {
    expect(weekLines(hours({}).sessions)).toEqual([
      [1, '09:00–13:00, 14:00–16:00'],
      [4, '14:00–17:00'],
    ]);
    expect(weekLines([])).toEqual([]);
  });

  it("lists each doctor's sessions, slot length and start; a later version; and the clinic's slots for a doctor without hours", async () => {
    calls.allDoctorHours.mockResolvedValue([
      hours({ next: { sessions: [{ weekday: 2, start: '08:00', end: '12:00' }], slot_minutes: 30, valid_from: '2027-01-04' } }),
      hours({ doctor_id: 2, doctor_name: 'Brian Otieno', specialization: 'Dermatology', custom: false, sessions: [], valid_from: null, available_days: ['Monday', 'Friday'] }),
      hours({ doctor_id: 3, doctor_name: 'Amina Hassan', approval_status: 'pending', custom: false, sessions: [], valid_from: null }),
      hours({ doctor_id: 4, doctor_name: 'Joseph Kamau', sessions: [] }),
    ]);
    renderPage();
    const grace = await screen.findByTestId('doctor-hours-1');
    expect(grace).toHaveTextContent('Dr. Grace Wanjiku');
    // (DOM queries, not role queries: computing every accessible name of the page took 30 s on a loaded machine)
    const week = grace.querySelector<HTMLElement>('dl[aria-label="Hours of Dr. Grace Wanjiku"]')!;
    expect(week).not.toBeNull();
    expect(within(week).getByText('Monday').nextSibling).toHaveTextContent('09:00–13:00, 14:00–16:00');
    expect(within(week).getByText('Thursday').nextSibling).toHaveTextContent('14:00–17:00');
    expect(grace).toHaveTextContent(/20-minute slots, from .*2026/);
    expect(grace).toHaveTextContent(/New hours from .*2027/);
    expect(grace).toHaveTextContent('Tuesday08:00–12:00');

    const brian = screen.getByTestId('doctor-hours-2');
    expect(brian).toHaveTextContent("No hours of their own: the clinic's slots");
    expect(brian).toHaveTextContent('On Monday, Friday');
    const amina = screen.getByTestId('doctor-hours-3');
    expect(amina).toHaveTextContent('Every day the clinic is open');
    expect(amina).toHaveTextContent('Awaiting approval');
    expect(screen.getByTestId('doctor-hours-4')).toHaveTextContent('No sessions: not seeing patients');
    // read-only: nothing here edits or removes hours
    expect(grace.querySelector('button')).toBeNull();
    expect(calls.setDoctorHours).not.toHaveBeenCalled();
  });

  it("says when the doctors' hours could not be loaded, with a retry", async () => {
    calls.allDoctorHours.mockRejectedValue(new ApiError("Failed to load the doctors' hours", 500, ''));
    renderPage();
    expect(await screen.findByText("Failed to load the doctors' hours")).toBeInTheDocument();
  });
});

describe('Clinic calendar: moving a visit that needs a new time to a colleague', () => {
  const day = addDays(today, 4);
  const waiting = {
    ...visit(61, addDays(today, 3), '10:30 AM', 'Achieng Odhiambo'),
    doctor_id: 3,
    doctor_name: 'Amina Hassan',
    specialization: 'Pediatrics',
    cause: 'leave',
    since: created_at,
  };
  const doctor = (doctor_id: number, first_name: string, specialization: string, approved = true) => ({ doctor_id, first_name, last_name: 'Test', specialization, approved });

  it('offers only approved colleagues of the same specialty and their free times, then moves the visit', async () => {
    calls.needsNewTime.mockResolvedValue([waiting]);
    calls.adminDoctors.mockResolvedValue({
      doctors: [doctor(3, 'Amina', 'Pediatrics'), doctor(7, 'Zawadi', 'Pediatrics'), doctor(8, 'Brian', 'Dermatology'), doctor(9, 'Jabali', 'Pediatrics', false)],
      pending: 1,
    });
    calls.availability.mockResolvedValue({ doctor_id: 7, date: day, bookable_date: true, slots: [{ time_slot: '09:00 AM', available: false }, { time_slot: '11:00 AM', available: true }] });
    calls.moveToColleague.mockResolvedValue({ appointment: { appointment_id: 61 }, message: 'Appointment moved to the colleague!' });
    renderPage();
    fireEvent.click(await screen.findByTestId('move-61'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("Achieng Odhiambo's visit with Dr. Amina Hassan");

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Colleague' }));
    await screen.findAllByTitle('Dr. Zawadi Test');
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(offered).toEqual(['Dr. Zawadi Test']);
    fireEvent.click(screen.getAllByTitle('Dr. Zawadi Test').pop()!);
    typeDate('New date', day);
    await waitFor(() => expect(calls.availability).toHaveBeenCalledWith({ query: { doctor_id: 7, date: day } }, expect.anything()));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'New time' }));
    await waitFor(() => expect(screen.getAllByTitle('11:00 AM').length).toBeGreaterThan(0));
    expect(screen.queryByTitle('09:00 AM')).not.toBeInTheDocument(); // taken
    fireEvent.click(screen.getAllByTitle('11:00 AM').pop()!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move visit' }));
    await waitFor(() =>
      expect(calls.moveToColleague).toHaveBeenCalledWith({ params: { id: 61 }, body: { doctor_id: 7, appointment_date: day, time_slot: '11:00 AM' } }, expect.anything()),
    );
    expect(await screen.findByText('Visit moved to the colleague.')).toBeInTheDocument();
  });

  it("says the server's refusal in the dialog and keeps the colleague and the date", async () => {
    calls.needsNewTime.mockResolvedValue([waiting]);
    calls.adminDoctors.mockResolvedValue({ doctors: [doctor(7, 'Zawadi', 'Pediatrics')], pending: 0 });
    calls.availability.mockResolvedValue({ doctor_id: 7, date: day, bookable_date: true, slots: [{ time_slot: '11:00 AM', available: true }] });
    calls.moveToColleague.mockRejectedValue(new ApiError('That time slot is no longer available. Please choose another.', 409, 'That time slot is no longer available. Please choose another.'));
    renderPage();
    fireEvent.click(await screen.findByTestId('move-61'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Colleague' }));
    fireEvent.click((await screen.findAllByTitle('Dr. Zawadi Test')).pop()!);
    typeDate('New date', day);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'New time' }));
    fireEvent.click((await screen.findAllByTitle('11:00 AM')).pop()!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move visit' }));
    expect(await within(dialog).findByText('That time slot is no longer available. Please choose another.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New date' })).toHaveValue(day);
    expect(within(dialog).getByRole('button', { name: 'Move visit' })).toBeDisabled(); // the time is chosen again
  });
});
