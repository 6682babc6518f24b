import { useAdminTranslation } from '../../i18n';
import { specialtyLabel } from 'shell/i18n';
import type { Specialization } from '@afya/appointment-service/contracts';
import { CheckOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { SPECIALIZATIONS, useApproveDoctor, WEEKDAYS, type AdminDoctor } from './api';

export const SPECIALIZATION_REQUIRED = 'Please choose a specialization';

/**
 * Approve a doctor awaiting approval (CONTRACT.md §10): they become bookable. The admin confirms the
 * specialization (required when the profile has none) and the days the doctor sees patients. The lists that
 * show the doctor update from the query cache (useApproveDoctor).
 */
export function ApproveDoctorButton({ doctor, size }: { doctor: AdminDoctor; size?: 'small' | 'middle' }) {
  const { t } = useAdminTranslation();
  const [open, setOpen] = useState(false);
  const [specialization, setSpecialization] = useState<Specialization | undefined>((doctor.specialization as Specialization | null) ?? undefined);
  const [days, setDays] = useState<string[]>(doctor.available_days);
  const [missing, setMissing] = useState(false);
  const approval = useApproveDoctor();
  const name = t('common.doctorName', { name: `${doctor.first_name} ${doctor.last_name}` });
  const error = missing ? t('approve.specializationRequired') : approval.isError ? errorText(approval.error, t('approve.failed')) : null;

  const approve = () => {
    if (!specialization) {
      setMissing(true);
      return;
    }
    approval.mutate(
      { id: doctor.doctor_id, specialization, available_days: days },
      {
        onSuccess: () => {
          toast.success(t('approve.done', { name }));
          setOpen(false);
        },
      },
    );
  };

  return (
    <>
      <Button type="primary" size={size} icon={<CheckOutlined />} onClick={() => setOpen(true)} aria-label={t('approve.label', { name })}>
        {t('erasure.approve')}
      </Button>
      <Modal
        open={open}
        title={t('approve.label', { name })}
        okText={t('erasure.approve')}
        cancelText={t('common.cancel')}
        onOk={approve}
        confirmLoading={approval.isPending}
        onCancel={() => {
          approval.reset();
          setOpen(false);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('approve.hint')}</Typography.Paragraph>
        {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} /> : null}
        <Form layout="vertical">
          <Form.Item label={t('approve.specialization')} required>
            <Select
              aria-label={t('approve.specialization')}
              placeholder={t('approve.selectSpecialization')}
              value={specialization}
              onChange={(v) => {
                setSpecialization(v);
                setMissing(false);
              }}
              options={SPECIALIZATIONS.map((s) => ({ value: s, label: specialtyLabel(s) }))}
            />
          </Form.Item>
          <Form.Item label={t('approve.days')} extra={t('approve.daysHint')}>
            <Checkbox.Group value={days} onChange={(v) => setDays(v as string[])} options={WEEKDAYS.map((d) => ({ value: d, label: t(`weekday.${d}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
