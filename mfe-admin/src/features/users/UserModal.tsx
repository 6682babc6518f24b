import { useAdminTranslation } from '../../i18n';
import type { AdminUserEntry } from '@afya/auth-service/contracts';
import { MIN_NAME_LENGTH, MIN_PHONE_LENGTH } from '@afya/auth-service/contracts/catalog';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import type { UserForm } from './api';

export const ROLE_VALUES = ['user', 'doctor', 'admin'] as const;
export const STATUS_VALUES = ['active', 'inactive', 'suspended'] as const;

const EMPTY: UserForm = { firstname: '', lastname: '', email: '', phone: '', role: 'user', status: 'active' };

/** 'Add New User' / 'Edit User' (CONTRACT.md §2 and §5); view and edit open the same form. */
export function UserModal({
  open,
  user,
  saving,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  user: AdminUserEntry | null;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (form: UserForm) => void;
}) {
  const { t } = useAdminTranslation();
  const [form] = Form.useForm<UserForm>();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      user
        ? { firstname: user.firstname, lastname: user.lastname, email: user.email, phone: user.phone ?? user.contact_phone ?? '', role: user.role, status: user.status }
        : EMPTY,
    );
  }, [open, user, form]);

  return (
    <Modal
      open={open}
      title={user ? t('userForm.editTitle') : t('userForm.addTitle')}
      okText={user ? t('userForm.update') : t('userForm.create')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onSubmit} requiredMark={false} initialValues={EMPTY}>
        <Form.Item name="firstname" label={t('userForm.firstname')} rules={[{ required: true, whitespace: true, min: MIN_NAME_LENGTH, message: t('messages.firstname') }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="lastname" label={t('userForm.lastname')} rules={[{ required: true, whitespace: true, min: MIN_NAME_LENGTH, message: t('messages.lastname') }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('userForm.email')} rules={[{ required: true, type: 'email', message: t('messages.email') }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="phone" label={t('userForm.phone')} rules={[{ required: true, min: MIN_PHONE_LENGTH, message: t('messages.phone') }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t('common.role')}>
          <Select options={ROLE_VALUES.map((value) => ({ value, label: t(`role.${value}`) }))} aria-label={t('common.role')} />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')}>
          <Select options={STATUS_VALUES.map((value) => ({ value, label: t(`userStatus.${value}`) }))} aria-label={t('common.status')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
