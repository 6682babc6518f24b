import { PAYMENT_MESSAGES } from '@afya/payment-service/contracts/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { calls, errorText, queryKeys } from 'shell/api-client';
import { translateMessage, useTranslation } from 'shell/i18n';
import { focusElement, formatKsh, LinkButton, toast } from 'shell/ui-kit';

/** Where payment-history queries live in the patient remote (['payments', ...]): refreshed after a payment. */
const PAYMENTS_PREFIX = ['payments'] as const;

/** The parameters Stripe Checkout's success_url carries; null when any is missing or malformed. */
export function readSuccessParams(params: URLSearchParams): { sessionId: string; appointmentId: number; amount: number } | null {
  const sessionId = params.get('session_id')?.trim();
  const appointmentId = Number(params.get('appointment_id'));
  const amount = Number(params.get('amount'));
  if (!sessionId || !params.get('appointment_id') || !params.get('amount')) return null;
  if (!Number.isInteger(appointmentId) || appointmentId < 1 || !Number.isFinite(amount) || amount < 0) return null;
  return { sessionId, appointmentId, amount };
}

/**
 * /payment-success (CONTRACT.md §2): asks the server to confirm the Checkout Session with Stripe (the
 * browser's word is never taken), shows progress, then the success view with links to the payment history
 * and appointments; a failed confirmation still shows the view, with the error. Missing parameters: 'Missing
 * payment information' and back to the appointments.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const payment = readSuccessParams(params);
  const queryClient = useQueryClient();
  const { t } = useTranslation('shell');
  const confirm = useQuery({
    // Not under ['payments']: refreshing the payment lists afterwards must not confirm a second time.
    queryKey: ['payment-confirmation', payment?.sessionId],
    enabled: payment !== null,
    retry: false,
    staleTime: Infinity,
    queryFn: () =>
      calls.payments.confirm(
        { body: { appointment_id: payment!.appointmentId, amount: payment!.amount, transaction_id: payment!.sessionId, payment_status: 'completed' } },
        { context: { fallback: PAYMENT_MESSAGES.confirmFailed } },
      ),
  });
  const paid = confirm.data?.paid === true;
  // The page is the first of a document (Stripe sends the browser here), so nothing moves focus from <body>: the
  // result's heading takes it once shown, and a keyboard or screen-reader user starts at what happened.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = payment !== null && !confirm.isPending;
  useEffect(() => {
    if (shown && heading.current) focusElement(heading.current);
  }, [shown]);

  useEffect(() => {
    if (!payment) toast.error(PAYMENT_MESSAGES.missingInfo);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
  useEffect(() => {
    if (!confirm.isSuccess && !confirm.isError) return;
    if (paid) toast.success(PAYMENT_MESSAGES.confirmed);
    void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    void queryClient.invalidateQueries({ queryKey: PAYMENTS_PREFIX });
  }, [confirm.isSuccess, confirm.isError, paid, queryClient]);

  if (!payment) return <Navigate to="/dashboard/appointments" replace />;

  if (confirm.isPending) {
    return (
      <div className="afya-container afya-section" role="status" aria-live="polite" style={{ textAlign: 'center', padding: '64px 16px' }}>
        <Spin size="large" />
        <p style={{ marginTop: 16 }}>{t('paymentResult.confirming')}</p>
      </div>
    );
  }

  const problem = confirm.isError ? errorText(confirm.error, PAYMENT_MESSAGES.confirmFailed) : !paid ? confirm.data?.message ?? PAYMENT_MESSAGES.confirmFailed : null;
  return (
    <div className="afya-container afya-section">
      <Result
        status="success"
        title={<h1 className="afya-result-title" ref={heading}>{paid ? translateMessage(PAYMENT_MESSAGES.confirmed) : t('paymentResult.thanks')}</h1>}
        subTitle={`${t('paymentResult.appointment', { id: payment.appointmentId })} · ${formatKsh(payment.amount)}${paid ? ` · ${t('paymentResult.paid')}` : ''}`}
        extra={[
          <LinkButton key="history" type="primary" to="/dashboard/payments">
            {t('paymentResult.viewHistory')}
          </LinkButton>,
          <LinkButton key="appointments" to="/dashboard/appointments">
            {t('paymentResult.viewAppointments')}
          </LinkButton>,
        ]}
      >
        {problem ? <Alert type="warning" showIcon role="alert" title={translateMessage(problem)} description={confirm.isError ? undefined : t('paymentResult.ifCharged')} /> : null}
      </Result>
    </div>
  );
}
