import { AlertOutlined, CalendarOutlined, ClockCircleOutlined, EditOutlined, ExperimentOutlined, FileTextOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Col, Grid, List, Rate, Row, Space, Table, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSession } from 'shell/session';
import { EmptyState, ErrorState, StatCard, StatusBadge, WelcomeBanner, patientName } from 'shell/ui-kit';
import { durationText, useDoctorAppointments } from '../../api/appointments';
import { useIssuedPrescriptions } from '../../api/prescriptions';
import { useNotifications, usePerformance } from './api';
import { ConsultationFeeCard } from './ConsultationFeeCard';
import { VideoVisitsCard } from './VideoVisitsCard';
import { appointmentTypeLabel, formatSlot } from 'shell/i18n';
import { t as translate, useDoctorTranslation } from '../../i18n';
import { notificationName, todayLine, todaysAppointments, visitWhen } from './today';

/** The type as the agenda shows it, with 'Video' for a video visit. */
const typeText = (a: { appointment_type: string; visit_mode?: string }) => {
  const type = appointmentTypeLabel(a.appointment_type);
  return a.visit_mode === 'video' ? translate('home.typeVideo', { type }) : type;
};

export function DoctorHomePage() {
  const { t } = useDoctorTranslation();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  // The appointment list says when it failed, with Retry, instead of showing a misleading 0; performance and
  // notification failures leave their panels empty (CONTRACT.md §8).
  const { appointments, loading, error, load } = useDoctorAppointments();
  const performance = usePerformance();
  const notifications = useNotifications();
  const issued = useIssuedPrescriptions();
  const perf = performance.data;
  const notes = notifications.data ?? { emergencies: [], labResults: [] };
  const perfLoading = performance.isPending && performance.isFetching;

  const todays = todaysAppointments(appointments);
  const completed = perf?.completedCount ?? 0;
  const totalPatients = perf?.totalPatients ?? 0;
  const notificationCount = notes.emergencies.length + notes.labResults.length;

  return (
    <div>
      <WelcomeBanner
        background="linear-gradient(135deg,#1e3a8a,#0f766e)"
        title={t('home.welcome', { name: user?.lastname ?? '' })}
        subtitle={loading ? t('home.loadingDay') : error ? t('home.todayFailed') : todayLine(todays.length)}
        actions={
          <>
            <Button onClick={() => navigate('/dashboard/doctor/appointments')} icon={<CalendarOutlined />}>
              {t('nav.myAppointments')}
            </Button>
            <Button icon={<EditOutlined />} onClick={() => navigate('/dashboard/doctor/write-prescription')}>
              {t('nav.writePrescription')}
            </Button>
          </>
        }
      />

      {error ? <ErrorState message={error} onRetry={load} /> : null}

      <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
        <Col xs={12} lg={6}>
          <StatCard label={t('home.appointments')} value={loading ? '…' : error ? '—' : appointments.length} icon={<CalendarOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label={t('home.totalPatients')} value={perfLoading ? '…' : perf ? totalPatients : '—'} icon={<TeamOutlined />} color="#2563eb" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            label={t('home.prescriptionsIssued')}
            value={issued.isError ? '—' : issued.data ? issued.data.length : '…'}
            note={issued.isError ? t('home.couldNotLoad') : undefined}
            icon={<FileTextOutlined />}
            color="#9333ea"
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            label={t('home.avgConsultation')}
            value={perfLoading ? '…' : completed && perf?.avgConsultation ? t('common.minutes', { count: perf.avgConsultation }) : '—'}
            note={!perfLoading && !(completed && perf?.avgConsultation) ? t('home.noCompleted') : t('home.last7Days')}
            icon={<ClockCircleOutlined />}
            color="#ea580c"
          />
        </Col>
      </Row>

      <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
        <Col xs={24} lg={16}>
          <Card title={t('home.todaysAppointments')} loading={loading} style={{ height: '100%' }}>
            {error ? (
              <Typography.Text type="secondary">{t('home.todayFailed')}</Typography.Text>
            ) : todays.length === 0 ? (
              <EmptyState title={t('home.emptyToday')} description={t('home.emptyTodayHint')} />
            ) : screens.sm ? (
              <Table
                size="small"
                rowKey="appointment_id"
                pagination={false}
                dataSource={todays}
                columns={[
                  { title: t('home.patient'), render: (_v, a) => patientName(a) },
                  { title: t('home.time'), dataIndex: 'time_slot', render: (slot: string) => formatSlot(slot) },
                  { title: t('home.type'), render: (_v, a) => typeText(a) },
                  { title: t('home.status'), dataIndex: 'appointment_status', render: (s) => <StatusBadge status={s} /> },
                  { title: t('home.duration'), dataIndex: 'duration', render: (d) => durationText(d) },
                ]}
              />
            ) : (
              <List
                dataSource={todays}
                renderItem={(a) => (
                  <List.Item key={a.appointment_id} extra={<StatusBadge status={a.appointment_status} />}>
                    <List.Item.Meta title={patientName(a)} description={`${formatSlot(a.time_slot)} · ${typeText(a)} · ${durationText(a.duration)}`} />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('home.thisWeek')} loading={perfLoading} style={{ height: '100%' }}>
            <Space orientation="vertical" style={{ width: '100%' }} size={12}>
              <Row justify="space-between">
                <Typography.Text type="secondary">{t('home.patientsSeen')}</Typography.Text>
                <Typography.Text strong data-testid="patients-seen">{perf?.patientsSeen ?? 0}</Typography.Text>
              </Row>
              <Row justify="space-between" align="middle" wrap={false} style={{ gap: 8 }}>
                <Typography.Text type="secondary">{t('home.averageRating')}</Typography.Text>
                {!perf?.ratingsCount || !perf.avgRating ? (
                  <Typography.Text type="secondary">{t('home.noRatings')}</Typography.Text>
                ) : (
                  <span style={{ whiteSpace: 'nowrap' }} aria-label={t('home.ratingOf', { rating: perf.avgRating })}>
                    <Rate disabled allowHalf value={Math.round(perf.avgRating * 2) / 2} style={{ fontSize: 14 }} />{' '}
                    <Typography.Text strong>{perf.avgRating.toFixed(1)}</Typography.Text>
                  </span>
                )}
              </Row>
              <Row justify="space-between">
                <Typography.Text type="secondary">{t('home.onTime')}</Typography.Text>
                <Typography.Text strong data-testid="on-time">{completed ? `${perf?.onTimeRate ?? 0}%` : '—'}</Typography.Text>
              </Row>
            </Space>
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={notificationCount ? t('home.notificationsCount', { count: notificationCount }) : t('home.notifications')} loading={notifications.isPending && notifications.isFetching} style={{ height: '100%' }}>
            {notificationCount === 0 ? (
              <EmptyState title={t('home.noNotifications')} description={t('home.noNotificationsHint')} />
            ) : (
              <List
                size="small"
                dataSource={[
                  ...notes.emergencies.map((e) => ({
                    key: `e${e.appointment_id}`,
                    icon: <AlertOutlined style={{ color: '#dc2626' }} />,
                    title: t('home.emergency', { name: notificationName(e) }),
                    text: visitWhen(e),
                  })),
                  ...notes.labResults.map((l) => ({
                    key: `l${l.lab_result_id}`,
                    icon: <ExperimentOutlined style={{ color: '#2563eb' }} />,
                    title: l.test_name ? t('home.labResultOf', { test: l.test_name }) : t('home.labResult'),
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
          <div style={{ marginTop: 16 }}>
            <VideoVisitsCard />
          </div>
        </Col>
      </Row>
    </div>
  );
}
