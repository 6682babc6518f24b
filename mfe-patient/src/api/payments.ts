import type { ConfirmCardPaymentReply, CreateCardPaymentReply, PaymentView, StkPushReply, StkStatusReply } from '@afya/payment-service/contracts';
import { PAYMENT_MESSAGES } from '@afya/payment-service/contracts/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, downloadBlob, listPage, queryKeys, withSubmissionKey } from 'shell/api-client';

export type Payment = PaymentView;

/** Payment history. Under no shared prefix: only payments change it (a completed payment also refreshes appointments). */
export const paymentsKey = ['payments', 'history'] as const;

export async function fetchPaymentHistory(): Promise<Payment[]> {
  return listPage(await calls.payments.history({ query: {} }, { context: { fallback: PAYMENT_MESSAGES.historyFailed } })).items;
}

export function usePaymentHistory() {
  return useQuery({ queryKey: paymentsKey, queryFn: fetchPaymentHistory });
}

/** POST /payments/create → the Stripe Checkout page's URL (the browser then goes there). */
export function createCardPayment(appointmentId: number, amount: number): Promise<CreateCardPaymentReply> {
  const body = { appointment_id: appointmentId, amount };
  return withSubmissionKey('payments.create', body, (idempotencyKey) => calls.payments.create({ body }, { context: { fallback: PAYMENT_MESSAGES.initiateFailed, idempotencyKey } }));
}

/** POST /payments/confirm: the server asks Stripe; payment_status is sent as CONTRACT.md says and ignored by the server. */
export function confirmCardPayment(body: { appointment_id: number; amount: number; transaction_id: string }): Promise<ConfirmCardPaymentReply> {
  return calls.payments.confirm({ body: { ...body, payment_status: 'completed' } }, { context: { fallback: PAYMENT_MESSAGES.confirmFailed } });
}

export function sendStkPush(body: { phone: string; amount: number; appointment_id: number }): Promise<StkPushReply> {
  return withSubmissionKey('payments.stkPush', body, (idempotencyKey) => calls.payments.stkPush({ body }, { context: { fallback: PAYMENT_MESSAGES.stkFailed, idempotencyKey } }));
}

export function fetchStkStatus(checkoutRequestId: string): Promise<StkStatusReply> {
  return calls.payments.stkStatus({ params: { checkoutRequestId } }, { context: { fallback: 'Failed to check the M-Pesa payment' } });
}

/** A finished payment changes the appointment lists (paid, Confirmed) and the history. */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.appointments }), queryClient.invalidateQueries({ queryKey: paymentsKey })]);
}

export function useCardCheckout() {
  return useMutation({
    mutationFn: ({ appointmentId, amount }: { appointmentId: number; amount: number }) => createCardPayment(appointmentId, amount),
    onSuccess: (reply) => window.location.assign(reply.url),
  });
}

/** Opens a receipt PDF in a new tab (opened at the click, so popup blockers allow it). */
export function openReceipt(paymentId: number): Promise<void> {
  return downloadBlob(`payments/${paymentId}/receipt`, `receipt-${paymentId}.pdf`, {
    open: true,
    type: 'application/pdf',
    fallback: PAYMENT_MESSAGES.receiptFailed,
  });
}
