import { CheckOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { approveDoctor, SPECIALIZATIONS, WEEKDAYS, type AdminDoctor } from './api';

export const SPECIALIZATION_REQUIRED = 'Please choose a specialization';

/**
 * Approve a doctor awaiting approval (PRODUCT.md): they become bookable. The admin confirms the
 * specialization (required when the profile has none) and the days the doctor sees patients.
 */
export function ApproveDoctorButton({ doctor, onApproved, size }: { doctor: AdminDoctor; onApproved: (d: AdminDoctor) => void; size?: 'small' | 'middle' }) {
  const [open, setOpen] = useState(false);
  const [specialization, setSpecialization] = useState<string | undefined>(doctor.specialization ?? undefined);
  const [days, setDays] = useState<string[]>(doctor.available_days ?? []);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const name = `Dr. ${doctor.first_name} ${doctor.last_name}`;

  const approve = async () => {
    if (!specialization) {
      setError(SPECIALIZATION_REQUIRED);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const res = await approveDoctor(doctor.doctor_id, { specialization, available_days: days });
      toast.success(`${name} approved`);
      onApproved({ ...doctor, specialization, available_days: days, ...(res?.doctor ?? {}), approval_status: 'approved', approved: true });
      setOpen(false);
    } catch (e) {
      setError(errorText(e, 'Failed to approve doctor'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button type="primary" size={size} icon={<CheckOutlined />} onClick={() => setOpen(true)} aria-label={`Approve ${name}`}>
        Approve
      </Button>
      <Modal open={open} title={`Approve ${name}`} okText="Approve" onOk={approve} confirmLoading={saving} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph type="secondary">Once approved, patients can find and book this doctor.</Typography.Paragraph>
        {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} /> : null}
        <Form layout="vertical">
          <Form.Item label="Specialization" required>
            <Select
              aria-label="Specialization"
              placeholder="Select a specialization"
              value={specialization}
              onChange={(v) => {
                setSpecialization(v);
                setError(null);
              }}
              options={SPECIALIZATIONS.map((s) => ({ value: s, label: s }))}
            />
          </Form.Item>
          <Form.Item label="Available days" extra="Leave all unticked if the doctor sees patients every day.">
            <Checkbox.Group value={days} onChange={(v) => setDays(v as string[])} options={WEEKDAYS.map((d) => ({ value: d, label: d }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
