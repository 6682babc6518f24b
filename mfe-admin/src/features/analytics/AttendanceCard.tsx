import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { calls, errorText } from 'shell/api-client';
import { formatDate, formatNumber, translateMessage } from 'shell/i18n';
import { CaptionedTable, ErrorState } from 'shell/ui-kit';
import { useAdminTranslation } from '../../i18n';
import { adminKeys } from '../../api/query-keys';

type AttendanceWeek = Awaited<ReturnType<typeof calls.appointments.attendanceReport>>['weeks'][number];

/**
 * Attendance (issue 40) over the last 28 days, from the appointment service's own record (GET /admin/attendance):
 * the no-show rate per doctor and week (no-shows over the visits with an outcome), the average wait from arrival to
 * being called in, and walk-ins per day. No penalty follows from any figure.
 */
export function AttendanceCard() {
  const { t } = useAdminTranslation();
  const report = useQuery({
    queryKey: [...adminKeys.analytics, 'attendance'],
    queryFn: () => calls.appointments.attendanceReport({ query: {} }, { context: { fallback: 'Failed to load attendance' } }),
  });
  const data = report.data;
  const walkIns = data?.walk_ins_per_day.reduce((total, day) => total + day.walk_ins, 0) ?? 0;
  const minutes = (value: number | null) => (value === null ? '—' : t('analytics.attendance.minutes', { n: formatNumber(value) }));
  return (
    <Card title={t('analytics.attendance.title')} style={{ marginBottom: 16 }}>
      {report.isError ? <ErrorState message={translateMessage(errorText(report.error, 'Failed to load attendance'))} onRetry={() => void report.refetch()} /> : null}
      {report.isPending ? <Skeleton active /> : null}
      {data ? (
        <>
          <Row gutter={[16, 8]} style={{ marginBottom: 12 }}>
            <Col xs={24} md={8}>
              <Typography.Text type="secondary">{t('analytics.attendance.averageWait')}</Typography.Text>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {minutes(data.average_wait_minutes)}
              </Typography.Title>
            </Col>
            <Col xs={24} md={8}>
              <Typography.Text type="secondary">{t('analytics.attendance.walkIns')}</Typography.Text>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {formatNumber(walkIns)}
              </Typography.Title>
            </Col>
            <Col xs={24} md={8}>
              <Typography.Text type="secondary">{t('analytics.attendance.period', { from: formatDate(data.from, 'date'), to: formatDate(data.to, 'date') })}</Typography.Text>
            </Col>
          </Row>
          <CaptionedTable<AttendanceWeek>
            caption={t('analytics.attendance.tableCaption')}
            rowKey={(row) => `${row.week}-${row.doctor_id}`}
            dataSource={data.weeks}
            size="small"
            locale={{ emptyText: t('analytics.attendance.empty') }}
            columns={[
              { title: t('analytics.attendance.week'), dataIndex: 'week', render: (week: string) => formatDate(week, 'date') },
              { title: t('analytics.attendance.doctor'), dataIndex: 'doctor_name' },
              { title: t('analytics.attendance.visits'), dataIndex: 'visits', align: 'right' },
              { title: t('analytics.attendance.noShows'), dataIndex: 'no_shows', align: 'right' },
              { title: t('analytics.attendance.noShowRate'), dataIndex: 'no_show_rate', align: 'right', render: (rate: number, row) => (row.outcomes ? `${formatNumber(Math.round(rate * 1000) / 10)}%` : '—') },
              { title: t('analytics.attendance.wait'), dataIndex: 'average_wait_minutes', align: 'right', render: (value: number | null) => minutes(value) },
              { title: t('analytics.attendance.walkInsColumn'), dataIndex: 'walk_ins', align: 'right' },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}
