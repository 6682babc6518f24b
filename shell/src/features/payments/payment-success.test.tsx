import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { renderAt } from '../../../test/render';
import { PaymentSuccessPage, readSuccessParams } from './PaymentSuccessPage';

/** Interactive content inside interactive content (a button in a link): invalid HTML, two Tab stops for one action. */
const nestedControls = () => document.querySelectorAll('a button, a a, button a, button button, a [tabindex], button [tabindex]').length;

// The confirmation is a declared call (calls.payments.confirm, whose client libs/api-client/calls.test.ts covers):
// stubbed by name; the page and its query run as they are.
const mockConfirm = jest.fn();
jest.mock('shell/api-client', () => ({ ...jest.requireActual('shell/api-client'), calls: { payments: { confirm: (...args: unknown[]) => mockConfirm(...args) } } }));
const post = mockConfirm;
beforeEach(() => jest.clearAllMocks());

const route = '/payment-success?session_id=cs_test_1&appointment_id=12&amount=1500';

describe('/payment-success', () => {
  it('reads the three parameters, refusing missing or malformed ones', () => {
    expect(readSuccessParams(new URLSearchParams('session_id=cs_1&appointment_id=12&amount=1500'))).toEqual({ sessionId: 'cs_1', appointmentId: 12, amount: 1500 });
    expect(readSuccessParams(new URLSearchParams('appointment_id=12&amount=1500'))).toBeNull();
    expect(readSuccessParams(new URLSearchParams('session_id=cs_1&amount=1500'))).toBeNull();
    expect(readSuccessParams(new URLSearchParams('session_id=cs_1&appointment_id=x&amount=1500'))).toBeNull();
  });

  it('shows progress, asks the server to confirm, then the success view with both links', async () => {
    let resolve!: (value: unknown) => void;
    post.mockReturnValueOnce(new Promise((r) => (resolve = r)) as never);
    renderAt(<PaymentSuccessPage />, { route, path: '/payment-success' });
    expect(screen.getByText('Confirming your payment with the payment provider…')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith({ body: { appointment_id: 12, amount: 1500, transaction_id: 'cs_test_1', payment_status: 'completed' } }, expect.anything());
    resolve({ paid: true, message: 'Payment confirmed successfully!', payment: null });
    expect(await screen.findByText('Payment confirmed successfully!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Payment History' })).toHaveAttribute('href', '/dashboard/payments');
    expect(screen.getByRole('link', { name: 'View Appointments' })).toHaveAttribute('href', '/dashboard/appointments');
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(nestedControls()).toBe(0);
  });

  it('moves focus to the result’s heading once it is shown (the page opens a document: nothing else would)', async () => {
    post.mockResolvedValueOnce({ paid: true, message: 'Payment confirmed successfully!', payment: null } as never);
    renderAt(<PaymentSuccessPage />, { route, path: '/payment-success' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment confirmed successfully!' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('the links route inside the app', async () => {
    post.mockResolvedValueOnce({ paid: true, message: 'Payment confirmed successfully!', payment: null } as never);
    renderAt(<PaymentSuccessPage />, { route, path: '/payment-success' });
    fireEvent.click(await screen.findByRole('link', { name: 'View Appointments' }));
    await waitFor(() => expect(screen.getAllByTestId('location')[0]).toHaveTextContent('/dashboard/appointments'));
  });

  it('still shows the view, with the error, when the confirmation fails', async () => {
    post.mockRejectedValueOnce(new ApiError('Failed to confirm payment. Please contact support.', 502));
    renderAt(<PaymentSuccessPage />, { route, path: '/payment-success' });
    expect(await screen.findByText('Failed to confirm payment. Please contact support.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Appointments' })).toBeInTheDocument();
  });

  it("missing parameters: 'Missing payment information' and back to the appointments", async () => {
    renderAt(<PaymentSuccessPage />, { route: '/payment-success?appointment_id=12', path: '/payment-success' });
    await waitFor(() => expect(screen.getAllByTestId('location')[0]).toHaveTextContent('/dashboard/appointments'));
    expect(post).not.toHaveBeenCalled();
  });
});
