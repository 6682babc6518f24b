import { Select } from 'antd';
import { useState } from 'react';
import { APPOINTMENT_STATUSES, AppointmentCard, canonicalStatus, AppointmentFilters, AppointmentListBody, EmptyState, PageHeader, toast, useAppointmentList } from 'shell/ui-kit';
import { fetchDoctorAppointments, patientName, updateStatus, type DoctorAppointment } from '../home/api';



export function DoctorAppointmentsPage() {
  const list = useAppointmentList<DoctorAppointment>(fetchDoctorAppointments);
  const { appointments, filters, setFilters, shown } = list;
  const [saving, setSaving] = useState<number | null>(null);

  const changeStatus = async (a: DoctorAppointment, status: string) => {
    setSaving(a.appointment_id);
    try {
      const updated = await updateStatus(a.appointment_id, status);
      list.patch(a.appointment_id, { ...(updated ?? {}), appointment_status: status });
      toast.success('Status updated!');
    } catch {
      toast.error('Failed to update status');
    } finally {
      setSaving(null);
    }
  };

  return (
    <div>
      <PageHeader title="My Appointments" subtitle="Your patients' bookings. Update a status as the visit progresses." />
      <AppointmentFilters value={filters} onChange={setFilters} count={shown.length} total={appointments.length} placeholder="Search by patient or status" />
      <AppointmentListBody list={list} empty={<EmptyState title="No appointments yet." description="Bookings from your patients will appear here." />}>
        {list.visible.map((a) => (
          <AppointmentCard
            key={a.appointment_id}
            appointment={a}
            title={patientName(a)}
            status={
              <Select
                size="small"
                aria-label={`Status of appointment #${a.appointment_id}`}
                value={canonicalStatus(a.appointment_status)}
                loading={saving === a.appointment_id}
                disabled={saving === a.appointment_id}
                onChange={(v) => changeStatus(a, v)}
                options={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: s }))}
                style={{ width: 130 }}
              />
            }
            footer={a.notes ? <span style={{ color: 'var(--afya-text-muted, #5b6b73)' }}>Reason: {a.notes}</span> : undefined}
          />
        ))}
      </AppointmentListBody>
    </div>
  );
}
