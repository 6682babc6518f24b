import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { AuthMessages } from '@afya/auth-service/contracts/catalog';
import { Alert, Button, Card, Form, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorText, passwordResetApi } from 'shell/api-client';
import { AuthFrame } from './AuthFrame';
import { emailRule, phoneRule } from './validation';

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
    <AuthFrame title="Forgot your password?" subtitle="We will send you a link by email, or a code by SMS, to choose a new one.">
      <Card variant="borderless" className="afya-auth-card">
        {sent ? (
          <Alert type="success" showIcon role="status" title="Check your email" description={sent} />
        ) : (
          <>
            {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} role="alert" /> : null}
            <Segmented<Channel>
              block
              value={channel}
              onChange={setChannel}
              options={[
                { label: 'Email me a link', value: 'email', icon: <MailOutlined /> },
                { label: 'Text me a code', value: 'sms', icon: <MobileOutlined /> },
              ]}
              style={{ marginBottom: 20 }}
              aria-label="How to receive the reset"
            />
            <Form layout="vertical" onFinish={onFinish} requiredMark={false} disabled={busy} validateTrigger={['onSubmit', 'onBlur']} key={channel}>
              {channel === 'email' ? (
                <Form.Item label="Email" name="email" rules={[emailRule]}>
                  <Input prefix={<MailOutlined />} type="email" autoComplete="email" placeholder="you@example.co.ke" size="large" />
                </Form.Item>
              ) : (
                <Form.Item label="Phone number" name="phone" rules={[phoneRule]} extra="The number on your account, e.g. 0712 345 678">
                  <Input prefix={<MobileOutlined />} type="tel" autoComplete="tel" placeholder="0712 345 678" size="large" />
                </Form.Item>
              )}
              <Button type="primary" htmlType="submit" block size="large" loading={busy}>
                {channel === 'email' ? 'Send reset link' : 'Send code'}
              </Button>
            </Form>
          </>
        )}
        <Typography.Paragraph style={{ textAlign: 'center', marginTop: 20, marginBottom: 0 }}>
          Remembered it? <Link to="/login">Sign in</Link>
        </Typography.Paragraph>
        {sent ? null : (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 8, marginBottom: 0, fontSize: 13 }}>
            {AuthMessages.resetSent.split('. ').slice(1).join('. ')}
          </Typography.Paragraph>
        )}
      </Card>
    </AuthFrame>
  );
}
