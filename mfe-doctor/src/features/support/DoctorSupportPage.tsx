import { PlusOutlined } from '@ant-design/icons';
import { Checkbox, FloatButton } from 'antd';
import { useState } from 'react';
import { PageHeader } from 'shell/ui-kit';
import { OwnTickets } from 'shell/support-kit';
import { PatientTickets } from './PatientTickets';

/**
 * /dashboard/doctor/support: the doctor's own tickets (create, edit, delete, converse), and behind 'Show only
 * my patients' the tickets of patients they have appointments with, read-only (GET /support/doctor).
 */
export function DoctorSupportPage() {
  const [patientsOnly, setPatientsOnly] = useState(false);
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <PageHeader
        title="Support Tickets"
        subtitle={patientsOnly ? "Your patients' tickets, with their contact details (read-only)." : 'Your tickets with the Afya support team.'}
        extra={
          <Checkbox checked={patientsOnly} onChange={(e) => setPatientsOnly(e.target.checked)}>
            Show only my patients
          </Checkbox>
        }
      />
      {patientsOnly ? <PatientTickets /> : <OwnTickets creating={creating} onCreatingChange={setCreating} />}
      {patientsOnly ? null : (
        <FloatButton type="primary" icon={<PlusOutlined />} tooltip="New Ticket" aria-label="New Ticket" description="New" onClick={() => setCreating(true)} />
      )}
    </div>
  );
}
