import { Form, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ApiError } from 'shell/api-client';
import { doctorName, toast } from 'shell/ui-kit';
import { DateSlotFields } from '../../shared/booking/DateSlotFields';
import { useAvailability } from '../../shared/booking/useAvailability';
import { useDoctors } from '../../api/doctors';
import type { Appointment } from '../../api/appointments';
import { useRescheduleAppointment } from '../../api/appointments';
import { formatDate, formatSlot, translateMessage } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';

interface RescheduleValues {
  appointment_date?: Dayjs | null;
  time_slot?: string;
}

/**
 * Reschedule: the booking screen's date and slot picker for the same doctor; the visit keeps its payment and
 * history. A slot taken meanwhile (409) is said above the slots, which are fetched again.
 */
export function RescheduleDialog({ appointment, onClose, onMoved }: { appointment: Appointment | null; onClose: () => void; onMoved: (updated: Appointment) => void }) {
  const { t } = usePatientTranslation();
  const [form] = Form.useForm<RescheduleValues>();
  const doctors = useDoctors();
  const doctor = doctors.data?.find((d) => d.doctor_id === appointment?.doctor_id);
  const date = Form.useWatch('appointment_date', form)?.format('YYYY-MM-DD');
  const { availability, loading, error, retry } = useAvailability(appointment?.doctor_id, date);
  const reschedule = useRescheduleAppointment();
  const [conflict, setConflict] = useState<string | null>(null);

  useEffect(() => {
    if (!appointment) {
      form.resetFields();
      setConflict(null);
    }
  }, [appointment, form]);

  const submit = async (values: RescheduleValues) => {
    if (!appointment || !values.appointment_date || !values.time_slot) return;
    const target = { date: values.appointment_date.format('YYYY-MM-DD'), slot: values.time_slot };
    try {
      const updated = await reschedule.mutateAsync({ id: appointment.appointment_id, doctorId: appointment.doctor_id, ...target });
      toast.success(t('reschedule.done'));
      onMoved(updated);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setConflict(translateMessage(err.message));
        form.setFieldValue('time_slot', undefined);
      } else {
        toast.error(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Failed to reschedule the appointment');
      }
    }
  };

  return (
    <Modal
      open={appointment !== null}
      title={t('reschedule.title')}
      okText={t('reschedule.ok')}
      cancelText={t('reschedule.keep')}
      onOk={() => form.submit()}
      onCancel={reschedule.isPending ? undefined : onClose}
      confirmLoading={reschedule.isPending}
      destroyOnHidden
      width={560}
    >
      {appointment ? (
        <>
          <Typography.Paragraph type="secondary">
            {t('reschedule.text', { doctor: doctorName(appointment), date: formatDate(appointment.appointment_date.slice(0, 10), 'day'), time: formatSlot(appointment.time_slot) })}
          </Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            scrollToFirstError={{ focus: true, block: 'center' }}
            onFinish={(v) => void submit(v)}
            onValuesChange={(changed) => {
              if ('appointment_date' in changed) form.setFieldValue('time_slot', undefined);
              if ('time_slot' in changed || 'appointment_date' in changed) setConflict(null);
            }}
          >
            <DateSlotFields doctor={doctor} date={date} availability={availability} loading={loading} error={error} onRetry={retry} conflict={conflict} />
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
