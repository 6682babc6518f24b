import { MAX_REASON_LENGTH } from '@afya/appointment-service/contracts/catalog';
import { Form, Input } from 'antd';
import { translateMessage } from 'shell/i18n';
import { reasonProblem } from '../../../shared/booking/booking.rules';
import { usePatientTranslation } from '../../../i18n';

/** The reason for the visit (the API's `notes`), with the catalog's length limits. */
export function ReasonField() {
  const { t } = usePatientTranslation();
  return (
    <Form.Item
      name="notes"
      label={t('booking.reason')}
      rules={[{ validator: (_rule, value: string | undefined) => { const problem = reasonProblem(value); return problem ? Promise.reject(new Error(translateMessage(problem))) : Promise.resolve(); } }]}
    >
      <Input.TextArea rows={4} maxLength={MAX_REASON_LENGTH} showCount placeholder={t('booking.reasonPlaceholder')} aria-label={t('booking.reason')} />
    </Form.Item>
  );
}
