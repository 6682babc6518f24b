import { PlusOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useState } from 'react';
import { PageHeader } from 'shell/ui-kit';
import { OwnTickets } from 'shell/support-kit';

/** /dashboard/support (patients): their tickets, the create and edit modals, the conversation drawer. */
export function SupportPage() {
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <PageHeader title="Support Tickets" subtitle="Ask us anything about your care, payments or the app. We reply here." />
      <OwnTickets creating={creating} onCreatingChange={setCreating} />
      <FloatButton type="primary" icon={<PlusOutlined />} tooltip="New Ticket" aria-label="New Ticket" description="New" onClick={() => setCreating(true)} />
    </div>
  );
}
