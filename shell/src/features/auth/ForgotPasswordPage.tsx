import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorText, passwordResetApi } from 'shell/api-client';
import { AuthFrame } from './AuthFrame';
import { emailRule, phoneRule } from './validation';
import { translateMessage, useTranslation } from 'shell/i18n';

type Channel = 'email' | 'sms';

/**
 * /forgot-password: a reset link by email, or a 6-digit code by SMS. The page says the same thing whether or not
 * an account matched (the server answers the same); with SMS it goes on to the code form.
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [channel, setChannel] = useState<Channel>('email');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation('shell');

  const onFinish = async (values: { email?: string; phone?: string }) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await passwordResetApi.forgot(channel === 'email' ? { email: values.email!.trim() } : { phone: values.phone!.trim() });
      if (channel === 'sms') navigate(`/reset-password?phone=${encodeURIComponent(values.phone!.trim())}`);
      else setSent(reply.message);
    } catch (err) {
      setError(errorText(err, 'Could not send the reset instructions'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <Card variant="borderless" className="afya-auth-card">
        {sent ? (
          <Alert type="success" showIcon role="status" title={t('auth.forgot.checkEmail')} description={sent ? translateMessage(sent) : sent} />
        ) : (
          <>
            {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={translateMessage(error)} role="alert" /> : null}
            <Segmented<Channel>
              block
              value={channel}
              onChange={setChannel}
              options={[
                { label: t('auth.forgot.emailLink'), value: 'email', icon: <MailOutlined /> },
                { label: t('auth.forgot.smsCode'), value: 'sms', icon: <MobileOutlined /> },
              ]}
              style={{ marginBottom: 20 }}
              aria-label={t('auth.forgot.how')}
            />
            <Form layout="vertical" onFinish={onFinish} requiredMark={false} disabled={busy} validateTrigger={['onSubmit', 'onBlur']} key={channel}>
              {channel === 'email' ? (
                <Form.Item label={t('auth.email')} name="email" rules={[emailRule]}>
                  <Input prefix={<MailOutlined />} type="email" autoComplete="email" placeholder="you@example.co.ke" size="large" />
                </Form.Item>
              ) : (
                <Form.Item label={t('auth.forgot.phone')} name="phone" rules={[phoneRule]} extra={t('auth.forgot.phoneHint')}>
                  <Input prefix={<MobileOutlined />} type="tel" autoComplete="tel" placeholder="0712 345 678" size="large" />
                </Form.Item>
              )}
              <Button type="primary" htmlType="submit" block size="large" loading={busy}>
                {channel === 'email' ? t('auth.forgot.sendLink') : t('auth.forgot.sendCode')}
              </Button>
            </Form>
          </>
        )}
        {/* afya-auth-switch underlines the link: inside text, colour alone does not tell it apart (WCAG 1.4.1). */}
        <Typography.Paragraph className="afya-auth-switch">
          {t('auth.forgot.remembered')} <Link to="/login">{t('auth.register.signIn')}</Link>
        </Typography.Paragraph>
        {sent ? null : (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 8, marginBottom: 0, fontSize: 13 }}>
            {t('auth.forgot.validFor')}
          </Typography.Paragraph>
        )}
      </Card>
    </AuthFrame>
  );
}
