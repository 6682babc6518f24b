import type { PaymentView } from '@afya/payment-service/contracts';
import { PAYMENT_MESSAGES } from '@afya/payment-service/contracts/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, downloadBlob, queryKeys } from 'shell/api-client';

export type Payment = PaymentView;

export const adminPaymentsKey = ['payments', 'admin'] as const;
export const disputesKey = ['payments', 'disputes'] as const;

export function useAllPayments() {
  return useQuery({
    queryKey: adminPaymentsKey,
    queryFn: async () => (await calls.payments.adminList({}, { context: { fallback: PAYMENT_MESSAGES.historyFailed } })).payments,
  });
}

export function useDisputes() {
  return useQuery({ queryKey: disputesKey, queryFn: () => calls.payments.disputes({}, { context: { fallback: 'Failed to load payment disputes' } }) });
}

/** Card payments are refunded at Stripe; M-Pesa ones are marked refunded for a manual B2C payout. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => calls.payments.refund({ params: { id: String(id) }, body: { reason } }, { context: { fallback: 'Failed to refund payment' } }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['payments'] }), queryClient.invalidateQueries({ queryKey: queryKeys.appointments })]),
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
