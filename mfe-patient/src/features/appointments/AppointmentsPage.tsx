import { CreditCardOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from 'shell/api-client';
import {
  AppointmentCard,
  AppointmentFilters,
  AppointmentListBody,
  EmptyState,
  PageHeader,
  confirmDelete,
  doctorName,
  toast,
  useAppointmentList,
} from 'shell/ui-kit';
import { fetchMyPrescriptions, type Prescription } from '../home/api';
import { cancelAppointment, fetchMyAppointments, type Appointment } from './api';
import { cancelRule, canPay, canRate } from './appointments.logic';
import { RateAppointment } from './RateAppointment';

export const CANCEL_CONFIRM = 'Are you sure you want to cancel this appointment? The time slot will be released to other patients.';

export function AppointmentsPage() {
  const navigate = useNavigate();
  const list = useAppointmentList<Appointment>(fetchMyAppointments);
  const { appointments, filters, setFilters, shown } = list;
  const [prescriptions, setPrescriptions] = useState<Prescription[]>([]);
  const [busy, setBusy] = useState<number | null>(null);

  // Patients also load their prescriptions, for View Prescription on completed visits.
  useEffect(() => {
    fetchMyPrescriptions()
      .then(setPrescriptions)
      .catch(() => setPrescriptions([]));
  }, []);

  const cancel = async (a: Appointment) => {
    const ok = await confirmDelete(CANCEL_CONFIRM, { title: 'Cancel appointment?', okText: 'Yes, cancel it', cancelText: 'Keep it' });
    if (!ok) return;
    setBusy(a.appointment_id);
    try {
      const updated = await cancelAppointment(a.appointment_id);
      list.patch(a.appointment_id, { ...(updated ?? {}), appointment_status: 'Cancelled' });
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

      <AppointmentListBody
        list={list}
        empty={
          <EmptyState
            title="You have no appointments yet."
            description="Find a doctor and book your first appointment."
            action={
              <Button type="primary" onClick={() => navigate('/dashboard/appointments/book')}>
                Book Appointment
              </Button>
            }
          />
        }
      >
        {list.visible.map((a) => {
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
                        list.patch(a.appointment_id, { rating, rating_comment: comment })
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
        })}
      </AppointmentListBody>
    </div>
  );
}
