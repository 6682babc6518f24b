import { Col, Row } from 'antd';
import { PageHeader } from 'shell/ui-kit';
import { useAdminTranslation } from '../../i18n';
import { ClosuresCard } from './ClosuresCard';
import { ClosureVisitsDialog } from './ClosureVisitsDialog';
import { DoctorHoursCard } from './DoctorHoursCard';
import { HolidaysCard } from './HolidaysCard';
import { NeedsNewTimeCard } from './NeedsNewTimeCard';
import { useClosureFlow } from './useClosureFlow';

/**
 * /dashboard/admin/calendar: the clinic's closures (one day, or a year's public holidays at once), the booked visits
 * a closure would touch shown before it is saved, the visits still waiting for a new time, and each doctor's hours
 * (read-only; issue 37).
 */
export function ClinicCalendarPage() {
  const { t } = useAdminTranslation();
  const flow = useClosureFlow();
  return (
    <div>
      <PageHeader title={t('calendar.title')} subtitle={t('calendar.subtitle')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ClosuresCard flow={flow} />
        </Col>
        <Col xs={24} xl={10}>
          <HolidaysCard flow={flow} />
        </Col>
        <Col xs={24}>
          <NeedsNewTimeCard />
        </Col>
        <Col xs={24}>
          <DoctorHoursCard />
        </Col>
      </Row>
      <ClosureVisitsDialog pending={flow.pending} busy={flow.busy} onConfirm={flow.confirm} onCancel={flow.cancel} />
    </div>
  );
}
