import { Form, Radio } from 'antd';
import { usePatientTranslation } from '../../../i18n';
import { bookableMembers, useFamily } from '../../../api/family';

/**
 * "Who is this visit for?" (issue 36): me (the default) or a family member the patient may book for (a child, or an
 * adult who granted `book`). Shown only to a patient who has such a member; a booking for "me" sends no member_id.
 */
export function PatientField({ enabled }: { enabled: boolean }) {
  const { t } = usePatientTranslation();
  const members = bookableMembers(useFamily(enabled).data);
  if (!members.length) return null;
  return (
    <Form.Item name="patient" label={t('booking.patient.who')} initialValue="me">
      <Radio.Group
        aria-label={t('booking.patient.who')}
        options={[
          { value: 'me', label: t('booking.patient.me') },
          ...members.map((m) => ({ value: m.member_id as number, label: t('booking.patient.forMember', { name: m.full_name, relationship: t(`family.kind.${m.kind}`) }) })),
        ]}
      />
    </Form.Item>
  );
}
