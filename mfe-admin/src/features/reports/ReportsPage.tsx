import type { ReportType } from '@afya/reporting-service/contracts';
import { CalendarOutlined, DollarOutlined, DownloadOutlined, FileTextOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Progress, Row, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { PageHeader } from 'shell/ui-kit';
import { percentOf, useReportDownload } from './api';

const REPORTS: { type: ReportType; title: string; description: string; icon: ReactNode; color: string }[] = [
  { type: 'appointments', title: 'Appointments', description: 'Every booking with patient, doctor, date, status and amount.', icon: <CalendarOutlined />, color: '#9333ea' },
  { type: 'users', title: 'Users', description: 'Patients, doctors and admins with role, status and sign-up date.', icon: <TeamOutlined />, color: '#0f766e' },
  { type: 'revenue', title: 'Revenue', description: 'Card and M-Pesa payments, refunds and net amounts in Ksh.', icon: <DollarOutlined />, color: '#16a34a' },
  { type: 'prescriptions', title: 'Prescriptions', description: 'Prescriptions issued, with patient, doctor and medicines.', icon: <FileTextOutlined />, color: '#2563eb' },
];

export function ReportsPage() {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { active, progress, start } = useReportDownload();
  const dates = { from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') };
  const percent = percentOf(progress);

  return (
    <div>
      <PageHeader title="Reports & Analytics" subtitle="Download system reports as CSV files" />
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>Dates (optional):</Typography.Text>
        <DatePicker.RangePicker aria-label="Report dates" value={range} onChange={(value) => setRange(value)} allowEmpty={[true, true]} />
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
                  {r.title}
                </Typography.Title>
                <Typography.Text type="secondary">{r.description}</Typography.Text>
                {active === r.type && progress ? (
                  <div role="status" aria-live="polite" data-testid={`progress-${r.type}`}>
                    <Progress percent={percent ?? 100} status="active" showInfo={percent !== null} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {progress.rows.toLocaleString('en-KE')}
                      {progress.total !== null ? ` of ${progress.total.toLocaleString('en-KE')}` : ''} rows
                    </Typography.Text>
                  </div>
                ) : null}
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  loading={active === r.type}
                  disabled={active !== null && active !== r.type}
                  onClick={() => void start(r.type, dates)}
                  aria-label={`Download ${r.title} report`}
                  style={{ marginTop: 'auto', alignSelf: 'flex-start' }}
                >
                  Download
                </Button>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
