import { addDays, clinicToday } from '@afya/appointment-service/contracts/booking-rules';
import { kenyaFixedHolidays } from '@afya/appointment-service/contracts/doctor-hours';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt, typeDate } from '../../../../shell/test/render';
import { ClinicCalendarPage } from './ClinicCalendarPage';

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
