import { PlusOutlined } from '@ant-design/icons';
import { Checkbox, FloatButton } from 'antd';
import { useState } from 'react';
import { PageHeader } from 'shell/ui-kit';
import { OwnTickets } from 'shell/support-kit';
import { PatientTickets } from './PatientTickets';
import { useDoctorTranslation } from '../../i18n';

/**
 * /dashboard/doctor/support: the doctor's own tickets (create, edit, delete, converse), and behind 'Show only
 * my patients' the tickets of patients they have appointments with, read-only (GET /support/doctor).
 */
export function DoctorSupportPage() {
  const { t } = useDoctorTranslation();
  const [patientsOnly, setPatientsOnly] = useState(false);
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <PageHeader
        title={t('support.title')}
        subtitle={patientsOnly ? t('support.patientsSubtitle') : t('support.ownSubtitle')}
        extra={
          <Checkbox checked={patientsOnly} onChange={(e) => setPatientsOnly(e.target.checked)}>
            {t('support.onlyMyPatients')}
          </Checkbox>
        }
      />
      {patientsOnly ? <PatientTickets /> : <OwnTickets creating={creating} onCreatingChange={setCreating} />}
      {patientsOnly ? null : (
        <FloatButton type="primary" icon={<PlusOutlined />} tooltip={t('support.newTicket')} aria-label={t('support.newTicket')} description={t('support.new')} onClick={() => setCreating(true)} />
      )}
    </div>
  );
}
