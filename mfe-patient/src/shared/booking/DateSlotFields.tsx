import { Alert, DatePicker, Form, Spin } from 'antd';
import { translateMessage } from 'shell/i18n';
import { ErrorState } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import type { Doctor } from '../../api/doctors';
import type { Availability } from '../../api/availability';
import { BOOKING_MESSAGES, DATE_INPUT_FORMATS, dateHint, isDateDisabled, slotsToShow, timeHint } from './booking.rules';
import { SlotPicker } from './SlotPicker';

/** The date (within the window, on the doctor's days) and the time among the slots still free that day. */
export function DateSlotFields({
  doctor,
  date,
  availability,
  loading,
  error,
  onRetry,
  conflict,
}: {
  doctor?: Doctor;
  date?: string;
  availability?: Availability;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** The server's 409 message, shown above the slots until another slot is chosen. */
  conflict?: string | null;
}) {
  const { t } = usePatientTranslation();
  const hint = timeHint({ doctorId: doctor?.doctor_id, date, availability });
  return (
    <>
      <Form.Item name="appointment_date" label={t('booking.date')} rules={[{ required: true, message: translateMessage(BOOKING_MESSAGES.date) }]} extra={dateHint(doctor)}>
        {/* A date can be typed (then Enter) as well as picked: the calendar alone cannot be used by keyboard. The
            first format is how the chosen date is shown; the others are what a typed date may look like. */}
        <DatePicker
          style={{ width: '100%' }}
          format={DATE_INPUT_FORMATS}
          placeholder={t('booking.datePlaceholder')}
          aria-label={t('booking.dateLabel')}
          disabledDate={(d) => isDateDisabled(d.format('YYYY-MM-DD'), doctor)}
          showToday={false}
          allowClear={false} // its 14 px clear icon is below the 24 px target size; a typed or picked date replaces it
        />
      </Form.Item>
      <Form.Item label={t('booking.time')} style={{ marginBottom: 0 }}>
        {conflict ? <Alert type="warning" showIcon role="alert" title={conflict} style={{ marginBottom: 12 }} /> : null}
        {error ? <ErrorState message={error} onRetry={onRetry} /> : null}
        <Spin spinning={loading} description={t('booking.checking')}>
          {/* The field itself (not noStyle): its message and hint are drawn by this item, with the ids antd gives the
              slot group as aria-describedby, and aria-invalid while the message shows, as the other fields have. */}
          <Form.Item name="time_slot" extra={hint || undefined} rules={[{ required: true, message: translateMessage(BOOKING_MESSAGES.time) }]}>
            <SlotPicker slots={slotsToShow(availability)} disabled={!availability || loading} />
          </Form.Item>
        </Spin>
      </Form.Item>
    </>
  );
}
