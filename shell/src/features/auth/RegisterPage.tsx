import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession, type RegisterPayload } from 'shell/session';
import { ApiError } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { AuthFrame } from './AuthFrame';
import { MSG, addressRule, emailRule, firstnameRule, lastnameRule, passwordRule, phoneRule } from './validation';

interface RegisterForm extends RegisterPayload {
  confirmPassword: string;
}

const eye = (visible: boolean) => (visible ? <EyeOutlined aria-label="Hide password" /> : <EyeInvisibleOutlined aria-label="Show password" />);

export function RegisterPage() {
  const register = useSession((s) => s.register);
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (v: RegisterForm) => {
    setBusy(true);
    setError(null);
    // confirmPassword is never sent.
    const payload: RegisterPayload = {
      firstname: v.firstname.trim(),
      lastname: v.lastname.trim(),
      email: v.email.trim(),
      password: v.password,
      contact_phone: v.contact_phone.trim(),
      address: (v.address ?? '').trim(),
    };
    try {
      await register(payload);
      toast.success('Registration successful! Please login.');
      navigate('/login', { replace: true });
    } catch (err) {
      const text = err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Registration failed';
      setError(text); // shown once, in the form's alert (a toast as well said it twice)
      setBusy(false);
    }
  };

  return (
    <AuthFrame title="Create your account" subtitle="It takes a minute. You can book your first appointment right after.">
      <Card variant="borderless" className="afya-auth-card">
        {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} role="alert" /> : null}
        <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={busy} validateTrigger={['onSubmit', 'onBlur']} noValidate>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item label="First Name" name="firstname" rules={[firstnameRule]}>
                <Input autoComplete="given-name" placeholder="Amina" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Last Name" name="lastname" rules={[lastnameRule]}>
                <Input autoComplete="family-name" placeholder="Wanjiru" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label="Email" name="email" rules={[emailRule]}>
            <Input type="email" autoComplete="email" placeholder="amina@example.co.ke" />
          </Form.Item>
          <Form.Item label="Phone" name="contact_phone" rules={[phoneRule]}>
            <Input type="tel" autoComplete="tel" placeholder="0712 345 678" />
          </Form.Item>
          <Form.Item label="Address" name="address" rules={[addressRule]}>
            <Input autoComplete="street-address" placeholder="Ngong Road, Kilimani, Nairobi" />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item label="Password" name="password" rules={[passwordRule]}>
                <Input.Password autoComplete="new-password" iconRender={eye} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                label="Confirm Password"
                name="confirmPassword"
                dependencies={['password']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_r, value) =>
                      value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(MSG.passwordsDontMatch)),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" iconRender={eye} />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {busy ? 'Creating account...' : 'Create Account'}
          </Button>
        </Form>
        <Typography.Paragraph style={{ textAlign: 'center', marginTop: 20, marginBottom: 0 }}>
          Already have an account? <Link to="/login">Sign in</Link>
        </Typography.Paragraph>
      </Card>
    </AuthFrame>
  );
}
