import { MAX_PICTURE_BYTES } from '@afya/auth-service/contracts/catalog';
import { CameraOutlined } from '@ant-design/icons';
import { Avatar, Button, Divider, Form, Input, Modal, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { fullName, useSession, type User } from 'shell/session';
import { ApiError, userApi } from 'shell/api-client';
import { useTranslation } from 'shell/i18n';
import { initials, toast } from 'shell/ui-kit';
import { DataRightsSection } from './DataRightsSection';
import { MessagePreferences } from './MessagePreferences';
import { UssdPinSection } from './UssdPinSection';

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function serverOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/** Client-side check before upload: JPEG/PNG/WebP, at most 2 MB. Returns an error text or null. */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return 'Please choose a JPEG, PNG or WebP image.';
  if (file.size > MAX_PICTURE_BYTES) return 'The image must be 2 MB or smaller.';
  return null;
}

/**
 * What is wrong with a password change before any request: the confirmation differs, or a field is empty.
 * Null when it can be sent.
 */
export function passwordChangeProblem(v: Partial<PasswordForm>): { mismatch: true } | { missing: Array<'currentPassword' | 'newPassword'> } | null {
  if ((v.newPassword ?? '') !== (v.confirmPassword ?? '')) return { mismatch: true };
  const missing = (['currentPassword', 'newPassword'] as const).filter((k) => !v[k]);
  return missing.length ? { missing } : null;
}

interface ProfileForm {
  firstname: string;
  lastname: string;
  email: string;
  contact_phone: string;
  address: string;
}
interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const [form] = Form.useForm<ProfileForm>();
  const [pwForm] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [changingPw, setChangingPw] = useState(false);
  const [showPw, setShowPw] = useState(false);
  const { t } = useTranslation('shell');

  useEffect(() => {
    if (open && user) {
      form.setFieldsValue({
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        contact_phone: user.contact_phone ?? '',
        address: user.address ?? '',
      });
    }
    if (!open) {
      setShowPw(false);
      pwForm.resetFields();
    }
  }, [open, user, form, pwForm]);

  if (!user) return null;
  const busy = saving || uploading || changingPw;

  const onPicture = async (file: File) => {
    const problem = pictureProblem(file);
    if (problem) {
      toast.error(problem);
      return false;
    }
    setUploading(true);
    try {
      const dataUrl = await readAsDataUrl(file);
      const { url } = await userApi.uploadPicture(dataUrl);
      setUser({ ...user, profilePictureUrl: url });
      toast.success('Profile picture updated!');
    } catch (err) {
      toast.error(serverOr(err, 'Failed to upload profile picture'));
    } finally {
      setUploading(false);
    }
    return false;
  };

  const onSave = async (v: ProfileForm) => {
    setSaving(true);
    try {
      const payload = {
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
        contact_phone: (v.contact_phone ?? '').trim(),
        address: (v.address ?? '').trim(),
      };
      const res = await userApi.updateProfile(payload);
      const next: User = res?.user ? { ...user, ...res.user } : { ...user, ...payload };
      setUser(next);
      toast.success('Profile updated!');
      onClose();
    } catch (err) {
      toast.error(serverOr(err, 'Failed to update profile')); // dialog stays open
    } finally {
      setSaving(false);
    }
  };

  const onChangePassword = async () => {
    const v = pwForm.getFieldsValue();
    const problem = passwordChangeProblem(v);
    if (problem && 'mismatch' in problem) {
      toast.error('Passwords do not match');
      pwForm.setFields([{ name: 'confirmPassword', errors: [t('messages.passwordsDoNotMatch')] }]);
      return; // no request
    }
    if (problem) {
      pwForm.setFields(
        problem.missing.map((name) => ({ name, errors: [name === 'currentPassword' ? t('profile.enterCurrentPassword') : t('profile.enterNewPassword')] })),
      );
      return;
    }
    setChangingPw(true);
    try {
      const session = await userApi.changePassword(v.currentPassword, v.newPassword);
      if (session?.token && session.user) useSession.getState().startSession(session.token, session.user);
      toast.success('Password changed!');
      pwForm.resetFields();
      setShowPw(false);
    } catch (err) {
      toast.error(serverOr(err, 'Failed to change password'));
    } finally {
      setChangingPw(false);
    }
  };

  return (
    <Modal open={open} onCancel={busy ? undefined : onClose} title={t('profile.title')} footer={null} destroyOnHidden width={520}>
      <Space align="center" size={16} style={{ marginBottom: 16 }}>
        <Avatar size={72} src={user.profilePictureUrl || undefined} style={{ background: '#0f766e', fontSize: 26 }}>
          {initials(user.firstname, user.lastname)}
        </Avatar>
        <div>
          <Typography.Text strong>{fullName(user)}</Typography.Text>
          <div>
            <Upload accept="image/jpeg,image/png,image/webp" showUploadList={false} beforeUpload={onPicture} disabled={busy}>
              <Button icon={<CameraOutlined />} size="small" loading={uploading} style={{ marginTop: 6 }}>
                {uploading ? t('profile.uploading') : t('profile.changePhoto')}
              </Button>
            </Upload>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('profile.photoHint')}
          </Typography.Text>
        </div>
      </Space>
      <Form form={form} layout="vertical" onFinish={onSave} disabled={busy} requiredMark={false}>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item label={t('auth.register.firstName')} name="firstname" style={{ flex: 1 }}>
            <Input />
          </Form.Item>
          <Form.Item label={t('auth.register.lastName')} name="lastname" style={{ flex: 1 }}>
            <Input />
          </Form.Item>
        </Space.Compact>
        <Form.Item label={t('auth.email')} name="email">
          <Input readOnly disabled />
        </Form.Item>
        <Form.Item label={t('auth.register.phone')} name="contact_phone">
          <Input type="tel" />
        </Form.Item>
        <Form.Item label={t('auth.register.address')} name="address">
          <Input />
        </Form.Item>
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {saving ? t('common.saving') : t('profile.save')}
          </Button>
        </Space>
      </Form>
      {user.role === 'user' ? (
        <>
          <Divider />
          <MessagePreferences />
          <Divider />
          <UssdPinSection />
        </>
      ) : null}
      <Divider />
      <Button type="link" style={{ padding: 0 }} onClick={() => setShowPw((s) => !s)} disabled={busy} aria-expanded={showPw}>
        {t('profile.changePassword')}
      </Button>
      {showPw ? (
        <Form form={pwForm} layout="vertical" disabled={busy} style={{ marginTop: 12 }} onFinish={onChangePassword}>
          <Form.Item label={t('profile.currentPassword')} name="currentPassword">
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item label={t('profile.newPassword')} name="newPassword">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label={t('profile.confirmNewPassword')} name="confirmPassword">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={changingPw}>
            {changingPw ? t('common.saving') : t('profile.updatePassword')}
          </Button>
        </Form>
      ) : null}
      <Divider />
      <DataRightsSection userId={user.user_id} canAskErasure={user.role !== 'admin'} />
    </Modal>
  );
}
