import { CalendarOutlined, CustomerServiceOutlined, HistoryOutlined, MedicineBoxOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, List, Row, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { formatDate, formatSlot } from 'shell/i18n';
import { t as translate, usePatientTranslation } from '../../i18n';
import { useNavigate } from 'react-router-dom';
import { queryStatus } from 'shell/api-client';
import { useSession } from 'shell/session';
import { EmptyState, ErrorState, StatCard, StatusBadge, WelcomeBanner, doctorName, useAppointmentList } from 'shell/ui-kit';
import { fetchMyAppointments, myAppointmentsKey, type Appointment } from '../../api/appointments';
import { useMyPrescriptions, type Prescription } from '../../api/prescriptions';
import { daysUntil, firstMedicine, pickAppointments, recentPrescriptions, statValue, todayLine, todaysCount } from './home.logic';

function daysAgo(issuedAt: string): string {
  const days = dayjs().startOf('day').diff(dayjs(issuedAt).startOf('day'), 'day');
  return days <= 0 ? translate('home.issuedToday') : translate('home.daysAgo', { count: days });
}

function greetingWord(d = new Date()): string {
  const h = d.getHours();
  if (h < 12) return translate('home.greeting.morning');
  if (h < 17) return translate('home.greeting.afternoon');
  return translate('home.greeting.evening');
}

/** A card's title as the page's second heading level (antd draws a plain div), in the card title's own look. */
function CardHeading({ children }: { children: ReactNode }) {
  return <h2 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{children}</h2>;
}

/**
 * A list row's title and description, as antd's List.Item.Meta draws them (its classes, so its look) but with the
 * title an <h3> under the card's <h2>: antd's own is always an <h4>, which skips a level (Lighthouse heading-order).
 */
function ItemMeta({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <div className="ant-list-item-meta">
      <div className="ant-list-item-meta-content">
        <h3 className="ant-list-item-meta-title">{title}</h3>
        <div className="ant-list-item-meta-description">{description}</div>
      </div>
    </div>
  );
}

export function PatientHomePage() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const { t } = usePatientTranslation();
  // The same cache entry as My Appointments: going from one page to the other shows the list at once.
  const list = useAppointmentList<Appointment>(fetchMyAppointments, { queryKey: myAppointmentsKey });
  const { appointments, loading, error } = list;
  const prescriptionsQuery = useMyPrescriptions();
  const prescriptions: Prescription[] = prescriptionsQuery.data ?? [];
  const { loading: prescriptionsLoading, failed: prescriptionsFailed } = queryStatus(prescriptionsQuery);

  const { title, items } = pickAppointments(appointments);
  const recent = recentPrescriptions(prescriptions);
  const today = todaysCount(appointments);

  return (
    <div>
      <WelcomeBanner
        background="linear-gradient(135deg,#0f766e,#134e4a)"
        eyebrow={greetingWord()}
        title={t('home.welcome', { name: user?.firstname ?? '' })}
        subtitle={todayLine({ loading, error, today })}
        actions={
          <>
            <Button icon={<PlusOutlined />} onClick={() => navigate('/dashboard/appointments/book')}>
              {t('home.book')}
            </Button>
            <Button ghost icon={<HistoryOutlined />} onClick={() => navigate('/dashboard/medical-history')}>
              {t('home.medicalHistory')}
            </Button>
            <Button ghost icon={<CustomerServiceOutlined />} onClick={() => navigate('/dashboard/support')}>
              {t('home.contactSupport')}
            </Button>
          </>
        }
      />

      {error ? <ErrorState message={error} onRetry={list.load} /> : null}

      <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
        <Col xs={24} sm={8}>
          <StatCard label={t('home.stats.today')} value={statValue({ loading, failed: !!error }, today)} icon={<CalendarOutlined />} />
        </Col>
        <Col xs={24} sm={8}>
          <StatCard label={t('home.stats.all')} value={statValue({ loading, failed: !!error }, appointments.length)} icon={<CalendarOutlined />} color="#2563eb" />
        </Col>
        <Col xs={24} sm={8}>
          <StatCard label={t('home.stats.prescriptions')} value={statValue({ loading: prescriptionsLoading, failed: prescriptionsFailed }, prescriptions.length)} icon={<MedicineBoxOutlined />} color="#9333ea" />
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={<CardHeading>{title}</CardHeading>} loading={loading} extra={<Button type="link" size="small" onClick={() => navigate('/dashboard/appointments')}>{t('home.viewAll')}</Button>}>
            {error ? (
              <Typography.Text type="secondary">{t('home.appointmentsFailed')}</Typography.Text>
            ) : items.length === 0 ? (
              <EmptyState title={t('home.noUpcoming')} action={<Button type="primary" onClick={() => navigate('/dashboard/appointments/book')}>{t('home.bookNow')}</Button>} />
            ) : (
              <List
                dataSource={items}
                renderItem={(a) => {
                  const days = daysUntil(a);
                  return (
                    <List.Item key={a.appointment_id} extra={<StatusBadge status={a.appointment_status} />}>
                      <ItemMeta
                        title={doctorName(a)}
                        description={
                          <Space wrap size={4}>
                            <span>{formatDate(a.appointment_date.slice(0, 10), 'day')}</span>·<span>{formatSlot(a.time_slot)}</span>
                            {days >= 0 ? <Tag color="blue">{days === 0 ? t('home.todayTag') : t('home.daysLeft', { count: days })}</Tag> : null}
                          </Space>
                        }
                      />
                    </List.Item>
                  );
                }}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={<CardHeading>{t('home.recentPrescriptions')}</CardHeading>} loading={prescriptionsLoading} extra={<Button type="link" size="small" onClick={() => navigate('/dashboard/prescriptions')}>{t('home.viewAll')}</Button>}>
            {prescriptionsFailed ? (
              <div role="alert">
                <Typography.Text type="danger">{t('home.prescriptionsFailed')} </Typography.Text>
                <Button size="small" onClick={() => void prescriptionsQuery.refetch()}>
                  {t('home.retry')}
                </Button>
              </div>
            ) : recent.length === 0 ? (
              <EmptyState title={t('home.noRecentPrescriptions')} />
            ) : (
              <List
                dataSource={recent}
                renderItem={(p) => (
                  <List.Item
                    key={p.prescription_id}
                    actions={[
                      <Button key="open" type="link" size="small" onClick={() => navigate(`/dashboard/prescriptions/${p.prescription_id}`)}>
                        {t('home.view')}
                      </Button>,
                    ]}
                  >
                    <ItemMeta
                      title={firstMedicine(p)}
                      description={`${p.doctor_name ? t('home.doctorName', { name: p.doctor_name }) : t('home.yourDoctor')} · ${daysAgo(p.issued_at)}`}
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
