import { CalendarOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { Appointment } from '../../api/appointments';
import { usePatientTranslation } from '../../i18n';
import { needsNewTime } from './appointments.logic';

/**
 * On a visit that needs a new time (issue 37: the doctor's leave, a clinic closure or the doctor's new hours fell on
 * it), why, and the way on: Pick a new time opens the reschedule dialog with the same doctor (the payment stays with
 * the visit). Nothing on any other visit. The leave's reason is the staff's and never reaches the patient.
 */
export function NewTimeNotice({ appointment: a, onPickNewTime }: { appointment: Appointment; onPickNewTime: () => void }) {
  const { t } = usePatientTranslation();
  if (!needsNewTime(a) || !a.needs_new_time) return null;
  const { cause, closure_name } = a.needs_new_time;
  const why =
    cause === 'closure'
      ? closure_name
        ? t('appointments.newTimeClosure', { name: closure_name })
        : t('appointments.newTimeClosureUnnamed')
      : cause === 'leave'
        ? t('appointments.newTimeLeave')
        : t('appointments.newTimeHours');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid={`needs-new-time-${a.appointment_id}`}
      title={t('appointments.newTimeTitle')}
      description={
        <>
          <div>
            {why} {t('appointments.newTimeHint')}
          </div>
          <Button type="primary" icon={<CalendarOutlined />} onClick={onPickNewTime} style={{ marginTop: 8 }} data-testid={`pick-new-time-${a.appointment_id}`}>
            {t('appointments.pickNewTime')}
          </Button>
        </>
      }
    />
  );
}
