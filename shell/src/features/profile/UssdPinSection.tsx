import { isGuessableUssdPin, isUssdPinFormat } from '@afya/auth-service/contracts/ussd-pin';
import type { UssdPinStatusReply } from '@afya/auth-service/contracts';
import { Alert, Button, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, calls } from 'shell/api-client';
import { formatDate, useTranslation } from 'shell/i18n';
import { toast } from 'shell/ui-kit';

/** What is wrong with a PIN before it is sent (the server holds the same rules), or null. */
export function ussdPinProblem(pin: string): 'format' | 'guessable' | null {
  if (!isUssdPinFormat(pin)) return 'format';
  return isGuessableUssdPin(pin) ? 'guessable' : null;
}

/**
 * The patient's USSD PIN (issue 42): with one, they book, check and cancel visits from any phone by USSD, from the
 * phone number on their profile. The PIN is never shown back; only whether one is set and, after 3 wrong tries, until
 * when USSD is locked.
 */
export function UssdPinSection() {
  const [status, setStatus] = useState<UssdPinStatusReply | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ pin: string }>();
  const { t } = useTranslation('shell');

  useEffect(() => {
    let live = true;
    calls.auth
      .ussdPinStatus({})
      .then((s) => live && setStatus(s))
      .catch(() => live && setStatus({ pin_set: false, locked_until: null }));
    return () => {
      live = false;
    };
  }, []);

  const save = async ({ pin }: { pin: string }) => {
    const problem = ussdPinProblem(pin ?? '');
    if (problem) {
      form.setFields([{ name: 'pin', errors: [t(problem === 'format' ? 'ussdPin.format' : 'ussdPin.guessable')] }]);
      return;
    }
    setSaving(true);
    try {
      setStatus(await calls.auth.setUssdPin({ body: { pin } }));
      form.resetFields();
      toast.success(t('ussdPin.saved'));
    } catch (err) {
      toast.error(err instanceof ApiError && err.serverMessage ? err.serverMessage : t('ussdPin.failed'));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setSaving(true);
    try {
      setStatus(await calls.auth.removeUssdPin({}));
      toast.success(t('ussdPin.removed'));
    } catch (err) {
      toast.error(err instanceof ApiError && err.serverMessage ? err.serverMessage : t('ussdPin.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="ussd-pin-title">
      <Typography.Title level={5} id="ussd-pin-title" style={{ marginTop: 0 }}>
        {t('ussdPin.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {t('ussdPin.hint')}
      </Typography.Paragraph>
      {status ? (
        <Flex vertical gap={12}>
          <Typography.Text>{t(status.pin_set ? 'ussdPin.isSet' : 'ussdPin.notSet')}</Typography.Text>
          {status.locked_until ? <Alert type="warning" showIcon title={t('ussdPin.locked', { time: formatDate(status.locked_until, 'time') })} /> : null}
          <Form form={form} layout="vertical" onFinish={save} disabled={saving} requiredMark={false}>
            <Form.Item label={t(status.pin_set ? 'ussdPin.newPin' : 'ussdPin.pin')} name="pin" extra={t('ussdPin.rules')}>
              <Input.Password inputMode="numeric" autoComplete="off" maxLength={4} style={{ maxWidth: 160 }} />
            </Form.Item>
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('ussdPin.save')}
              </Button>
              {status.pin_set ? (
                <Button danger onClick={() => void remove()} disabled={saving}>
                  {t('ussdPin.remove')}
                </Button>
              ) : null}
            </Flex>
          </Form>
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      )}
    </section>
  );
}
