import { CalendarOutlined, ClockCircleOutlined, FileTextOutlined, TeamOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Col, Rate, Row, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from 'shell/session';
import { EmptyState, StatCard, StatusBadge } from 'shell/ui-kit';
import { fetchDoctorAppointments, fetchPerformance, nairobiToday, patientName, type DoctorAppointment, type Performance } from './api';

export function DoctorHomePage() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const [appointments, setAppointments] = useState<DoctorAppointment[]>([]);
  const [perf, setPerf] = useState<Performance>({});
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let alive = true;
    // Load failures are silently ignored (SPEC.md section 8): the tiles show 0.
    Promise.allSettled([fetchDoctorAppointments(), fetchPerformance()]).then(([a, p]) => {
      if (!alive) return;
      if (a.status === 'fulfilled') setAppointments(a.value);
      if (p.status === 'fulfilled') setPerf(p.value);
      setLoading(false);
    });
    return () => {
      alive = false;
    };
  }, []);

  const today = nairobiToday();
  const todays = appointments.filter((a) => (a.appointment_date ?? '').slice(0, 10) === today);

  return (
    <div>
      <Card style={{ marginBottom: 20, background: 'linear-gradient(135deg,#1e3a8a,#0f766e)', border: 'none' }}>
        <Row gutter={[16, 16]} align="middle">
          <Col xs={24} md={16}>
            <Typography.Title level={2} style={{ color: '#fff', margin: 0 }}>
              Welcome back, Dr. {user?.lastname}
            </Typography.Title>
            <Typography.Text style={{ color: 'rgba(255,255,255,0.85)' }}>
              {todays.length === 0 ? 'No appointments scheduled for today.' : `You have ${todays.length} appointment${todays.length === 1 ? '' : 's'} today.`}
            </Typography.Text>
          </Col>
          <Col xs={24} md={8} style={{ textAlign: 'right' }}>
            <Button icon={<EditOutlined />} onClick={() => navigate('/dashboard/doctor/write-prescription')}>
              Write Prescription
            </Button>
          </Col>
        </Row>
      </Card>

      <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
        <Col xs={12} lg={6}>
          <StatCard label="Appointments" value={loading ? '…' : appointments.length} icon={<CalendarOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label="Total patients" value={loading ? '…' : perf.patientsSeen ?? 0} icon={<TeamOutlined />} color="#2563eb" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label="Prescriptions issued" value="—" icon={<FileTextOutlined />} color="#9333ea" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label="Avg. consultation" value={`${perf.avgConsultation ?? 25} min`} icon={<ClockCircleOutlined />} color="#ea580c" />
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="Today's Appointments" loading={loading}>
            {todays.length === 0 ? (
              <EmptyState title="No appointments today." description="Enjoy the quieter day, or review your upcoming schedule." />
            ) : (
              <Table
                size="small"
                rowKey="appointment_id"
                pagination={false}
                dataSource={todays}
                scroll={{ x: 520 }}
                columns={[
                  { title: 'Patient', render: (_v, a) => patientName(a) },
                  { title: 'Time', dataIndex: 'time_slot' },
                  { title: 'Type', dataIndex: 'type', render: (t) => t ?? 'Consultation' },
                  { title: 'Status', dataIndex: 'appointment_status', render: (s) => <StatusBadge status={s} /> },
                  { title: 'Duration', dataIndex: 'duration', render: (d) => (d ? `${d}`.replace(/^(\d+)$/, '$1 min') : '25 min') },
                ]}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="This Week" loading={loading}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Row justify="space-between">
                <Typography.Text type="secondary">Patients seen</Typography.Text>
                <Typography.Text strong>{perf.patientsSeen ?? 0}</Typography.Text>
              </Row>
              <Row justify="space-between" align="middle">
                <Typography.Text type="secondary">Average rating</Typography.Text>
                <Rate disabled allowHalf value={perf.avgRating ?? 0} style={{ fontSize: 14 }} />
              </Row>
              <Row justify="space-between">
                <Typography.Text type="secondary">On-time rate</Typography.Text>
                <Typography.Text strong>{perf.onTimeRate ?? 0}%</Typography.Text>
              </Row>
            </Space>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
