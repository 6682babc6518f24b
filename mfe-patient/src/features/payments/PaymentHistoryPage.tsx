import { PAYMENT_MESSAGES } from '@afya/payment-service/contracts/catalog';
import { Button, Col, Row, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText, queryStatus } from 'shell/api-client';
import { translateMessage } from 'shell/i18n';
import { EmptyState, ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { openReceipt, usePaymentHistory, type Payment } from '../../api/payments';
import { PaymentCard } from './PaymentCard';
import { PaymentFilterBar } from './PaymentFilterBar';
import { usePatientTranslation } from '../../i18n';
import { filterPayments, NO_PAYMENT_FILTERS, type PaymentFilters } from './payments.logic';

/** /dashboard/payments for patients: card and M-Pesa payments in one history, in Ksh, with receipts. */
export function PaymentHistoryPage() {
  const navigate = useNavigate();
  const history = usePaymentHistory();
  const { t } = usePatientTranslation();
  const { loading, failed } = queryStatus(history);
  const [filters, setFilters] = useState<PaymentFilters>(NO_PAYMENT_FILTERS);
  const [opening, setOpening] = useState<number | null>(null);
  const payments = useMemo(() => history.data ?? [], [history.data]);
  const shown = useMemo(() => filterPayments(payments, filters), [payments, filters]);

  const receipt = async (p: Payment) => {
    setOpening(p.payment_id);
    try {
      await openReceipt(p.payment_id);
    } catch (error) {
      toast.error(errorText(error, PAYMENT_MESSAGES.receiptFailed));
    } finally {
      setOpening(null);
    }
  };

  return (
    <div>
      <PageHeader title={t('payments.title')} subtitle={t('payments.subtitle')} extra={<Button onClick={() => void history.refetch()} loading={history.isFetching && !loading}>{t('payments.refresh')}</Button>} />
      {failed ? <ErrorState message={translateMessage(PAYMENT_MESSAGES.historyFailed)} onRetry={() => void history.refetch()} /> : null}
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : failed && !history.data ? null : (
        <>
          <PaymentFilterBar value={filters} onChange={setFilters} count={shown.length} total={payments.length} />
          {payments.length === 0 ? (
            <EmptyState
              title={t('payments.none')}
              description={t('payments.noneHint')}
              action={<Button type="primary" onClick={() => navigate('/dashboard/appointments')}>{t('booking.confirmation.viewAppointments')}</Button>}
            />
          ) : shown.length === 0 ? (
            <EmptyState title={t('payments.noMatch')} action={<Button onClick={() => setFilters(NO_PAYMENT_FILTERS)}>{t('payments.clearFilters')}</Button>} />
          ) : (
            <Row gutter={[16, 16]}>
              {shown.map((p) => (
                <Col key={p.payment_id} xs={24} xl={12}>
                  <PaymentCard payment={p} onReceipt={receipt} opening={opening === p.payment_id} />
                </Col>
              ))}
            </Row>
          )}
        </>
      )}
    </div>
  );
}
