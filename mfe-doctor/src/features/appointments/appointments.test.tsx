import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shell/api-client';
import { nairobiDate } from 'shell/ui-kit';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import { DoctorAppointmentsPage } from './DoctorAppointmentsPage';

// The rules (agenda order, day groups, when Completed is allowed) are tested in agenda.test.ts and the status
// change in src/api/appointments.test.tsx; this file checks the page puts them together.
// The agenda is a declared list call: the bare array, its total in X-Total-Count.
const list = stubDeclaredCalls().appointments.listForDoctor;
const page = (rows: unknown[]) => ({ headers: { 'x-total-count': String(rows.length) }, body: rows });

const visit = (appointment_id: number, days: number, time_slot: string, extra: object = {}) => ({
  appointment_id,
  appointment_date: nairobiDate(days),
  time_slot,
  appointment_status: 'Confirmed',
  appointment_type: 'Consultation',
  total_amount: 3500,
  paid: false,
  notes: null,
  patient_full_name: `Patient ${appointment_id}`,
  doctor: { specialization: 'Cardiology' },
  ...extra,
});
// The server's old order (furthest first): the page must not depend on it.
const LIST = [visit(13, 5, '09:00 AM'), visit(11, 1, '02:00 PM'), visit(12, 1, '09:00 AM'), visit(14, -3, '10:00 AM', { appointment_status: 'Completed' })];

beforeEach(() => {
  jest.clearAllMocks();
  list.mockResolvedValue(page(LIST));
});
const renderPage = () => renderAt(<DoctorAppointmentsPage />);
const cardIds = (el: HTMLElement) => within(el).queryAllByTestId('appointment-card').map((c) => Number(c.getAttribute('data-appointment-id')));

describe("the doctor's agenda page", () => {
  it('shows a header per day, soonest first, the past after', async () => {
    renderPage();
    const days = await screen.findAllByTestId('agenda-day');
    expect(days.map((d) => d.getAttribute('aria-label')!.split(' · ')[0])).toEqual(['Tomorrow', expect.any(String), expect.any(String)]);
    expect(days.map(cardIds)).toEqual([[12, 11], [13], [14]]);
    expect(within(days[0]!).getByText('Patient 12')).toBeInTheDocument();
    expect(within(days[0]!).getByRole('heading')).toHaveTextContent('2 appointments');
    // Each card's status control shows the visit's status (its options: statusOptions in agenda.test.ts).
    expect(within(days[0]!).getByRole('combobox', { name: 'Status of appointment #12' })).toBeInTheDocument();
  });

  it("shows 'Error loading appointments: {error}' with Retry, then the empty state", async () => {
    list.mockRejectedValueOnce(new ApiError('Gateway timeout', 504, 'Gateway timeout')).mockResolvedValueOnce(page([]));
    renderPage();
    expect(await screen.findByText('Error loading appointments: Gateway timeout')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No appointments yet.')).toBeInTheDocument();
  });
});
