import type { AppointmentStatus } from '@afya/appointment-service/contracts';
import { Select, Typography } from 'antd';
import { AppointmentCard, AppointmentFilters, AppointmentListBody, EmptyState, JoinVideoButton, PageHeader, canJoinVideoNow, patientName } from 'shell/ui-kit';
import { useDoctorAppointments, useUpdateStatus } from '../../api/appointments';
import { agendaOrder, groupByDay, statusOptions } from './agenda';

/** /dashboard/doctor/appointments: the doctor's agenda, by day, soonest first; past days follow. */
export function DoctorAppointmentsPage() {
  const list = useDoctorAppointments();
  const { appointments, filters, setFilters, shown } = list;
  const setStatus = useUpdateStatus((updated) => list.patch(updated.appointment_id, updated));
  const saving = setStatus.isPending ? setStatus.variables?.id : undefined;
  const now = Date.now();
  // The shared list pages through `visible`; take as many from the agenda order so "Show more" still works.
  const days = groupByDay(agendaOrder(shown, now).slice(0, list.visible.length), now);

  return (
    <div>
      <PageHeader title="My Appointments" subtitle="Your agenda by day, soonest first. Update a status as the visit progresses." />
      <AppointmentFilters value={filters} onChange={setFilters} count={shown.length} total={appointments.length} placeholder="Search by patient or status" />
      <AppointmentListBody list={list} empty={<EmptyState title="No appointments yet." description="Bookings from your patients will appear here." />}>
        {days.map((day) => (
          <section key={day.date} aria-label={day.label} data-testid="agenda-day">
            <Typography.Title level={4} style={{ fontSize: 16, margin: '20px 0 10px' }} type={day.past ? 'secondary' : undefined}>
              {day.label}
              <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 14 }}>
                {' '}
                · {day.appointments.length} appointment{day.appointments.length === 1 ? '' : 's'}
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
                    aria-label={`Status of appointment #${a.appointment_id}`}
                    value={a.appointment_status}
                    loading={saving === a.appointment_id}
                    disabled={saving === a.appointment_id}
                    onChange={(status: AppointmentStatus) => setStatus.mutate({ id: a.appointment_id, status })}
                    options={statusOptions(a, now)}
                    popupMatchSelectWidth={false}
                    style={{ width: 130 }}
                  />
                }
                footer={a.notes ? <span style={{ color: 'var(--afya-text-muted, #5b6b73)' }}>Reason: {a.notes}</span> : undefined}
                actions={canJoinVideoNow(a, now) ? <JoinVideoButton appointment={a} now={now} /> : undefined}
              />
            ))}
          </section>
        ))}
      </AppointmentListBody>
    </div>
  );
}
