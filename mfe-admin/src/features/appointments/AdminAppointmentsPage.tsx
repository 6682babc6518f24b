import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Select } from 'antd';
import { useState } from 'react';
import {
  APPOINTMENT_STATUSES,
  AppointmentCard,
  AppointmentFilters,
  AppointmentListBody,
  EmptyState,
  PageHeader,
  canonicalStatus,
  confirmDelete,
  doctorName,
  patientName,
  toast,
  useAppointmentList,
} from 'shell/ui-kit';
import { AmountEditor } from './AmountEditor';
import { ADMIN_APPOINTMENTS_LIMIT, deleteAppointment, fetchAllAppointments, overrideStatus, setAmount, type AdminAppointment } from './api';

export const DELETE_CONFIRM = 'Are you sure you want to delete this appointment?';

export function AdminAppointmentsPage() {
  const list = useAppointmentList<AdminAppointment>(fetchAllAppointments);
  const { appointments, setAppointments, filters, setFilters, shown, patch } = list;
  const [busy, setBusy] = useState<number | null>(null);

  const saveAmount = async (a: AdminAppointment, amount: number): Promise<boolean> => {
    try {
      const updated = await setAmount(a.appointment_id, amount);
      patch(a.appointment_id, { ...(updated ?? {}), total_amount: updated?.total_amount ?? amount });
      toast.success('Amount updated!');
      return true;
    } catch {
      toast.error('Failed to update amount');
      return false;
    }
  };

  const changeStatus = async (a: AdminAppointment, status: string) => {
    setBusy(a.appointment_id);
    try {
      const updated = await overrideStatus(a.appointment_id, status);
      patch(a.appointment_id, { ...(updated ?? {}), appointment_status: status });
      toast.success('Status updated!');
    } catch {
      toast.error('Failed to update status');
    } finally {
      setBusy(null);
    }
  };

  const remove = async (a: AdminAppointment) => {
    if (!(await confirmDelete(DELETE_CONFIRM, { title: `Delete appointment #${a.appointment_id}?` }))) return;
    setBusy(a.appointment_id);
    try {
      await deleteAppointment(a.appointment_id);
      setAppointments((list) => list.filter((x) => x.appointment_id !== a.appointment_id));
      toast.success('Appointment deleted!');
    } catch {
      toast.error('Failed to delete appointment');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <PageHeader title="All Appointments" subtitle="Every booking on Afya: adjust amounts, override statuses, remove mistakes." />
      <AppointmentFilters value={filters} onChange={setFilters} count={shown.length} total={appointments.length} />
      {appointments.length >= ADMIN_APPOINTMENTS_LIMIT && !list.loadingMore ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`Only the newest ${ADMIN_APPOINTMENTS_LIMIT.toLocaleString('en-KE')} appointments are loaded here; search and filters apply to them.`}
        />
      ) : null}
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
                value={canonicalStatus(a.appointment_status)}
                disabled={busy === a.appointment_id}
                onChange={(v) => changeStatus(a, v)}
                options={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: s }))}
                style={{ width: 130 }}
              />
            }
            extraFacts={[['Doctor', doctorName(a)]]}
            actions={
              <Button danger icon={<DeleteOutlined />} loading={busy === a.appointment_id} onClick={() => remove(a)} aria-label={`Delete appointment #${a.appointment_id}`}>
                Delete
              </Button>
            }
          />
        ))}
      </AppointmentListBody>
    </div>
  );
}
