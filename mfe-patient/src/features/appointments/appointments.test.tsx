import { MemoryRouter } from 'react-router-dom';
import { AppointmentMessages } from '@afya/appointment-service/contracts/catalog';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { queryKeys } from 'shell/api-client';
import { slotMinutes } from 'shell/ui-kit';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { queryWrapper, renderAt } from '../../../../shell/test/render';
import * as api from '../../api/appointments';
import { AppointmentActions } from './AppointmentActions';
import { AppointmentsPage } from './AppointmentsPage';
import { cancelRule, canPay, canRate, hasActions, needsNewTime, rescheduleRule } from './appointments.logic';
import { NewTimeNotice } from './NewTimeNotice';
import { RateAppointment } from './RateAppointment';
import { showsReminders } from './VisitReminders';

// The HTTP layer is stubbed: components, hooks and the api module run as they are.
const stubs = stubDeclaredCalls();
const { rate: post, setStatus: patch } = stubs.appointments;

const now = new Date('2026-11-21T09:00:00+03:00').getTime();
const a = (date: string, slot: string, status: api.Appointment['appointment_status'], extra: Partial<api.Appointment> = {}) =>
  ({ appointment_id: 1, appointment_date: date, time_slot: slot, appointment_status: status, total_amount: 200, paid: false, rating: null, ...extra }) as api.Appointment;

beforeEach(() => jest.clearAllMocks());

describe('cancel, pay and rate rules', () => {
  it('allows cancelling Pending/Confirmed at least the catalog notice (24 hours) ahead only', () => {
    expect(cancelRule(a('2026-11-22', '09:00 AM', 'Pending'), now)).toEqual({ show: true, allowed: true });
    expect(cancelRule(a('2026-11-22', '09:00 AM', 'Confirmed'), now).allowed).toBe(true);
    expect(cancelRule(a('2026-11-22', '08:30 AM', 'Confirmed'), now)).toEqual({ show: true, allowed: false, reason: AppointmentMessages.cancelTooLate });
    expect(cancelRule(a('2026-11-21', '02:00 PM', 'Pending'), now).allowed).toBe(false);
    expect(cancelRule(a('2026-11-30', '09:00 AM', 'Completed'), now).show).toBe(false);
    expect(cancelRule(a('2026-11-30', '09:00 AM', 'Cancelled'), now).show).toBe(false);
    expect(slotMinutes('08:30 AM')).toBe(510);
  });

  it('offers pay only for unpaid Pending/Confirmed with an amount, and rating only once completed', () => {
    expect(canPay(a('2026-11-30', '09:00 AM', 'Pending'))).toBe(true);
    expect(canPay(a('2026-11-30', '09:00 AM', 'Confirmed', { paid: true }))).toBe(false);
    expect(canPay(a('2026-11-30', '09:00 AM', 'Completed'))).toBe(false);
    expect(canPay(a('2026-11-30', '09:00 AM', 'Pending', { total_amount: 0 }))).toBe(false);
    expect(canRate(a('2026-11-10', '09:00 AM', 'Completed'))).toBe(true);
    expect(canRate(a('2026-11-30', '09:00 AM', 'Confirmed'))).toBe(false);
  });

  it('gives a card buttons only when one of them applies', () => {
    expect(hasActions(a('2026-11-25', '09:00 AM', 'Cancelled'), false, now)).toBe(false);
    expect(hasActions(a('2026-11-25', '09:00 AM', 'Cancelled'), true, now)).toBe(true);
    expect(hasActions(a('2026-11-21', '02:00 PM', 'Confirmed', { paid: true }), false, now)).toBe(true); // the locked Cancel
    expect(hasActions(a('2026-11-10', '09:00 AM', 'Completed'), false, now)).toBe(true); // Rate Visit
  });
});

