import { PlusOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useState } from 'react';
import { PageHeader } from 'shell/ui-kit';
import { OwnTickets } from 'shell/support-kit';
import { usePatientTranslation } from '../../i18n';

/** /dashboard/support (patients): their tickets, the create and edit modals, the conversation drawer. */
export function SupportPage() {
  const { t } = usePatientTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      <OwnTickets creating={creating} onCreatingChange={setCreating} />
      <FloatButton type="primary" icon={<PlusOutlined />} tooltip={t('support.newTicket')} aria-label={t('support.newTicket')} description={t('support.new')} onClick={() => setCreating(true)} />
    </div>
  );
}
