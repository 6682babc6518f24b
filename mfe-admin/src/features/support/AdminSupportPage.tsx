import { useAdminTranslation } from '../../i18n';
import { Card, Col, Row } from 'antd';
import { useState } from 'react';
import { PageHeader } from 'shell/ui-kit';
import { TicketConversation } from './TicketConversation';
import { TicketQueue } from './TicketQueue';

/** /dashboard/admin/support: the contract's two-pane desk (ticket list left, conversation right; stacked on phones). */
export function AdminSupportPage() {
  const { t } = useAdminTranslation();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  return (
    <div>
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <TicketQueue selectedId={selectedId} onSelect={setSelectedId} />
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('support.conversation')}>
            <TicketConversation ticketId={selectedId} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
