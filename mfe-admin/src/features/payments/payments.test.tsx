import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt } from '../../../../shell/test/render';
import { AdminPaymentsPage } from './AdminPaymentsPage';

// The declared calls are stubbed by name (calls.payments, whose client shell/libs/api-client/calls.test.ts covers):
// the page, its queries and the refund dialog run as they are.
const mockPayments = { adminList: jest.fn(), disputes: jest.fn(), refund: jest.fn() };
jest.mock('shell/api-client', () => ({ ...jest.requireActual('shell/api-client'), calls: { get payments() { return mockPayments; } } }));
const post = mockPayments.refund;
beforeEach(() => jest.clearAllMocks());

const payment = (id: number, extra: Record<string, unknown> = {}) => ({
  payment_id: id,
  appointment_id: 20 + id,
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
});

function stub() {
  mockPayments.disputes.mockResolvedValue({ open: 1, disputes: [{ dispute_id: 1, payment_id: 2, appointment_id: 22, reason: 'Card dispute opened (fraudulent)', source: 'stripe', amount: 1500, resolved: false, created_at: '2026-11-21T10:00:00Z' }] });
  mockPayments.adminList.mockResolvedValue({ payments: [payment(1), payment(2, { method: 'mpesa', mpesa_receipt: 'SBX123', transaction_id: 'SBX123', patient_name: 'Kamau Njoroge' }), payment(3, { payment_status: 'failed', failure_reason: 'The payment was cancelled on the phone.' })] });
}

it('lists every payment with the patient, the open disputes, and refunds only completed ones', async () => {
  stub();
  renderAt(<AdminPaymentsPage />);
  expect(await screen.findByText('Kamau Njoroge')).toBeInTheDocument();
  expect(screen.getByTestId('payment-disputes')).toHaveTextContent('Payment disputes (1)');
  expect(screen.getByTestId('payment-disputes')).toHaveTextContent('Card dispute opened (fraudulent)');
  expect(screen.getByLabelText('Refund payment 1')).toBeInTheDocument();
  expect(screen.queryByLabelText('Refund payment 3')).not.toBeInTheDocument();
  expect(screen.getByText('The payment was cancelled on the phone.')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Search payments'), { target: { value: 'sbx123' } });
  expect(screen.queryByText('Wanjiru Kamau')).not.toBeInTheDocument();
  expect(screen.getByText('1 payment')).toBeInTheDocument();
});

it('asks for a reason before refunding, then refunds through the API', async () => {
  stub();
  post.mockResolvedValueOnce({ message: 'Payment refunded', payment: payment(2, { payment_status: 'refunded' }) } as never);
  renderAt(<AdminPaymentsPage />);
  fireEvent.click(await screen.findByLabelText('Refund payment 2'));
  const dialog = (await screen.findByText('Refund payment #2?')).closest('.ant-modal') as HTMLElement;
  expect(dialog).toHaveTextContent('M-Pesa: the payment is marked refunded');
  const ok = within(dialog).getByText('Refund', { selector: 'button span' }).closest('button')!;
  expect(ok).toBeDisabled();
  fireEvent.change(within(dialog).getByLabelText('Refund reason'), { target: { value: 'Doctor unavailable' } });
  expect(ok).toBeEnabled();
  fireEvent.click(ok);
  await waitFor(() => expect(post).toHaveBeenCalledWith({ params: { id: '2' }, body: { reason: 'Doctor unavailable' } }, expect.anything()));
});
