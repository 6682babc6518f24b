import { AlertOutlined, CalendarOutlined, ClockCircleOutlined, EditOutlined, ExperimentOutlined, FileTextOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Col, Grid, List, Rate, Row, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from 'shell/api-client';
import { useSession } from 'shell/session';
import { EmptyState, ErrorState, StatCard, StatusBadge, WelcomeBanner, slotMinutes } from 'shell/ui-kit';
import {
  appointmentType,
  durationText,
  fetchDoctorAppointments,
  fetchNotifications,
  fetchPerformance,
  nairobiToday,
  patientName,
  type DoctorAppointment,
  type Notifications,
  type Performance,
} from './api';
import { ConsultationFeeCard } from './ConsultationFeeCard';

const fullName = (u?: { firstname?: string | null; lastname?: string | null } | null, fallback?: string | null) =>
  [u?.firstname, u?.lastname].filter(Boolean).join(' ') || fallback || 'A patient';

export function DoctorHomePage() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [appointments, setAppointments] = useState<DoctorAppointment[]>([]);
  const [perf, setPerf] = useState<Performance>({});
  const [notes, setNotes] = useState<Notifications>({ emergencies: [], labResults: [] });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    let alive = true;
    setLoading(true);
    setError(null);
    // Performance and notification failures are silently ignored (SPEC.md section 8); a failed appointment
    // list says so, with Retry, instead of showing a misleading 0.
    Promise.allSettled([fetchDoctorAppointments(), fetchPerformance(), fetchNotifications()]).then(([a, p, n]) => {
      if (!alive) return;
      if (a.status === 'fulfilled') setAppointments(a.value);
      else setError(`Error loading appointments: ${errorText(a.reason, 'Failed to fetch appointments')}`);
      if (p.status === 'fulfilled') setPerf(p.value);
      if (n.status === 'fulfilled') setNotes(n.value);
      setLoading(false);
    });
    return () => {
      alive = false;
    };
  }, []);
  useEffect(load, [load]);

  const today = nairobiToday();
  const todays = appointments
    .filter((a) => (a.appointment_date ?? '').slice(0, 10) === today)
    .sort((x, y) => slotMinutes(x.time_slot) - slotMinutes(y.time_slot));
  const completed = perf.completedCount ?? (perf.patientsSeen ? 1 : 0);
  const totalPatients = perf.totalPatients ?? perf.patientsSeen ?? 0;
  const notificationCount = notes.emergencies.length + notes.labResults.length;

  return (
    <div>
      <WelcomeBanner
        background="linear-gradient(135deg,#1e3a8a,#0f766e)"
        title={`Welcome back, Dr. ${user?.lastname ?? ''}`}
        subtitle={todays.length === 0 ? 'No appointments scheduled for today.' : `You have ${todays.length} appointment${todays.length === 1 ? '' : 's'} today.`}
        actions={
          <>
            <Button onClick={() => navigate('/dashboard/doctor/appointments')} icon={<CalendarOutlined />}>
              My Appointments
            </Button>
            <Button icon={<EditOutlined />} onClick={() => navigate('/dashboard/doctor/write-prescription')}>
              Write Prescription
            </Button>
          </>
        }
      />

      {error ? <ErrorState message={error} onRetry={load} /> : null}

      <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
        <Col xs={12} lg={6}>
          <StatCard label="Appointments" value={loading ? '…' : appointments.length} icon={<CalendarOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label="Total patients" value={loading ? '…' : totalPatients} icon={<TeamOutlined />} color="#2563eb" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label="Prescriptions issued" value="—" note="Not tracked yet" icon={<FileTextOutlined />} color="#9333ea" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            label="Avg. consultation"
            value={loading ? '…' : completed && perf.avgConsultation ? `${perf.avgConsultation} min` : '—'}
            note={!loading && !(completed && perf.avgConsultation) ? 'No completed visits this week' : 'Last 7 days'}
            icon={<ClockCircleOutlined />}
            color="#ea580c"
          />
        </Col>
      </Row>

      <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
        <Col xs={24} lg={16}>
          <Card title="Today's Appointments" loading={loading} style={{ height: '100%' }}>
            {todays.length === 0 ? (
              <EmptyState title="No appointments today." description="Enjoy the quieter day, or review your upcoming schedule." />
            ) : screens.sm ? (
              <Table
                size="small"
                rowKey="appointment_id"
                pagination={false}
                dataSource={todays}
                columns={[
                  { title: 'Patient', render: (_v, a) => patientName(a) },
                  { title: 'Time', dataIndex: 'time_slot' },
                  { title: 'Type', render: (_v, a) => appointmentType(a) },
                  { title: 'Status', dataIndex: 'appointment_status', render: (s) => <StatusBadge status={s} /> },
                  { title: 'Duration', dataIndex: 'duration', render: (d) => durationText(d) },
                ]}
              />
            ) : (
              <List
                dataSource={todays}
                renderItem={(a) => (
                  <List.Item key={a.appointment_id} extra={<StatusBadge status={a.appointment_status} />}>
                    <List.Item.Meta title={patientName(a)} description={`${a.time_slot} · ${appointmentType(a)} · ${durationText(a.duration)}`} />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="This Week" loading={loading} style={{ height: '100%' }}>
            <Space orientation="vertical" style={{ width: '100%' }} size={12}>
              <Row justify="space-between">
                <Typography.Text type="secondary">Patients seen</Typography.Text>
                <Typography.Text strong data-testid="patients-seen">{perf.patientsSeen ?? 0}</Typography.Text>
              </Row>
              <Row justify="space-between" align="middle" wrap={false} style={{ gap: 8 }}>
                <Typography.Text type="secondary">Average rating</Typography.Text>
                {perf.ratingsCount === 0 || !perf.avgRating ? (
                  <Typography.Text type="secondary">No ratings yet</Typography.Text>
                ) : (
                  <span style={{ whiteSpace: 'nowrap' }} aria-label={`Average rating ${perf.avgRating} of 5`}>
                    <Rate disabled allowHalf value={Math.round((perf.avgRating ?? 0) * 2) / 2} style={{ fontSize: 14 }} />{' '}
                    <Typography.Text strong>{perf.avgRating?.toFixed(1)}</Typography.Text>
                  </span>
                )}
              </Row>
              <Row justify="space-between">
                <Typography.Text type="secondary">On-time rate</Typography.Text>
                <Typography.Text strong data-testid="on-time">{completed ? `${perf.onTimeRate ?? 0}%` : '—'}</Typography.Text>
              </Row>
            </Space>
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={`Notifications${notificationCount ? ` (${notificationCount})` : ''}`} loading={loading} style={{ height: '100%' }}>
            {notificationCount === 0 ? (
              <EmptyState title="No notifications." description="Emergency appointments for today and new lab results appear here." />
            ) : (
              <List
                size="small"
                dataSource={[
                  ...notes.emergencies.map((e) => ({
                    key: `e${e.appointment_id}`,
                    icon: <AlertOutlined style={{ color: '#dc2626' }} />,
                    title: `Emergency: ${fullName(e.user, e.patient_full_name)}`,
                    text: `Today at ${e.time_slot}`,
                  })),
                  ...notes.labResults.map((l, i) => ({
                    key: `l${l.lab_result_id ?? i}`,
                    icon: <ExperimentOutlined style={{ color: '#2563eb' }} />,
                    title: l.test_name ? `Lab result: ${l.test_name}` : 'Lab result',
                    text: l.message,
                  })),
                ]}
                renderItem={(n) => (
                  <List.Item key={n.key}>
                    <List.Item.Meta avatar={n.icon} title={n.title} description={n.text} />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <ConsultationFeeCard />
        </Col>
      </Row>
    </div>
  );
}
