import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { nairobiDate } from 'shell/ui-kit';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import { AdminAppointmentsPage, DELETE_CONFIRM } from './AdminAppointmentsPage';

// The changes themselves (requests, cache, toasts) are tested on the hook (api.test.ts) and the amount
// editor alone (amount.test.tsx); this file checks what the page puts together.
const { adminSearch: get, setAmount: patch, remove: del } = stubDeclaredCalls().appointments;
/** One change and a blur per field (no key-by-key typing: each key re-renders the list). */
function typeInto(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

const doctor = { doctor_id: 1, first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology' };
const row = (appointment_id: number, days: number, extra: object) => ({
  appointment_id,
  appointment_date: nairobiDate(days),
  time_slot: '09:00 AM',
  appointment_status: 'Pending',
  appointment_type: 'Consultation',
  total_amount: 3500,
  paid: false,
  patient_full_name: null,
  user: { firstname: null, lastname: null },
  doctor,
  ...extra,
});
const LIST = [
  row(21, 1, { patient_full_name: 'Baraka Mutua' }),
  row(22, 0, { appointment_status: 'Confirmed', total_amount: 200, paid: true, user: { firstname: 'Wanjiru', lastname: 'Kamau' }, doctor: { ...doctor, first_name: 'Ibrahim', last_name: 'Abdi' } }),
  row(23, -4, { appointment_status: 'Completed', total_amount: 150, paid: true, patient_full_name: 'Amina Hassan' }),
];
const cards = () => screen.queryAllByTestId('appointment-card');
const card = (id: number) => cards().find((c) => c.getAttribute('data-appointment-id') === String(id))!;
const ids = () => cards().map((c) => Number(c.getAttribute('data-appointment-id')));

let rows = LIST;
beforeEach(() => {
  jest.clearAllMocks();
  rows = LIST;
  get.mockImplementation(async ({ query }: { query: Record<string, string | number> }) => {
    const params = query;
    const shown = params.search === 'abdi' ? rows.filter((r) => r.appointment_id === 22) : rows;
    return { appointments: shown, total: params.search === 'abdi' ? 1 : 57, page: params.page, limit: 20 };
  });
});
const renderPage = () => renderAt(<AdminAppointmentsPage />);

describe('admin appointments', () => {
  it('shows a page from the server with patient and doctor names; search and pages go to the server', async () => {
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(within(card(22)).getByText('Wanjiru Kamau')).toBeInTheDocument();
    expect(within(card(22)).getByText('Dr. Ibrahim Abdi')).toBeInTheDocument();
    expect(within(card(21)).getByText('Ksh 3,500')).toBeInTheDocument();
    expect(screen.getByTestId('results-count')).toHaveTextContent('Showing 3 of 57 appointments');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith({ query: { page: 3, limit: 20 } }, expect.anything()));
    typeInto(screen.getByLabelText('Search appointments'), 'abdi');
    await waitFor(() => expect(ids()).toEqual([22]));
    expect(get).toHaveBeenLastCalledWith({ query: { page: 1, limit: 20, search: 'abdi' } }, expect.anything());
    expect(screen.getByTestId('results-count')).toHaveTextContent('Showing 1 of 1 appointment');
  });

  it('saves an amount edited on a card and shows it', async () => {
    patch.mockResolvedValue({ appointment: { ...LIST[0], total_amount: 4200 }, message: 'Amount updated!' });
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Edit amount of appointment #21' }));
    const input = screen.getByLabelText('Amount of appointment #21 in Ksh');
    typeInto(input, '4200');
    fireEvent.click(within(card(21)).getByRole('button', { name: 'Save' }));
    expect(await within(card(21)).findByText('Ksh 4,200')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith({ params: { id: 21 }, body: { total_amount: 4200 } }, expect.anything());
  });

  it(`deletes only after '${DELETE_CONFIRM}'`, async () => {
    del.mockResolvedValue(undefined);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(within(card(23)).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(DELETE_CONFIRM);
    expect(del).not.toHaveBeenCalled();
    rows = LIST.filter((r) => r.appointment_id !== 23);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(ids()).toEqual([21, 22]));
    expect(del).toHaveBeenCalledWith({ params: { id: 23 } }, expect.anything());
  });

  it("shows 'Error loading appointments: {error}' with Retry, then the empty state", async () => {
    get.mockReset();
    get.mockRejectedValueOnce(new ApiError('Failed to fetch appointments', 503)).mockResolvedValueOnce({ appointments: [], total: 0 });
    renderPage();
    expect(await screen.findByText('Error loading appointments: Failed to fetch appointments')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No appointments have been booked yet.')).toBeInTheDocument();
  });
});
