import { VISIT_MODE_LABELS } from '@afya/appointment-service/contracts/catalog';
import { Form, Radio, Select, Typography } from 'antd';
import { APPOINTMENT_TYPES, Money, formatKsh } from 'shell/ui-kit';
import { doctorFullName, type Doctor } from '../../find-doctors/api';
import { BOOKING_MESSAGES, feeSummary } from '../booking.rules';

/** Doctor and appointment type, and the fee they make. */
export function DoctorTypeFields({ doctors, loading, doctor, type }: { doctors: Doctor[]; loading: boolean; doctor?: Doctor; type?: string }) {
  const fee = feeSummary(doctor, type);
  const doctorHasFee = doctor?.fee !== null && doctor?.fee !== undefined;
  return (
    <>
      <Form.Item name="doctor_id" label="Doctor" rules={[{ required: true, message: BOOKING_MESSAGES.doctor }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={loading}
          placeholder={loading ? 'Loading doctors…' : 'Select a doctor'}
          aria-label="Doctor"
          options={doctors.map((d) => ({ value: d.doctor_id, label: `${doctorFullName(d)}${d.specialization ? ` · ${d.specialization}` : ''}` }))}
        />
      </Form.Item>
      <Form.Item name="appointment_type" label="Appointment type" rules={[{ required: true, message: BOOKING_MESSAGES.type }]}>
        <Select
          placeholder="Select appointment type"
          aria-label="Appointment type"
          // A doctor's own fee applies whatever the type: the types' default fees would mislead then.
          options={APPOINTMENT_TYPES.map((t) => ({ value: t.type, label: doctorHasFee ? t.type : `${t.type} · ${formatKsh(t.fee)}` }))}
        />
      </Form.Item>
      {doctor?.offers_video ? (
        <Form.Item name="visit_mode" label="How would you like to see the doctor?" initialValue="in_person">
          <Radio.Group
            aria-label="Visit mode"
            optionType="button"
            options={[
              { value: 'in_person', label: VISIT_MODE_LABELS.in_person },
              { value: 'video', label: `${VISIT_MODE_LABELS.video} (in your browser)` },
            ]}
          />
        </Form.Item>
      ) : null}
      <div data-testid="fee" style={{ margin: '-8px 0 16px' }} aria-live="polite">
        {fee ? (
          <Typography.Text>
            Fee: <Money value={fee.amount} strong /> <Typography.Text type="secondary">{fee.note}</Typography.Text>
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">The fee appears when you pick an appointment type.</Typography.Text>
        )}
      </div>
    </>
  );
}
