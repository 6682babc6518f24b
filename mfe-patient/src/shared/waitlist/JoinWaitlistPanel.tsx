import { Alert, Button, DatePicker, Form, type FormInstance, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { doctorFullName, type Doctor } from '../../api/doctors';
import { DATE_INPUT_FORMATS, isDateDisabled, type BookingFormValues } from '../booking/booking.rules';
import { useJoinWaitlist } from '../../api/waitlist';
import { defaultRange } from './waitlist-range';

/**
 * Shown on the booking screen when the chosen day has no free time with the doctor: join their waitlist for a range
 * of days. The type and reason come from the booking form (they are what the visit is for when a slot is offered).
 */
export function JoinWaitlistPanel({ form, doctor, date }: { form: FormInstance<BookingFormValues>; doctor: Doctor; date: string }) {
  const initial = defaultRange(date);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs(initial.date_from), dayjs(initial.date_to)]);
  const [joined, setJoined] = useState<string | null>(null);
  const join = useJoinWaitlist();
  const { t } = usePatientTranslation();
  const name = doctorFullName(doctor);

  const submit = async () => {
    try {
      await form.validateFields(['appointment_type', 'notes']);
    } catch {
      return; // the fields show what is missing
    }
    const values = form.getFieldsValue();
    join.mutate(
      {
        doctor_id: doctor.doctor_id,
        date_from: range[0].format('YYYY-MM-DD'),
        date_to: range[1].format('YYYY-MM-DD'),
        appointment_type: values.appointment_type ?? '',
        notes: (values.notes ?? '').trim(),
      },
      {
        onSuccess: (reply) => {
          setJoined(reply.message);
          toast.success(reply.message);
        },
        onError: (error) => toast.error(errorText(error, 'Failed to join the waitlist')),
      },
    );
  };

  if (joined) {
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        title={joined}
        description={<Link to="/dashboard/waitlist">{t('waitlist.join.see')}</Link>}
        style={{ marginBottom: 16 }}
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('waitlist.join.title', { name })}
      description={
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          <Typography.Text>{t('waitlist.join.explain', { name })}</Typography.Text>
          <Form.Item label={t('waitlist.join.days')} style={{ marginBottom: 0 }}>
            {/* The days as every other date reads ('Tue, 8 Dec 2026'); typed ones as the booking's date field takes them. */}
            <DatePicker.RangePicker
              value={range}
              format={DATE_INPUT_FORMATS}
              allowClear={false}
              aria-label={t('waitlist.join.days')}
              disabledDate={(d) => isDateDisabled(d.format('YYYY-MM-DD'), doctor)}
              onChange={(value) => {
                if (value?.[0] && value[1]) setRange([value[0], value[1]]);
              }}
            />
          </Form.Item>
          <Button onClick={() => void submit()} loading={join.isPending}>
            {t('waitlist.join.submit')}
          </Button>
        </Space>
      }
    />
  );
}
