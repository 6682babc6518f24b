import { Card, Select, Skeleton } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorText } from 'shell/api-client';
import {
  AppointmentCard,
  AppointmentFilters,
  EmptyState,
  ErrorState,
  NO_FILTERS,
  PageHeader,
  filterAppointments,
  isFiltered,
  sortByStartDesc,
  toast,
  type AppointmentFilterValue,
} from 'shell/ui-kit';
import { fetchDoctorAppointments, patientName, updateStatus, type DoctorAppointment } from '../home/api';

export const STATUSES = ['Pending', 'Confirmed', 'Completed', 'Cancelled'] as const;

/** Canonical capitalised status ('confirmed' → 'Confirmed'). */
const canonical = (s: string | null | undefined) => STATUSES.find((x) => x.toLowerCase() === (s ?? '').toLowerCase()) ?? s ?? '';

export function DoctorAppointmentsPage() {
  const [appointments, setAppointments] = useState<DoctorAppointment[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [filters, setFilters] = useState<AppointmentFilterValue>(NO_FILTERS);
  const [saving, setSaving] = useState<number | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    setError(null);
    fetchDoctorAppointments()
      .then(setAppointments)
      .catch((e) => setError(`Error loading appointments: ${errorText(e, 'Failed to fetch appointments')}`))
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);

  const sorted = useMemo(() => sortByStartDesc(appointments), [appointments]);
  const shown = filterAppointments(sorted, filters);

  const changeStatus = async (a: DoctorAppointment, status: string) => {
    setSaving(a.appointment_id);
    try {
      const updated = await updateStatus(a.appointment_id, status);
      setAppointments((list) => list.map((x) => (x.appointment_id === a.appointment_id ? { ...x, ...(updated ?? {}), appointment_status: status } : x)));
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
      {error ? <ErrorState message={error} onRetry={load} /> : null}
      {loading ? (
        [0, 1].map((i) => (
          <Card key={i} style={{ marginBottom: 12 }}>
            <Skeleton active />
          </Card>
        ))
      ) : error ? null : shown.length === 0 ? (
        <Card>
          {isFiltered(filters) && appointments.length > 0 ? (
            <EmptyState title="No appointments match your filters." description="Try another search, status or date." />
          ) : (
            <EmptyState title="No appointments yet." description="Bookings from your patients will appear here." />
          )}
        </Card>
      ) : (
        shown.map((a) => (
          <AppointmentCard
            key={a.appointment_id}
            appointment={a}
            title={patientName(a)}
            status={
              <Select
                size="small"
                aria-label={`Status of appointment #${a.appointment_id}`}
                value={canonical(a.appointment_status)}
                loading={saving === a.appointment_id}
                disabled={saving === a.appointment_id}
                onChange={(v) => changeStatus(a, v)}
                options={STATUSES.map((s) => ({ value: s, label: s }))}
                style={{ width: 130 }}
              />
            }
            footer={a.notes ? <span style={{ color: 'var(--afya-text-muted, #5b6b73)' }}>Reason: {a.notes}</span> : undefined}
          />
        ))
      )}
    </div>
  );
}
