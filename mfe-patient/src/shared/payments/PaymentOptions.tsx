import { CheckCircleFilled, CreditCardOutlined, MobileOutlined } from '@ant-design/icons';
import { checkMpesaPhone, PAYMENT_MESSAGES } from '@afya/payment-service/contracts/catalog';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Segmented, Space, Spin, Typography } from 'antd';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { errorText } from 'shell/api-client';
import { useSession } from 'shell/session';
import { translateMessage } from 'shell/i18n';
import { formatKsh, toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { fetchStkStatus, sendStkPush, useCardCheckout, useRefreshAfterPayment } from '../../api/payments';

type Method = 'card' | 'mpesa';
const STATUS_POLL_MS = 2000;

/**
 * How to pay one appointment: by card (Stripe Checkout: the browser leaves for Stripe's page and comes back to
 * /payment-success) or by M-Pesa (an STK push to the phone, with its live status here and a retry). `extra`
 * goes beside the buttons (the booking screen's Pay Later).
 */
export function PaymentOptions({
  appointmentId,
  amount,
  extra,
  done,
  onPaid,
  pollMs = STATUS_POLL_MS,
}: {
  appointmentId: number;
  amount: number;
  /** Beside the pay buttons (the booking screen's Pay Later). */
  extra?: ReactNode;
  /** Under the M-Pesa success message (e.g. a way on to the appointments). */
  done?: ReactNode;
  onPaid?: () => void;
  pollMs?: number;
}) {
  const [method, setMethod] = useState<Method>('mpesa');
  const methodName = useId();
  const { t } = usePatientTranslation();
  return (
    <div data-testid="payment-options">
      {/* One Tab stop, the chosen method's radio, and the arrow keys between them: the radios share a name, and the
          group's own container (focusable by default, deaf to the arrows) leaves the Tab order. */}
      <Segmented<Method>
        block
        name={methodName}
        tabIndex={-1}
        value={method}
        onChange={setMethod}
        style={{ marginBottom: 16 }}
        options={[
          { value: 'mpesa', label: <span><MobileOutlined /> M-Pesa</span> },
          { value: 'card', label: <span><CreditCardOutlined /> {t('pay.card')}</span> },
        ]}
        aria-label={t('pay.method')}
      />
      {method === 'card' ? <CardOption appointmentId={appointmentId} amount={amount} extra={extra} /> : <MpesaOption appointmentId={appointmentId} amount={amount} extra={extra} done={done} onPaid={onPaid} pollMs={pollMs} />}
    </div>
  );
}

function CardOption({ appointmentId, amount, extra }: { appointmentId: number; amount: number; extra?: ReactNode }) {
  const checkout = useCardCheckout();
  const { t } = usePatientTranslation();
  return (
    <div>
      <Typography.Paragraph type="secondary">{t('pay.cardNote')}</Typography.Paragraph>
      {checkout.isError ? <Alert type="error" showIcon role="alert" title={translateMessage(errorText(checkout.error, PAYMENT_MESSAGES.initiateFailed))} style={{ marginBottom: 12 }} /> : null}
      <Space wrap>
        <Button type="primary" icon={<CreditCardOutlined />} loading={checkout.isPending || checkout.isSuccess} onClick={() => checkout.mutate({ appointmentId, amount })}>
          {t('pay.byCard', { amount: formatKsh(amount) })}
        </Button>
        {extra}
      </Space>
    </div>
  );
}

function MpesaOption({ appointmentId, amount, extra, done, onPaid, pollMs }: { appointmentId: number; amount: number; extra?: ReactNode; done?: ReactNode; onPaid?: () => void; pollMs: number }) {
  // Starts with the profile's phone (shown in the local form when it is a Safaricom line); the patient may change it.
  const profilePhone = useSession((s) => s.user?.contact_phone ?? '');
  const [phone, setPhone] = useState(() => initialMpesaPhone(profilePhone));
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<string | null>(null);
  const refresh = useRefreshAfterPayment();
  const phoneId = useId();
  const { t } = usePatientTranslation();
  const push = useMutation({
    mutationFn: () => sendStkPush({ phone, amount, appointment_id: appointmentId }),
    onSuccess: (reply) => {
      toast.success(reply.message);
      setCheckout(reply.checkout_request_id);
    },
    onError: (error) => setPhoneError(errorText(error, PAYMENT_MESSAGES.stkFailed)),
  });
  const status = useQuery({
    queryKey: ['payments', 'mpesa-status', checkout],
    queryFn: () => fetchStkStatus(checkout!),
    enabled: checkout !== null,
    refetchInterval: (query) => (query.state.data?.status === 'completed' || query.state.data?.status === 'failed' ? false : pollMs),
  });
  const state = status.data?.status;
  useEffect(() => {
    if (state === 'completed') {
      void refresh();
      onPaid?.();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per outcome
  }, [state]);

  const submit = () => {
    const checked = checkMpesaPhone(phone);
    if (!checked.ok) {
      setPhoneError(checked.message);
      return;
    }
    setPhoneError(null);
    push.mutate();
  };
  const retry = () => {
    setCheckout(null);
    push.reset();
  };

  // The payment's state is spoken as it changes (waiting, received, failed): one live region that stays in the
  // page from the start, so a screen reader announces each new message in it (a region inserted together with its
  // text is often not read). The messages inside are plain (role presentation): the region speaks for them.
  let message: ReactNode = null;
  if (checkout && state === 'completed') {
    message = (
      <Alert
        type="success"
        showIcon
        icon={<CheckCircleFilled />}
        role="presentation"
        title={t('pay.received')}
        description={status.data?.mpesa_receipt ? t('pay.receipt', { receipt: status.data.mpesa_receipt }) : undefined}
        style={done ? { marginBottom: 12 } : undefined}
      />
    );
  } else if (checkout && state === 'failed') {
    message = <Alert type="error" showIcon role="presentation" title={t('pay.failed')} description={status.data?.reason ? translateMessage(status.data.reason) : undefined} style={{ marginBottom: 12 }} />;
  } else if (checkout) {
    message = (
      <>
        <Alert
          type="info"
          showIcon
          icon={<Spin size="small" />}
          role="presentation"
          title={t('pay.waiting')}
          description={t('pay.enterPin', { amount: formatKsh(amount) })}
          style={{ marginBottom: 12 }}
        />
        {status.isError ? <Typography.Paragraph type="warning">{t('pay.checkFailed', { error: translateMessage(errorText(status.error, 'Failed to check the M-Pesa payment')) })}</Typography.Paragraph> : null}
      </>
    );
  }
  const liveStatus = (
    <div data-testid="mpesa-status" role="status" aria-live="polite" aria-atomic="true" aria-label={t('pay.status')}>
      {message}
    </div>
  );

  if (checkout) {
    return (
      <div>
        {liveStatus}
        {state === 'completed' ? (
          done
        ) : state === 'failed' ? (
          <Space wrap>
            <Button type="primary" onClick={retry}>
              {t('pay.tryAgain')}
            </Button>
            {extra}
          </Space>
        ) : (
          <Space wrap>
            <Button onClick={retry}>{t('pay.newPrompt')}</Button>
            {extra}
          </Space>
        )}
      </div>
    );
  }

  return (
    <div>
      {liveStatus}
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={t('pay.phone')} htmlFor={phoneId} validateStatus={phoneError ? 'error' : undefined} help={phoneError ? translateMessage(phoneError) : t('pay.phoneHint')}>
          <Input
            id={phoneId}
            inputMode="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value);
              setPhoneError(null);
            }}
            maxLength={20}
          />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<MobileOutlined />} disabled={!phone.trim()} loading={push.isPending}>
            {t('pay.withMpesa', { amount: formatKsh(amount) })}
          </Button>
          {extra}
        </Space>
      </Form>
    </div>
  );
}

/** The M-Pesa field's first value: the profile's phone, in the local form when it is a Safaricom number. */
export function initialMpesaPhone(profilePhone: string | null | undefined): string {
  if (!profilePhone) return '';
  const checked = checkMpesaPhone(profilePhone);
  return checked.ok ? checked.display : profilePhone;
}
