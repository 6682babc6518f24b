import { Card, Col, Row, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { errorText } from 'shell/api-client';
import { translateMessage } from 'shell/i18n';
import { ErrorState } from 'shell/ui-kit';
import { useAdminTranslation } from '../../i18n';
import { useDoctors, useQueue } from './api';
import { displayNumbers } from './desk.logic';

/** The TV reads the queue this often. */
const DISPLAY_REFRESH_MS = 5_000;

/**
 * /dashboard/admin/desk/display?doctor=ID (issue 40): the waiting room's screen, for a TV: queue numbers only, never a
 * name (the room sees it), in large text; the numbers called in, then those still waiting. Without a doctor, every
 * doctor's queue side by side.
 */
export function WaitingRoomPage() {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const doctorParam = Number(params.get('doctor'));
  const doctorId = Number.isInteger(doctorParam) && doctorParam > 0 ? doctorParam : undefined;
  const queue = useQueue(doctorId, DISPLAY_REFRESH_MS);
  const doctors = useDoctors();
  const entries = queue.data?.queue ?? [];
  const doctorIds = doctorId ? [doctorId] : [...new Set(entries.map((e) => e.doctor_id))];
  const nameOf = (id: number) => {
    const doctor = doctors.data?.find((d) => d.doctor_id === id);
    return doctor ? `Dr. ${doctor.first_name} ${doctor.last_name}` : (entries.find((e) => e.doctor_id === id)?.doctor_name ?? '');
  };

  return (
    <section aria-labelledby="waiting-room-title">
      <Typography.Title id="waiting-room-title" level={1} style={{ textAlign: 'center', fontSize: 'clamp(28px, 5vw, 56px)' }}>
        {t('desk.displayTitle')}
      </Typography.Title>
      {queue.isError ? <ErrorState message={translateMessage(errorText(queue.error, 'Failed to load the queue'))} onRetry={() => void queue.refetch()} /> : null}
      {doctorIds.length === 0 && !queue.isLoading ? (
        <Typography.Paragraph style={{ textAlign: 'center', fontSize: 'clamp(20px, 3vw, 36px)' }}>{t('desk.displayEmpty')}</Typography.Paragraph>
      ) : null}
      <Row gutter={[24, 24]} aria-live="polite">
        {doctorIds.map((id) => {
          const { called, waiting } = displayNumbers(entries.filter((e) => e.doctor_id === id));
          return (
            <Col key={id} xs={24} lg={doctorIds.length > 1 ? 12 : 24}>
              <Card data-testid={`display-${id}`}>
                <Typography.Title level={2} style={{ textAlign: 'center', fontSize: 'clamp(22px, 3.5vw, 40px)' }}>
                  {nameOf(id)}
                </Typography.Title>
                <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
                  {t('desk.nowCalling')}
                </Typography.Title>
                <p style={{ textAlign: 'center', fontSize: 'clamp(64px, 14vw, 180px)', fontWeight: 700, lineHeight: 1.1, margin: '0 0 16px' }} data-testid={`display-called-${id}`}>
                  {called.length ? called.join(' · ') : '—'}
                </p>
                <Typography.Title level={3} style={{ textAlign: 'center' }}>
                  {t('desk.nextUp')}
                </Typography.Title>
                <p style={{ textAlign: 'center', fontSize: 'clamp(36px, 7vw, 96px)', fontWeight: 600, lineHeight: 1.2, margin: 0, wordSpacing: '0.4em' }} data-testid={`display-waiting-${id}`}>
                  {waiting.length ? waiting.join(' ') : '—'}
                </p>
              </Card>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}
