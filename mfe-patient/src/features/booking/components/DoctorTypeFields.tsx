import { Form, Radio, Select, Typography } from 'antd';
import { appointmentTypeLabel, specialtyLabel, translateMessage, visitModeLabel } from 'shell/i18n';
import { APPOINTMENT_TYPES, Money, formatKsh } from 'shell/ui-kit';
import { usePatientTranslation } from '../../../i18n';
import { doctorFullName, type Doctor } from '../../../api/doctors';
import { BOOKING_MESSAGES, feeSummary } from '../../../shared/booking/booking.rules';

/** Doctor and appointment type, and the fee they make. */
export function DoctorTypeFields({ doctors, loading, doctor, type }: { doctors: Doctor[]; loading: boolean; doctor?: Doctor; type?: string }) {
  const { t } = usePatientTranslation();
  const fee = feeSummary(doctor, type);
  const doctorHasFee = doctor?.fee !== null && doctor?.fee !== undefined;
  return (
    <>
      <Form.Item name="doctor_id" label={t('booking.doctor')} rules={[{ required: true, message: translateMessage(BOOKING_MESSAGES.doctor) }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={loading}
          placeholder={loading ? t('booking.loadingDoctors') : t('booking.selectDoctor')}
          aria-label={t('booking.doctor')}
          options={doctors.map((d) => ({ value: d.doctor_id, label: `${doctorFullName(d)}${d.specialization ? ` · ${specialtyLabel(d.specialization)}` : ''}` }))}
        />
      </Form.Item>
      <Form.Item name="appointment_type" label={t('booking.type')} rules={[{ required: true, message: translateMessage(BOOKING_MESSAGES.type) }]}>
        <Select
          placeholder={t('booking.selectType')}
          aria-label={t('booking.type')}
          // A doctor's own fee applies whatever the type: the types' default fees would mislead then.
          options={APPOINTMENT_TYPES.map((o) => ({ value: o.type, label: doctorHasFee ? appointmentTypeLabel(o.type) : `${appointmentTypeLabel(o.type)} · ${formatKsh(o.fee)}` }))}
        />
      </Form.Item>
      {doctor?.offers_video ? (
        <Form.Item name="visit_mode" label={t('booking.visitQuestion')} initialValue="in_person">
          <Radio.Group
            aria-label={t('booking.visitMode')}
            optionType="button"
            options={[
              { value: 'in_person', label: visitModeLabel('in_person') },
              { value: 'video', label: t('booking.videoInBrowser', { video: visitModeLabel('video') }) },
            ]}
          />
        </Form.Item>
      ) : null}
      <div data-testid="fee" style={{ margin: '-8px 0 16px' }} aria-live="polite">
        {fee ? (
          <Typography.Text>
            {t('booking.fee.label')} <Money value={fee.amount} strong /> <Typography.Text type="secondary">{fee.note}</Typography.Text>
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('booking.fee.pickType')}</Typography.Text>
        )}
      </div>
    </>
  );
}