describe('a card’s actions', () => {
  const renderActions = (appt: api.Appointment, props: Partial<Parameters<typeof AppointmentActions>[0]> = {}) => {
    const handlers = { onPay: jest.fn(), onCancel: jest.fn(), onReschedule: jest.fn(), onViewPrescription: jest.fn(), onRated: jest.fn() };
    const Query = queryWrapper().wrapper;
    render(<AppointmentActions appointment={appt} cancelling={false} now={now} {...handlers} {...props} />, {
      wrapper: ({ children }) => (
        <MemoryRouter>
          <Query>{children}</Query>
        </MemoryRouter>
      ),
    });
    return handlers;
  };

  it('offers Pay Now and Cancel on an open visit far enough ahead', async () => {
    const { onPay, onCancel } = renderActions(a('2026-11-25', '09:00 AM', 'Pending'));
    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    expect(onPay).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('offers Reschedule beside Cancel on an open visit far enough ahead', () => {
    const { onReschedule } = renderActions(a('2026-11-25', '09:00 AM', 'Confirmed', { paid: true }));
    fireEvent.click(screen.getByRole('button', { name: /Reschedule/ }));
    expect(onReschedule).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('disables Reschedule and Cancel within the notice period, saying why', () => {
    renderActions(a('2026-11-21', '02:00 PM', 'Confirmed', { paid: true }));
    expect(screen.getByRole('button', { name: /Reschedule/ })).toBeDisabled();
    expect(screen.getByLabelText(`Reschedule unavailable: ${AppointmentMessages.rescheduleTooLate}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByTestId('cancel-locked')).toHaveAccessibleName(/at least 24 hours before they start/);
    expect(screen.queryByRole('button', { name: /Pay Now/ })).not.toBeInTheDocument();
    // ...and offers the way that still works: support.
    expect(screen.getByRole('link', { name: /Contact support to cancel/ })).toHaveAttribute('href', '/dashboard/support');
  });

  it('offers no support link while Cancel itself works', () => {
    renderActions(a('2026-11-25', '09:00 AM', 'Pending'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: /Contact support/ })).not.toBeInTheDocument();
  });

  it('on a completed visit offers Rate Visit and View Prescription, no Cancel', () => {
    const { onViewPrescription } = renderActions(a('2026-11-10', '09:00 AM', 'Completed'), { prescriptionId: 12 });
    expect(screen.getByRole('button', { name: /Rate Visit/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reschedule/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /View Prescription/ }));
    expect(onViewPrescription).toHaveBeenCalledWith(12);
  });

  it('renders nothing on a cancelled visit', () => {
    const { container } = render(
      <AppointmentActions appointment={a('2026-11-25', '09:00 AM', 'Cancelled')} cancelling={false} now={now} onPay={jest.fn()} onCancel={jest.fn()} onReschedule={jest.fn()} onViewPrescription={jest.fn()} onRated={jest.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('rating a visit', () => {
  it('wants 1-5 stars, then saves them with the comment', async () => {
    post.mockResolvedValue(undefined);
    const onRated = jest.fn();
    render(<RateAppointment appointment={a('2026-11-10', '02:00 PM', 'Completed', { appointment_id: 103 })} onRated={onRated} />, { wrapper: queryWrapper().wrapper });
    fireEvent.click(screen.getByRole('button', { name: /Rate Visit/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(await within(dialog).findByText('Please choose 1 to 5 stars.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    const stars = within(dialog).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    fireEvent.click(stars[3]!);
    fireEvent.change(within(dialog).getByLabelText('Comment (optional)'), { target: { value: 'Very thorough' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith({ params: { id: 103 }, body: { rating: 4, comment: 'Very thorough' } }, expect.anything()));
    await waitFor(() => expect(onRated).toHaveBeenCalledWith(4, 'Very thorough'));
  });

  it('shows a given rating read-only', () => {
    render(<RateAppointment appointment={a('2026-11-10', '02:00 PM', 'Completed', { rating: 4 })} onRated={jest.fn()} />, { wrapper: queryWrapper().wrapper });
    expect(screen.getByLabelText('You rated this visit 4 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rate Visit/ })).not.toBeInTheDocument();
  });
});

describe('useCancelAppointment', () => {
  it('cancels and makes every appointments query stale (the lists, and the slot it frees)', async () => {
    const { wrapper, client } = queryWrapper();
    client.setQueryData(queryKeys.availability(7, '2026-11-25'), { slots: [] });
    patch.mockResolvedValue({ appointment: a('2026-11-25', '09:00 AM', 'Cancelled', { appointment_id: 101 }) });
    const { result } = renderHook(() => api.useCancelAppointment(), { wrapper });
    const updated = await act(() => result.current.mutateAsync(101));
    expect(patch).toHaveBeenCalledWith({ params: { id: 101 }, body: { status: 'Cancelled' } }, expect.anything());
    expect(updated.appointment_status).toBe('Cancelled');
    expect(client.getQueryState(queryKeys.availability(7, '2026-11-25'))?.isInvalidated).toBe(true);
  });
});

describe('a visit that needs a new time (issue 37)', () => {
  const afterCleanup: (() => void)[] = [];
  afterEach(() => afterCleanup.splice(0).forEach((undo) => undo()));
  const since = '2026-11-20T10:00:00.000Z';
  const flagged = (cause: 'leave' | 'closure' | 'hours', extra: Partial<api.Appointment> = {}) =>
    a('2026-11-25', '09:00 AM', 'Confirmed', { appointment_id: 7, paid: true, needs_new_time: { cause, since, closure_name: cause === 'closure' ? 'Jamhuri Day' : null }, ...extra });

  it('is an open visit carrying the flag; Reschedule and Cancel stay allowed inside the notice period', () => {
    expect(needsNewTime(flagged('leave'))).toBe(true);
    expect(needsNewTime(a('2026-11-25', '09:00 AM', 'Confirmed'))).toBe(false);
    expect(needsNewTime({ ...a('2026-11-25', '09:00 AM', 'Confirmed'), needs_new_time: null })).toBe(false);
    expect(needsNewTime(flagged('leave', { appointment_status: 'Cancelled' }))).toBe(false);
    // two hours ahead: too late for an ordinary visit, not for one the clinic moved away
    const soon = { appointment_date: '2026-11-21', time_slot: '11:00 AM' };
    expect(rescheduleRule(a(soon.appointment_date, soon.time_slot, 'Confirmed'), now).allowed).toBe(false);
    expect(rescheduleRule(flagged('closure', soon), now)).toEqual({ show: true, allowed: true });
    expect(cancelRule(flagged('hours', soon), now)).toEqual({ show: true, allowed: true });
  });

  it.each([
    ['leave', 'Your doctor is away on this day.'],
    ['closure', 'The clinic is closed on this day (Jamhuri Day).'],
    ['hours', 'Your doctor no longer sees patients at this time.'],
  ] as const)('says why (%s) and offers Pick a new time', (cause, why) => {
    const onPickNewTime = jest.fn();
    render(<NewTimeNotice appointment={flagged(cause)} onPickNewTime={onPickNewTime} />);
    const notice = screen.getByTestId('needs-new-time-7');
    expect(within(notice).getByText('This visit needs a new time')).toBeInTheDocument();
    expect(notice).toHaveTextContent(why);
    expect(notice).toHaveTextContent('your payment stays with the visit');
    fireEvent.click(within(notice).getByRole('button', { name: /Pick a new time/ }));
    expect(onPickNewTime).toHaveBeenCalledTimes(1);
  });

  it('shows nothing on a visit without the flag, or a cancelled one', () => {
    const { container } = render(<NewTimeNotice appointment={a('2026-11-25', '09:00 AM', 'Confirmed')} onPickNewTime={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
    render(<NewTimeNotice appointment={flagged('leave', { appointment_status: 'Cancelled' })} onPickNewTime={jest.fn()} />);
    expect(screen.queryByText('This visit needs a new time')).not.toBeInTheDocument();
  });

  it('on My Appointments: the flagged card says so and Pick a new time opens the reschedule dialog for it', async () => {
    const visit = {
      ...flagged('closure'),
      doctor_id: 3,
      doctor: { doctor_id: 3, first_name: 'Amina', last_name: 'Hassan', specialization: 'Pediatrics' },
      user_id: 1,
      created_at: since,
    } as api.Appointment;
    const other = { ...a('2026-11-26', '10:00 AM', 'Pending'), appointment_id: 8, doctor_id: 3, doctor: visit.doctor, needs_new_time: null, created_at: since } as api.Appointment;
    stubs.appointments.listOwn.mockResolvedValue({ headers: { 'x-total-count': '2' }, body: [visit, other] });
    stubs.appointments.doctors.mockResolvedValue({ doctors: [] });
    stubs.prescriptions.listUser.mockResolvedValue({ headers: { 'x-total-count': '0' }, body: [] });
    // the page's rules read the clock: a fixed morning (21 November), both visits days ahead
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    afterCleanup.push(() => clock.mockRestore());
    renderAt(<AppointmentsPage />, { route: '/dashboard/appointments', path: '/dashboard/appointments' });

    const notice = await screen.findByTestId('needs-new-time-7');
    expect(notice).toHaveTextContent('The clinic is closed on this day (Jamhuri Day).');
    expect(screen.queryByTestId('needs-new-time-8')).not.toBeInTheDocument();
    // the flagged card offers Pick a new time instead of a second Reschedule; the other card keeps Reschedule
    expect(screen.queryByTestId('reschedule-7')).not.toBeInTheDocument();
    expect(screen.getByTestId('reschedule-8')).toBeInTheDocument();
    fireEvent.click(within(notice).getByRole('button', { name: /Pick a new time/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reschedule appointment')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/Amina Hassan/);
  });

  it("shows each upcoming visit's reminders, scheduled and sent; none on a past or cancelled one", async () => {
    expect(showsReminders(a('2026-11-25', '09:00 AM', 'Pending'), now)).toBe(true);
    expect(showsReminders(a('2026-11-20', '09:00 AM', 'Pending'), now)).toBe(false);
    expect(showsReminders(a('2026-11-25', '09:00 AM', 'Cancelled'), now)).toBe(false);
    const visit = { ...a('2026-11-22', '09:00 AM', 'Confirmed'), appointment_id: 9, doctor_id: 3, doctor: { doctor_id: 3, first_name: 'Amina', last_name: 'Hassan', specialization: 'Pediatrics' }, needs_new_time: null, created_at: since } as api.Appointment;
    stubs.appointments.listOwn.mockResolvedValue({ headers: { 'x-total-count': '1' }, body: [visit] });
    stubs.appointments.doctors.mockResolvedValue({ doctors: [] });
    stubs.prescriptions.listUser.mockResolvedValue({ headers: { 'x-total-count': '0' }, body: [] });
    stubs.support.appointmentReminders.mockResolvedValue({
      appointment_id: 9,
      reminders: [
        { kind: 'reminder-24h', due_at: '2026-11-21T06:00:00.000Z', channels: [{ channel: 'sms', status: 'delivered', sent_at: '2026-11-21T06:00:01.000Z' }, { channel: 'email', status: 'skipped', sent_at: null }] },
        { kind: 'reminder-2h', due_at: '2026-11-22T04:00:00.000Z', channels: [{ channel: 'sms', status: 'scheduled', sent_at: null }, { channel: 'email', status: 'scheduled', sent_at: null }] },
      ],
    });
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    afterCleanup.push(() => clock.mockRestore());
    renderAt(<AppointmentsPage />, { route: '/dashboard/appointments', path: '/dashboard/appointments' });
    const reminders = await screen.findByTestId('reminders-9');
    expect(stubs.support.appointmentReminders).toHaveBeenCalledWith({ params: { id: 9 } }, expect.anything());
    expect(within(reminders).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'SMS sent on 21 Nov, 09:00 ✓',
      'Email not sent (21 Nov, 09:00)',
      'SMS and email on 22 Nov, 07:00',
    ]);
  });
});
