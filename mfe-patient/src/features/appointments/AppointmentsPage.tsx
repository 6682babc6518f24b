import { CreditCardOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from 'shell/api-client';
import {
  AppointmentCard,
  AppointmentFilters,
  EmptyState,
  ErrorState,
  NO_FILTERS,
  PageHeader,
  confirmDelete,
  doctorName,
  filterAppointments,
  isFiltered,
  sortByStartDesc,
  toast,
  type AppointmentFilterValue,
} from 'shell/ui-kit';
import { fetchMyPrescriptions, type Prescription } from '../home/api';
import { cancelAppointment, fetchMyAppointments, type Appointment } from './api';
import { cancelRule, canPay, canRate } from './appointments.logic';
import { RateAppointment } from './RateAppointment';

export const CANCEL_CONFIRM = 'Are you sure you want to cancel this appointment? The time slot will be released to other patients.';

export function AppointmentsPage() {
  const navigate = useNavigate();
  const [appointments, setAppointments] = useState<Appointment[]>([]);
  const [prescriptions, setPrescriptions] = useState<Prescription[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [filters, setFilters] = useState<AppointmentFilterValue>(NO_FILTERS);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    setError(null);
    // Patients also load their prescriptions, for View Prescription on completed visits.
    fetchMyPrescriptions()
      .then(setPrescriptions)
      .catch(() => setPrescriptions([]));
    fetchMyAppointments()
      .then(setAppointments)
      .catch((e) => setError(`Error loading appointments: ${errorText(e, 'Failed to fetch appointments')}`))
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);

  const sorted = useMemo(() => sortByStartDesc(appointments), [appointments]);
  const shown = filterAppointments(sorted, filters);

  const cancel = async (a: Appointment) => {
    const ok = await confirmDelete(CANCEL_CONFIRM, { title: 'Cancel appointment?', okText: 'Yes, cancel it', cancelText: 'Keep it' });
    if (!ok) return;
    setBusy(a.appointment_id);
    try {
      const updated = await cancelAppointment(a.appointment_id);
      setAppointments((list) =>
        list.map((x) => (x.appointment_id === a.appointment_id ? { ...x, ...(updated ?? {}), appointment_status: 'Cancelled' } : x)),
      );
      toast.success('Appointment cancelled.');
    } catch (e) {
      toast.error(errorText(e, 'Failed to update appointment'));
    } finally {
      setBusy(null);
    }
  };

  const prescriptionFor = (a: Appointment) => prescriptions.find((p) => Number(p.appointment_id) === a.appointment_id);

  return (
    <div>
      <PageHeader
        title="My Appointments"
        subtitle="Your bookings, their status and payment."
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/dashboard/appointments/book')}>
            Book Appointment
          </Button>
        }
      />
      <AppointmentFilters value={filters} onChange={setFilters} count={shown.length} total={appointments.length} placeholder="Search by doctor or status" />

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
            <EmptyState
              title="No appointments match your filters."
              description="Try another search, status or date."
              action={<Button onClick={() => setFilters(NO_FILTERS)}>Clear All</Button>}
            />
          ) : (
            <EmptyState
              title="You have no appointments yet."
              description="Find a doctor and book your first appointment."
              action={
                <Button type="primary" onClick={() => navigate('/dashboard/appointments/book')}>
                  Book Appointment
                </Button>
              }
            />
          )}
        </Card>
      ) : (
        shown.map((a) => {
          const rule = cancelRule(a);
          const prescription = canRate(a) ? prescriptionFor(a) : undefined;
          const hasActions = canPay(a) || !!prescription || canRate(a) || rule.show;
          return (
            <AppointmentCard
              key={a.appointment_id}
              appointment={a}
              title={doctorName(a)}
              actions={
                hasActions ? (
                <>
                  {canPay(a) ? (
                    <Tooltip title="Online payment by card and M-Pesa is not available yet." trigger={['hover', 'focus']}>
                      <span tabIndex={0} aria-label="Pay Now, not available yet">
                        <Button icon={<CreditCardOutlined />} disabled>
                          Pay Now
                        </Button>
                      </span>
                    </Tooltip>
                  ) : null}
                  {prescription ? (
                    <Button icon={<FileTextOutlined />} onClick={() => navigate(`/dashboard/prescriptions/${prescription.prescription_id}`)}>
                      View Prescription
                    </Button>
                  ) : null}
                  {canRate(a) ? (
                    <RateAppointment
                      appointment={a}
                      onRated={(rating, comment) =>
                        setAppointments((list) => list.map((x) => (x.appointment_id === a.appointment_id ? { ...x, rating, rating_comment: comment } : x)))
                      }
                    />
                  ) : null}
                  {rule.show ? (
                    rule.allowed ? (
                      <Button danger loading={busy === a.appointment_id} onClick={() => cancel(a)}>
                        Cancel
                      </Button>
                    ) : (
                      <Tooltip title={rule.reason} trigger={['hover', 'focus']}>
                        <span tabIndex={0} aria-label={`Cancel unavailable: ${rule.reason}`} data-testid="cancel-locked">
                          <Button danger disabled>
                            Cancel
                          </Button>
                        </span>
                      </Tooltip>
                    )
                  ) : null}
                </>
                ) : undefined
              }
            />
          );
        })
      )}
    </div>
  );
}
