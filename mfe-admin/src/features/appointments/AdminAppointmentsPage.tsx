import type { AppointmentStatus } from '@afya/appointment-service/contracts';
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Select } from 'antd';
import {
  APPOINTMENT_STATUSES,
  AppointmentCard,
  AppointmentFilters,
  AppointmentListBody,
  EmptyState,
  PageHeader,
  confirmDelete,
  doctorName,
  patientName,
} from 'shell/ui-kit';
import { AmountEditor } from './AmountEditor';
import { ADMIN_APPOINTMENTS_LIMIT, useAdminAppointments, useAppointmentChanges, type AdminAppointment } from './api';

export const DELETE_CONFIRM = 'Are you sure you want to delete this appointment?';

/** Said once every page has arrived and the list stopped at its limit: filters apply to the newest only. */
export function limitNotice(loaded: number, loadingMore: boolean, limit = ADMIN_APPOINTMENTS_LIMIT): string | null {
  if (loadingMore || loaded < limit) return null;
  return `Only the newest ${limit.toLocaleString('en-KE')} appointments are loaded here; search and filters apply to them.`;
}

export function AdminAppointmentsPage() {
  const list = useAdminAppointments();
  const { appointments, filters, setFilters, shown } = list;
  const changes = useAppointmentChanges(list);
  const notice = limitNotice(appointments.length, list.loadingMore);
  const busy = (id: number) =>
    (changes.status.isPending && changes.status.variables?.id === id) || (changes.remove.isPending && changes.remove.variables === id);

  /** The inline editor stays open when the save fails (it says 'Failed to update amount'). */
  const saveAmount = (a: AdminAppointment, amount: number) =>
    changes.amount.mutateAsync({ id: a.appointment_id, amount }).then(
      () => true,
      () => false,
    );

  const remove = async (a: AdminAppointment) => {
    if (await confirmDelete(DELETE_CONFIRM, { title: `Delete appointment #${a.appointment_id}?` })) changes.remove.mutate(a.appointment_id);
  };

  return (
    <div>
      <PageHeader title="All Appointments" subtitle="Every booking on Afya: adjust amounts, override statuses, remove mistakes." />
      <AppointmentFilters value={filters} onChange={setFilters} count={shown.length} total={appointments.length} />
      {notice ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={notice} /> : null}
      <AppointmentListBody
        list={list}
        empty={<EmptyState title="No appointments have been booked yet." description="Bookings from every patient will appear here." />}
      >
        {list.visible.map((a) => (
          <AppointmentCard
            key={a.appointment_id}
            appointment={a}
            title={patientName(a)}
            amount={<AmountEditor id={a.appointment_id} value={a.total_amount} onSave={(amount) => saveAmount(a, amount)} />}
            status={
              <Select
                size="small"
                aria-label={`Status of appointment #${a.appointment_id}`}
                value={a.appointment_status}
                disabled={busy(a.appointment_id)}
                onChange={(status: AppointmentStatus) => changes.status.mutate({ id: a.appointment_id, status })}
                options={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: s }))}
                style={{ width: 130 }}
              />
            }
            extraFacts={[['Doctor', doctorName(a)]]}
            actions={
              <Button danger icon={<DeleteOutlined />} loading={busy(a.appointment_id)} onClick={() => remove(a)} aria-label={`Delete appointment #${a.appointment_id}`}>
                Delete
              </Button>
            }
          />
        ))}
      </AppointmentListBody>
    </div>
  );
}
