import { LockOutlined, NumberOutlined } from '@ant-design/icons';
import { AuthMessages } from '@afya/auth-service/contracts/catalog';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorText, passwordResetApi } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { AuthFrame } from './AuthFrame';
import { MSG, passwordRule } from './validation';
import { translateMessage, useTranslation } from 'shell/i18n';

interface ResetValues {
  code?: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * /reset-password?token=… (the emailed link) or ?phone=… (after asking for an SMS code): the new password, twice.
 * Opening the link changes nothing; only this form's submit uses it.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const phone = params.get('phone') ?? '';
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('shell');
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: ResetValues) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await passwordResetApi.reset(token ? { token, newPassword: values.newPassword } : { phone, code: (values.code ?? '').trim(), newPassword: values.newPassword });
      toast.success(reply.message);
      navigate('/login', { replace: true });
    } catch (err) {
      setError(errorText(err, 'Could not reset the password'));
      setBusy(false);
    }
  };

  if (!token && !phone) {
    return (
      <AuthFrame title={t('auth.reset.title')} subtitle={t('auth.reset.needsLink')}>
        <Card variant="borderless" className="afya-auth-card">
          <Alert type="warning" showIcon title={translateMessage(AuthMessages.resetLinkInvalid)} />
          <Typography.Paragraph style={{ textAlign: 'center', marginTop: 20, marginBottom: 0 }}>
            <Link to="/forgot-password">{t('auth.reset.askNew')}</Link>
          </Typography.Paragraph>
        </Card>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t('auth.reset.choose')} subtitle={token ? t('auth.reset.linkOnce') : t('auth.reset.codeSent', { phone })}>
      <Card variant="borderless" className="afya-auth-card">
        {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={translateMessage(error)} role="alert" /> : null}
        <Form<ResetValues> layout="vertical" onFinish={onFinish} requiredMark={false} disabled={busy} validateTrigger={['onSubmit', 'onBlur']}>
          {token ? null : (
            <Form.Item label={t('auth.reset.code')} name="code" rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('auth.reset.codeMessage') }]}>
              <Input prefix={<NumberOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="123456" size="large" />
            </Form.Item>
          )}
          <Form.Item label={t('auth.reset.newPassword')} name="newPassword" rules={[passwordRule]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
          </Form.Item>
          <Form.Item
            label={t('auth.reset.confirmPassword')}
            name="confirmPassword"
            dependencies={['newPassword']}
            rules={[({ getFieldValue }) => ({ validator: (_r, v) => (v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(translateMessage(MSG.passwordsDontMatch)))) })]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('auth.reset.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ textAlign: 'center', marginTop: 20, marginBottom: 0 }}>
          <Link to="/forgot-password">{t('auth.reset.askNew')}</Link>
        </Typography.Paragraph>
      </Card>
    </AuthFrame>
  );
}
