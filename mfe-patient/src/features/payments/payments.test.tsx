import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { queryWrapper } from '../../../../shell/test/render';
import type { Payment } from '../../api/payments';
import { PayAppointmentDialog } from '../../shared/payments/PayAppointmentDialog';
import { PaymentHistoryPage } from './PaymentHistoryPage';
import { initialMpesaPhone, PaymentOptions } from '../../shared/payments/PaymentOptions';
import { PAYMENT_MESSAGES } from '@afya/payment-service/contracts/catalog';
import { useSession } from 'shell/session';
import { filterPayments, inPeriod, NO_PAYMENT_FILTERS } from './payments.logic';

// The HTTP layer is stubbed: components, hooks and the api module run as they are. The STK push, its status and the
// history are declared calls (calls.payments.stkPush, stkStatus, history, whose client shell/libs/api-client/calls.test.ts
// covers): stubbed by name.
const declared = stubDeclaredCalls();
const post = declared.payments.stkPush;
const get = declared.payments.stkStatus;
const history = declared.payments.history;
beforeEach(() => jest.clearAllMocks());

const payment = (id: number, extra: Partial<Payment> = {}): Payment =>
  ({
    payment_id: id,
    appointment_id: 10 + id,
    transaction_id: `cs_test_${id}`,
    amount: 1500,
    payment_status: 'completed',
    method: 'card',
    mpesa_receipt: null,
    phone: null,
    failure_reason: null,
    refund_reason: null,
    refunded_at: null,
    paid_at: '2026-11-20T10:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    user_id: 2,
    patient_name: 'Wanjiru Kamau',
    appointment: { appointment_date: '2026-11-25', time_slot: '09:00 AM', doctor: { doctor_id: 1, first_name: 'Grace', last_name: 'Wanjiku' } },
    ...extra,
  }) as Payment;

describe('payment rules of the screens', () => {
  it("starts the M-Pesa field with the profile's phone, in the local form when it is a Safaricom line", () => {
    expect(initialMpesaPhone('+254712345678')).toBe('0712 345 678');
    expect(initialMpesaPhone('0110123456')).toBe('0110 123 456');
    expect(initialMpesaPhone('0733 444 555')).toBe('0733 444 555');
    expect(initialMpesaPhone(undefined)).toBe('');
  });

  it('filters by search (transaction id, M-Pesa receipt, status), status and period (this week = last 7 days)', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const list = [
      payment(1, { created_at: '2026-11-22T08:00:00Z' }),
      payment(2, { method: 'mpesa', transaction_id: 'SBXABC', mpesa_receipt: 'SBXABC', created_at: '2026-11-16T08:00:00Z', payment_status: 'failed' }),
      payment(3, { created_at: '2025-12-01T08:00:00Z', payment_status: 'refunded' }),
    ];
    expect(filterPayments(list, { ...NO_PAYMENT_FILTERS, search: 'sbxabc' }, now).map((p) => p.payment_id)).toEqual([2]);
    expect(filterPayments(list, { ...NO_PAYMENT_FILTERS, search: 'refund' }, now).map((p) => p.payment_id)).toEqual([3]);
    expect(filterPayments(list, { ...NO_PAYMENT_FILTERS, status: 'failed' }, now).map((p) => p.payment_id)).toEqual([2]);
    expect(filterPayments(list, { ...NO_PAYMENT_FILTERS, period: 'week' }, now).map((p) => p.payment_id)).toEqual([1, 2]);
    expect(filterPayments(list, { ...NO_PAYMENT_FILTERS, period: 'year' }, now).map((p) => p.payment_id)).toEqual([1, 2]);
    expect(inPeriod('2026-11-14T11:00:00Z', 'week', now)).toBe(false);
  });
});

