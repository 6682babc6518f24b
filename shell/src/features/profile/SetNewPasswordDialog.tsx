import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from 'shell/session';
import { ApiError, userApi } from 'shell/api-client';
import { translateMessage, useTranslation } from 'shell/i18n';
import { toast } from 'shell/ui-kit';

/**
 * Blocking dialog for accounts created by an admin with a one-time password (must_change_password).
 * The dashboard stays hidden until the password is changed.
 */
export function SetNewPasswordDialog() {
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const logout = useSession((s) => s.logout);
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string; confirmPassword: string }>();
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('shell');
  if (!user) return null;

  const onFinish = async (v: { currentPassword: string; newPassword: string; confirmPassword: string }) => {
    setBusy(true);
    try {
      const session = await userApi.changePassword(v.currentPassword, v.newPassword);
      if (session?.token && session.user) useSession.getState().startSession(session.token, session.user);
      else setUser({ ...user, must_change_password: false });
      toast.success('Password changed!');
    } catch (err) {
      toast.error(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Failed to change password');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open closable={false} mask={{ closable: false }} keyboard={false} footer={null} title={t('setPassword.title')}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('setPassword.intro')}
      />
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={busy} requiredMark={false}>
        <Form.Item
          label={t('setPassword.oneTime')}
          name="currentPassword"
          rules={[{ required: true, message: t('setPassword.oneTimeMessage') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('profile.newPassword')}
          name="newPassword"
          rules={[{ required: true, min: 6, message: translateMessage('Password must be at least 6 characters') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('profile.confirmNewPassword')}
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_r, value) =>
                value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('messages.passwordsDoNotMatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {busy ? t('common.saving') : t('setPassword.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 12, marginBottom: 0 }}>
        <Button type="link" onClick={() => logout()} disabled={busy}>
          {t('setPassword.logout')}
        </Button>
      </Typography.Paragraph>
    </Modal>
  );
}
