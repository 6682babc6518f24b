import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { homeForRole, useSession, TOKEN_EXPIRED_REASON } from 'shell/session';
import { ApiError } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { emailRule, passwordRule } from './validation';
import { AuthFrame } from './AuthFrame';

/** 'Invalid email or password.' when the error mentions 401 or carries no message (CONTRACT.md §8). */
export function loginErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401 || /401/.test(err.serverMessage) || !err.serverMessage.trim()) return 'Invalid email or password.';
    return err.serverMessage;
  }
  const m = err instanceof Error ? err.message : '';
  if (!m.trim() || /401/.test(m)) return 'Invalid email or password.';
  return m;
}

export function LoginPage() {
  const login = useSession((s) => s.login);
  const logoutReason = useSession((s) => s.logoutReason);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: { email: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const user = await login(values.email.trim(), values.password);
      toast.success('Login successful!');
      navigate(homeForRole(user.role), { replace: true });
    } catch (err) {
      const text = loginErrorText(err);
      setError(text);
      toast.error(text);
      setBusy(false);
    }
  };

  return (
    <AuthFrame title="Welcome back" subtitle="Sign in to manage your appointments, prescriptions and payments.">
      <Card variant="borderless" className="afya-auth-card">
        {logoutReason === TOKEN_EXPIRED_REASON ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Your session expired. Please sign in again." />
        ) : null}
        {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} role="alert" /> : null}
        <Form layout="vertical" onFinish={onFinish} requiredMark={false} disabled={busy} validateTrigger={['onSubmit', 'onBlur']}>
          <Form.Item label="Email" name="email" rules={[emailRule]}>
            <Input prefix={<MailOutlined />} type="email" autoComplete="email" placeholder="you@example.co.ke" size="large" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[passwordRule]}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              placeholder="Your password"
              size="large"
              iconRender={(visible) => (visible ? <EyeOutlined aria-label="Hide password" /> : <EyeInvisibleOutlined aria-label="Show password" />)}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
        </Form>
        <Typography.Paragraph style={{ textAlign: 'center', marginTop: 20, marginBottom: 0 }}>
          Don&apos;t have an account? <Link to="/register">Register</Link>
        </Typography.Paragraph>
      </Card>
    </AuthFrame>
  );
}
