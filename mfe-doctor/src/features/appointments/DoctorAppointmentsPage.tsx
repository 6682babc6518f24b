import type { AppointmentStatus } from '@afya/appointment-service/contracts';
import { Select, Typography } from 'antd';
import { AppointmentCard, AppointmentFilters, AppointmentListBody, EmptyState, JoinVideoButton, PageHeader, patientName, videoJoinAhead } from 'shell/ui-kit';
import { useDoctorTranslation } from '../../i18n';
import { useDoctorAppointments, useUpdateStatus } from '../../api/appointments';
import { agendaOrder, groupByDay, statusOptions } from './agenda';
import { CoverCheckButtons, coverFacts } from './CoverCheck';

/** /dashboard/doctor/appointments: the doctor's agenda, by day, soonest first; past days follow. */
export function DoctorAppointmentsPage() {
  const { t } = useDoctorTranslation();
  const list = useDoctorAppointments();
  const { appointments, filters, setFilters, shown } = list;
  const setStatus = useUpdateStatus((updated) => list.patch(updated.appointment_id, updated));
  const saving = setStatus.isPending ? setStatus.variables?.id : undefined;
  const now = Date.now();
  // The shared list pages through `visible`; take as many from the agenda order so "Show more" still works.
  const days = groupByDay(agendaOrder(shown, now).slice(0, list.visible.length), now);

  return (
    <div>
      <PageHeader title={t('nav.myAppointments')} subtitle={t('agenda.subtitle')} />
      <AppointmentFilters value={filters} onChange={setFilters} count={shown.length} total={appointments.length} placeholder={t('agenda.search')} />
      <AppointmentListBody list={list} empty={<EmptyState title={t('agenda.empty')} description={t('agenda.emptyHint')} />}>
        {days.map((day) => (
          <section key={day.date} aria-label={day.label} data-testid="agenda-day">
            <Typography.Title level={4} style={{ fontSize: 16, margin: '20px 0 10px' }} type={day.past ? 'secondary' : undefined}>
              {day.label}
              <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 14 }}>
                {' '}
                · {t('agenda.count', { count: day.appointments.length })}
              </Typography.Text>
            </Typography.Title>
            {day.appointments.map((a) => (
              <AppointmentCard
                key={a.appointment_id}
                appointment={a}
                title={patientName(a)}
                status={
                  <Select
                    size="small"
                    aria-label={t('agenda.statusOf', { id: a.appointment_id })}
                    value={a.appointment_status}
                    loading={saving === a.appointment_id}
                    disabled={saving === a.appointment_id}
                    onChange={(status: AppointmentStatus) => setStatus.mutate({ id: a.appointment_id, status })}
                    options={statusOptions(a, now)}
                    popupMatchSelectWidth={false}
                    style={{ minWidth: 130 }}
                  />
                }
                extraFacts={coverFacts(a)}
                footer={a.notes ? <span style={{ color: 'var(--afya-text-muted, #5b6b73)' }}>{t('agenda.reason', { reason: a.notes })}</span> : undefined}
                actions={
                  videoJoinAhead(a, now) || a.cover ? (
                    <>
                      {videoJoinAhead(a, now) ? <JoinVideoButton appointment={a} /> : null}
                      <CoverCheckButtons appointment={a} onUpdated={(updated) => list.patch(updated.appointment_id, updated)} />
                    </>
                  ) : undefined
                }
              />
            ))}
          </section>
        ))}
      </AppointmentListBody>
    </div>
  );
}
