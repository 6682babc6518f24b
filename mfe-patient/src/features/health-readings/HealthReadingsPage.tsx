import { Col, Row, Typography } from 'antd';
import { PageHeader } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { ReadingForm } from './ReadingForm';
import { ReadingsHistory } from './ReadingsHistory';

/**
 * /dashboard/health-readings (issue 39): the patient enters blood pressure, glucose or weight and reads the server's
 * judgement and advice, then their readings over time (chart and table). Nothing here says the readings are watched
 * as they arrive: the page says plainly that they are not.
 */
export function HealthReadingsPage() {
  const { t } = usePatientTranslation();
  return (
    <div>
      <PageHeader title={t('readings.page.title')} subtitle={t('readings.page.subtitle')} />
      <Typography.Paragraph type="secondary" data-testid="readings-not-watched">
        {t('readings.page.notWatched')}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <ReadingForm />
        </Col>
        <Col xs={24} xl={16}>
          <ReadingsHistory />
        </Col>
      </Row>
    </div>
  );
}
