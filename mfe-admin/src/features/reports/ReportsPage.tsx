import { useAdminTranslation } from '../../i18n';
import { formatNumber } from 'shell/i18n';
import type { ReportType } from './download';
import { CalendarOutlined, DollarOutlined, DownloadOutlined, FileTextOutlined, SolutionOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Progress, Row, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { PageHeader } from 'shell/ui-kit';
import { percentOf, useReportDownload } from './api';

// Each report's title and description: reports.<type>.title / .description in the catalogue.
const REPORTS: { type: ReportType; icon: ReactNode; color: string }[] = [
  { type: 'appointments', icon: <CalendarOutlined />, color: '#9333ea' },
  { type: 'users', icon: <TeamOutlined />, color: '#0f766e' },
  { type: 'revenue', icon: <DollarOutlined />, color: '#16a34a' },
  { type: 'prescriptions', icon: <FileTextOutlined />, color: '#2563eb' },
  // Issue 40: the appointment service's attendance record (GET /admin/reports/attendance.csv, same range)
  { type: 'attendance', icon: <SolutionOutlined />, color: '#c2410c' },
];

export function ReportsPage() {
  const { t } = useAdminTranslation();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { active, progress, start } = useReportDownload();
  const dates = { from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') };
  const percent = percentOf(progress);

  return (
    <div>
      <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('reports.dates')}</Typography.Text>
        <DatePicker.RangePicker aria-label={t('reports.datesLabel')} value={range} onChange={(value) => setRange(value)} allowEmpty={[true, true]} />
      </Space>
      <Row gutter={[16, 16]}>
        {REPORTS.map((r) => (
          <Col key={r.type} xs={24} sm={12} xl={6}>
            {/* The button sits at the card's foot, so the four line up whatever the description's length. */}
            <Card style={{ height: '100%' }} styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', gap: 8 } }} data-testid={`report-${r.type}`}>
                <span style={{ fontSize: 24, color: r.color }} aria-hidden>
                  {r.icon}
                </span>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {t(`reports.${r.type}.title`)}
                </Typography.Title>
                <Typography.Text type="secondary">{t(`reports.${r.type}.description`)}</Typography.Text>
                {active === r.type && progress ? (
                  <div role="status" aria-live="polite" data-testid={`progress-${r.type}`}>
                    <Progress percent={percent ?? 100} status="active" showInfo={percent !== null} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {progress.total !== null
                        ? t('reports.rowsOf', { rows: formatNumber(progress.rows), total: formatNumber(progress.total) })
                        : t('reports.rows', { rows: formatNumber(progress.rows) })}
                    </Typography.Text>
                  </div>
                ) : null}
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  loading={active === r.type}
                  disabled={active !== null && active !== r.type}
                  onClick={() => void start(r.type, dates)}
                  aria-label={t('reports.downloadLabel', { title: t(`reports.${r.type}.title`) })}
                  style={{ marginTop: 'auto', alignSelf: 'flex-start' }}
                >
                  {t('reports.download')}
                </Button>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
