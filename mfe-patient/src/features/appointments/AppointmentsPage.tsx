import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from 'shell/api-client';
import {
  AppointmentCard,
  AppointmentFilters,
  AppointmentListBody,
  EmptyState,
  JoinVideoButton,
  PageHeader,
  confirmDelete,
  doctorName,
  toast,
  useAppointmentList,
  videoJoinAhead,
} from 'shell/ui-kit';
import { translateMessage } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';
import { coverFacts } from '../../shared/insurance/cover-facts';
import { PayAppointmentDialog, type PayingAppointment } from '../../shared/payments/PayAppointmentDialog';
import { useMyPrescriptions } from '../../api/prescriptions';
import { fetchMyAppointments, myAppointmentsKey, useCancelAppointment, type Appointment } from '../../api/appointments';
import { AppointmentActions } from './AppointmentActions';
import { canRate, hasActions, needsNewTime } from './appointments.logic';
import { NewTimeNotice } from './NewTimeNotice';
import { RescheduleDialog } from './RescheduleDialog';
import { canSelfCheckIn, SelfCheckInButton } from './SelfCheckInButton';
import { showsReminders, VisitReminders } from './VisitReminders';

export const CANCEL_CONFIRM = 'Are you sure you want to cancel this appointment? The time slot will be released to other patients.';

export function AppointmentsPage() {
  const navigate = useNavigate();
  const list = useAppointmentList<Appointment>(fetchMyAppointments, { queryKey: myAppointmentsKey });
  const { appointments, filters, setFilters, shown } = list;
  // Prescriptions only add View Prescription on completed visits: without them the list still works, and says so.
  const prescriptionsQuery = useMyPrescriptions();
  const prescriptions = prescriptionsQuery.data;
  const cancelling = useCancelAppointment();
  const [paying, setPaying] = useState<PayingAppointment | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const { t } = usePatientTranslation();

  const cancel = async (a: Appointment) => {
    const ok = await confirmDelete(translateMessage(CANCEL_CONFIRM), { title: t('appointments.cancelTitle'), okText: t('appointments.cancelYes'), cancelText: t('appointments.cancelKeep') });
    if (!ok) return;
    cancelling.mutate(a.appointment_id, {
      onSuccess: (updated) => {
        list.patch(a.appointment_id, updated);
        toast.success('Appointment cancelled.');
      },
      onError: (e) => toast.error(errorText(e, 'Failed to update appointment')),
    });
  };
  const busy = cancelling.isPending ? cancelling.variables : null;

  const prescriptionFor = (a: Appointment) => prescriptions?.find((p) => p.appointment_id === a.appointment_id);

  return (
    <div>
      <PageHeader
        title={t('appointments.title')}
        subtitle={t('appointments.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/dashboard/appointments/book')}>
            {t('booking.title')}
          </Button>
        }
      />
      {prescriptionsQuery.isError ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('appointments.prescriptionsFailed', { error: translateMessage(errorText(prescriptionsQuery.error, 'Failed to fetch prescriptions')) })}
          action={<Button size="small" onClick={() => void prescriptionsQuery.refetch()}>{t('home.retry')}</Button>}
        />
      ) : null}
      <AppointmentFilters value={filters} onChange={setFilters} count={shown.length} total={appointments.length} placeholder={t('appointments.searchPlaceholder')} />

      <AppointmentListBody
        list={list}
        empty={
          <EmptyState
            title={t('appointments.none')}
            description={t('appointments.noneHint')}
            action={
              <Button type="primary" onClick={() => navigate('/dashboard/appointments/book')}>
                {t('booking.title')}
              </Button>
            }
          />
        }
      >
        {list.visible.map((a) => {
          const prescription = canRate(a) ? prescriptionFor(a) : undefined;
          return (
            <AppointmentCard
              key={a.appointment_id}
              appointment={a}
              title={doctorName(a)}
              extraFacts={coverFacts(a)}
              footer={
                needsNewTime(a) || showsReminders(a) ? (
                  <>
                    {needsNewTime(a) ? <NewTimeNotice appointment={a} onPickNewTime={() => setMoving(a)} /> : null}
                    {showsReminders(a) ? <VisitReminders appointment={a} /> : null}
                  </>
                ) : undefined
              }
              actions={
                videoJoinAhead(a) || hasActions(a, !!prescription) || canSelfCheckIn(a, Date.now()) ? (
                  <>
                  <SelfCheckInButton appointment={a} />
                  <JoinVideoButton appointment={a} />
                  {hasActions(a, !!prescription) ? <AppointmentActions
                    appointment={a}
                    prescriptionId={prescription?.prescription_id}
                    cancelling={busy === a.appointment_id}
                    onPay={() => setPaying({ appointmentId: a.appointment_id, amount: a.amount_due_now ?? a.total_amount, doctor: doctorName(a) })}
                    onCancel={() => cancel(a)}
                    onReschedule={() => setMoving(a)}
                    onViewPrescription={(id) => navigate(`/dashboard/prescriptions/${id}`)}
                    onRated={(rating, comment) => list.patch(a.appointment_id, { rating, rating_comment: comment ?? null })}
                  /> : null}
                  </>
                ) : undefined
              }
            />
          );
        })}
      </AppointmentListBody>
      <PayAppointmentDialog paying={paying} onClose={() => setPaying(null)} />
      <RescheduleDialog appointment={moving} onClose={() => setMoving(null)} onMoved={(updated) => list.patch(updated.appointment_id, updated)} />
    </div>
  );
}
