import type { AdminUserEntry } from '@afya/auth-service/contracts';
import { AuthMessages, MIN_NAME_LENGTH, MIN_PHONE_LENGTH } from '@afya/auth-service/contracts/catalog';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import type { UserForm } from './api';

export const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'doctor', label: 'Doctor' },
  { value: 'admin', label: 'Admin' },
];
export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'suspended', label: 'Suspended' },
];

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
      title={user ? 'Edit User' : 'Add New User'}
      okText={user ? 'Update User' : 'Create User'}
      cancelText="Cancel"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onSubmit} requiredMark={false} initialValues={EMPTY}>
        <Form.Item name="firstname" label="First Name" rules={[{ required: true, whitespace: true, min: MIN_NAME_LENGTH, message: AuthMessages.firstname }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="lastname" label="Last Name" rules={[{ required: true, whitespace: true, min: MIN_NAME_LENGTH, message: AuthMessages.lastname }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label="Email" rules={[{ required: true, type: 'email', message: AuthMessages.email }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="phone" label="Phone" rules={[{ required: true, min: MIN_PHONE_LENGTH, message: AuthMessages.phone }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label="Role">
          <Select options={ROLE_OPTIONS} aria-label="Role" />
        </Form.Item>
        <Form.Item name="status" label="Status">
          <Select options={STATUS_OPTIONS} aria-label="Status" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
