import type { DisputeListReply, PaymentHistoryReply, PaymentView, RefundReply } from '@afya/payment-service/contracts';
import { PAYMENT_MESSAGES } from '@afya/payment-service/contracts/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchBlob, queryKeys } from 'shell/api-client';

export type Payment = PaymentView;

export const adminPaymentsKey = ['payments', 'admin'] as const;
export const disputesKey = ['payments', 'disputes'] as const;

export function useAllPayments() {
  return useQuery({
    queryKey: adminPaymentsKey,
    queryFn: async () => (await api.get<PaymentHistoryReply>('admin/payments', { fallback: PAYMENT_MESSAGES.historyFailed })).payments,
  });
}

export function useDisputes() {
  return useQuery({ queryKey: disputesKey, queryFn: () => api.get<DisputeListReply>('admin/payments/disputes', { fallback: 'Failed to load payment disputes' }) });
}

/** Card payments are refunded at Stripe; M-Pesa ones are marked refunded for a manual B2C payout. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<RefundReply>(`admin/payments/${id}/refund`, { reason }, { fallback: 'Failed to refund payment' }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['payments'] }), queryClient.invalidateQueries({ queryKey: queryKeys.appointments })]),
  });
}

/** Opens a receipt PDF in a tab opened at the click (popup blockers allow that). */
export async function openReceipt(paymentId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchBlob(`payments/${paymentId}/receipt`, PAYMENT_MESSAGES.receiptFailed);
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