describe('PaymentOptions (M-Pesa)', () => {
  const renderOptions = () => render(<PaymentOptions appointmentId={7} amount={1500} pollMs={50} />, { wrapper: queryWrapper().wrapper });
  const submit = () => screen.getByRole('button', { name: /Pay Ksh 1,500 with M-Pesa/ });

  beforeEach(() => useSession.setState({ user: null }));

  it("starts with the profile's phone, so a patient with a Safaricom line pays in one click", async () => {
    useSession.setState({ user: { user_id: 2, firstname: 'Wanjiru', lastname: 'Kamau', email: 'w@afya.test', role: 'user', contact_phone: '+254712345678' } });
    post.mockResolvedValueOnce({ message: 'STK Push sent! Check your phone to complete payment.', checkout_request_id: 'ws_CO_9', payment_id: 9 });
    get.mockResolvedValue({ checkout_request_id: 'ws_CO_9', status: 'pending', reason: null, mpesa_receipt: null, payment_id: 9, appointment_id: 7 });
    renderOptions();
    expect(screen.getByLabelText('M-Pesa phone number')).toHaveValue('0712 345 678');
    fireEvent.click(submit());
    await waitFor(() => expect(post).toHaveBeenCalledWith({ body: { phone: '0712 345 678', amount: 1500, appointment_id: 7 } }, expect.anything()));
  });

  it('refuses an Airtel number (0733…) with the Safaricom message and no request', async () => {
    useSession.setState({ user: { user_id: 2, firstname: 'Wanjiru', lastname: 'Kamau', email: 'w@afya.test', role: 'user', contact_phone: '0733 444 555' } });
    renderOptions();
    expect(screen.getByLabelText('M-Pesa phone number')).toHaveValue('0733 444 555');
    fireEvent.click(submit());
    expect(await screen.findByText(PAYMENT_MESSAGES.notSafaricom)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('keeps confirm disabled while the phone is empty and refuses a non-Safaricom number without a request', async () => {
    renderOptions();
    expect(submit()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('M-Pesa phone number'), { target: { value: '0812 345 678' } });
    expect(submit()).toBeEnabled();
    fireEvent.click(submit());
    expect(await screen.findByText('Enter a valid Safaricom number, e.g. 0712 345 678')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the push, shows the live status, and offers a retry with the reason when it fails', async () => {
    post.mockResolvedValueOnce({ message: 'STK Push sent! Check your phone to complete payment.', checkout_request_id: 'ws_CO_1', payment_id: 5 });
    get.mockResolvedValueOnce({ checkout_request_id: 'ws_CO_1', status: 'pending', reason: null, mpesa_receipt: null, payment_id: 5, appointment_id: 7 });
    get.mockResolvedValue({ checkout_request_id: 'ws_CO_1', status: 'failed', reason: 'The payment was cancelled on the phone.', mpesa_receipt: null, payment_id: 5, appointment_id: 7 });
    renderOptions();
    fireEvent.change(screen.getByLabelText('M-Pesa phone number'), { target: { value: '0712 345 678' } });
    fireEvent.click(submit());
    await waitFor(() => expect(post).toHaveBeenCalledWith({ body: { phone: '0712 345 678', amount: 1500, appointment_id: 7 } }, expect.anything()));
    expect(await screen.findByText('Waiting for you to approve the payment on your phone…')).toBeInTheDocument();
    expect(await screen.findByText('The payment was cancelled on the phone.', {}, { timeout: 2000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('M-Pesa phone number')).toBeInTheDocument();
  });

  it('announces the status in one live region that is there before the push and stays while the status changes', async () => {
    post.mockResolvedValueOnce({ message: 'STK Push sent! Check your phone to complete payment.', checkout_request_id: 'ws_CO_2', payment_id: 6 });
    get.mockResolvedValueOnce({ checkout_request_id: 'ws_CO_2', status: 'pending', reason: null, mpesa_receipt: null, payment_id: 6, appointment_id: 7 });
    get.mockResolvedValue({ checkout_request_id: 'ws_CO_2', status: 'completed', reason: null, mpesa_receipt: 'SKA12345', payment_id: 6, appointment_id: 7 });
    renderOptions();
    const region = screen.getByRole('status', { name: 'M-Pesa payment status' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    fireEvent.change(screen.getByLabelText('M-Pesa phone number'), { target: { value: '0712 345 678' } });
    fireEvent.click(submit());
    await waitFor(() => expect(region).toHaveTextContent('Waiting for you to approve the payment on your phone…'));
    await waitFor(() => expect(region).toHaveTextContent('Payment received. Your appointment is paid.'), { timeout: 2000 });
    expect(screen.getByRole('status', { name: 'M-Pesa payment status' })).toBe(region);
  });

  it('takes one Tab stop for the payment method: the chosen radio, the arrow keys between them', () => {
    renderOptions();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(new Set(radios.map((r) => r.getAttribute('name'))).size).toBe(1);
    expect(radios[0]!.getAttribute('name')).toBeTruthy();
    expect(screen.getByRole('radiogroup')).toHaveAttribute('tabindex', '-1');
  });

  it("shows the server's message when the push cannot be sent", async () => {
    const { ApiError } = jest.requireActual('shell/api-client');
    post.mockRejectedValueOnce(new ApiError('Amount does not match the appointment', 400, 'Amount does not match the appointment'));
    renderOptions();
    fireEvent.change(screen.getByLabelText('M-Pesa phone number'), { target: { value: '0712345678' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Amount does not match the appointment')).toBeInTheDocument();
  });
});

describe('PaymentHistoryPage', () => {
  it('lists payments with View Receipt only on completed ones, and filters by status', async () => {
    history.mockResolvedValue({ headers: { 'x-total-count': '2' }, body: [payment(1), payment(2, { payment_status: 'failed', failure_reason: 'The payment was cancelled on the phone.', method: 'mpesa' })] });
    const { MemoryRouter } = jest.requireActual('react-router-dom');
    render(
      <MemoryRouter>
        <PaymentHistoryPage />
      </MemoryRouter>,
      { wrapper: queryWrapper().wrapper },
    );
    expect(await screen.findByTestId('payment-1')).toHaveTextContent('View Receipt');
    expect(screen.getByTestId('payment-2')).not.toHaveTextContent('View Receipt');
    expect(screen.getByTestId('payment-2')).toHaveTextContent('The payment was cancelled on the phone.');
    expect(screen.getByTestId('payments-count')).toHaveTextContent('Showing 2 of 2 payments');
    fireEvent.change(screen.getByLabelText('Search payments'), { target: { value: 'failed' } });
    expect(screen.queryByTestId('payment-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('payments-count')).toHaveTextContent('Showing 1 of 2 payments');
  });

  it('shows the contract message when the history cannot load', async () => {
    const { ApiError } = jest.requireActual('shell/api-client');
    history.mockRejectedValue(new ApiError('boom', 500));
    const { MemoryRouter } = jest.requireActual('react-router-dom');
    render(
      <MemoryRouter>
        <PaymentHistoryPage />
      </MemoryRouter>,
      { wrapper: queryWrapper().wrapper },
    );
    expect(await screen.findByText('Failed to load payment history. Please try again later.', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});

describe('the Complete Payment dialog', () => {
  it('names the appointment, its doctor and amount, offers the payment options, and closes', () => {
    const onClose = jest.fn();
    const { rerender } = render(<PayAppointmentDialog paying={{ appointmentId: 41, amount: 200, doctor: 'Dr. Grace Wanjiku' }} onClose={onClose} />, {
      wrapper: queryWrapper().wrapper,
    });
    const dialog = screen.getByRole('dialog', { name: 'Complete Payment' });
    expect(dialog).toHaveTextContent('Appointment #41 with Dr. Grace Wanjiku: Ksh 200');
    expect(within(dialog).getByText('M-Pesa')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    rerender(<PayAppointmentDialog paying={null} onClose={onClose} />);
    expect(screen.queryByText(/Appointment #41/)).not.toBeInTheDocument();
  });
});
