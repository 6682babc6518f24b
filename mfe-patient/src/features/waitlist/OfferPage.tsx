import { Alert, Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { AppointmentView, BookReply } from '@afya/appointment-service/contracts';
import { ApiError, errorText, queryStatus } from 'shell/api-client';
import { appointmentTypeLabel, formatSlot, specialtyLabel, translateMessage } from 'shell/i18n';
import { ErrorState, LinkButton, PageHeader, toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { BookingConfirmation } from '../../shared/booking/BookingConfirmation';
import { useAnswerOffer, useOffer } from '../../api/waitlist';
import { dayLabel, timeLeft } from './waitlist.logic';

/** A clock that ticks each second while `on`. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/**
 * The confirmation page of a slot offered from the waitlist (the SMS and email link here). Opening it books
 * nothing: the patient, signed in, presses Book this slot. The time left counts down to the hold's end.
 */
export function OfferPage() {
  const offerId = Number(useParams().offerId);
  const query = useOffer(Number.isInteger(offerId) ? offerId : 0);
  const answer = useAnswerOffer(offerId);
  const { t } = usePatientTranslation();
  const navigate = useNavigate();
  // A claim answers with the booked appointment: the page goes on to pay for it, as after a booking.
  const [done, setDone] = useState<{ kind: 'claimed' | 'declined'; message: string; appointment?: AppointmentView } | null>(null);
  const offer = query.data;
  const held = offer?.status === 'held';
  const now = useNow(held && !done);
  const expired = held && new Date(offer.expires_at).getTime() <= now;
  const { loading, failed } = queryStatus(query);
  // Another patient's offer (or none at all) is a 404, as any record not theirs: say so, with no Retry to press.
  const notTheirs = failed && query.error instanceof ApiError && query.error.status === 404;

  const respond = (kind: 'claim' | 'decline') =>
    answer.mutate(kind, {
      onSuccess: (reply) => {
        setDone({ kind: kind === 'claim' ? 'claimed' : 'declined', message: reply.message, appointment: kind === 'claim' ? (reply as BookReply).appointment : undefined });
        toast.success(reply.message);
      },
      onError: (error) => {
        toast.error(errorText(error, kind === 'claim' ? 'Failed to book the slot' : 'Failed to answer the offer'));
        void query.refetch();
      },
    });

  return (
    <div style={{ maxWidth: 640 }}>
      <PageHeader title={notTheirs ? t('waitlist.offer.notYoursTitle') : t('waitlist.offer.title')} subtitle={notTheirs ? undefined : t('waitlist.offer.subtitle')} />
      {notTheirs ? (
        <Alert type="info" showIcon title={t('waitlist.offer.notYours')} description={<Link to="/dashboard/waitlist">{t('waitlist.offer.back')}</Link>} />
      ) : failed ? (
        <ErrorState message={translateMessage(errorText(query.error, 'Failed to load the offer'))} onRetry={() => void query.refetch()} />
      ) : null}
      {loading ? <Skeleton active /> : null}
      {done?.kind === 'claimed' && done.appointment && offer ? (
        <BookingConfirmation
          appointment={done.appointment}
          doctorName={t('waitlist.doctor', { name: `${offer.doctor.first_name} ${offer.doctor.last_name}` })}
          message={done.message}
          onPayLater={() => navigate('/dashboard/appointments')}
        />
      ) : done ? (
        <Result
          status={done.kind === 'claimed' ? 'success' : 'info'}
          title={done.message}
          extra={
            <LinkButton type="primary" to={done.kind === 'claimed' ? '/dashboard/appointments' : '/dashboard/waitlist'}>
              {done.kind === 'claimed' ? t('waitlist.offer.toAppointments') : t('waitlist.offer.back')}
            </LinkButton>
          }
        />
      ) : offer ? (
        <Card>
          <Descriptions column={1} size="middle" styles={{ label: { width: 140 } }}>
            <Descriptions.Item label={t('waitlist.offer.doctor')}>
              {t('waitlist.doctor', { name: `${offer.doctor.first_name} ${offer.doctor.last_name}` })}
              {offer.doctor.specialization ? ` (${specialtyLabel(offer.doctor.specialization)})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('waitlist.offer.date')}>{dayLabel(offer.appointment_date)}</Descriptions.Item>
            <Descriptions.Item label={t('waitlist.offer.time')}>{t('waitlist.offer.clinicTime', { time: formatSlot(offer.time_slot) })}</Descriptions.Item>
            <Descriptions.Item label={t('waitlist.offer.type')}>{appointmentTypeLabel(offer.appointment_type)}</Descriptions.Item>
            {held && !expired ? (
              <Descriptions.Item label={t('waitlist.offer.heldFor')}>
                <span role="timer" aria-live="off">{t('waitlist.offer.timeLeft', { time: timeLeft(offer.expires_at, now) })}</span>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {offer.status === 'claimed' ? <Alert type="success" showIcon title={t('waitlist.offer.claimed')} style={{ marginTop: 16 }} /> : null}
          {expired || offer.status === 'expired' ? (
            <Alert type="warning" showIcon title={t('waitlist.offer.expired')} style={{ marginTop: 16 }} />
          ) : null}
          {offer.status === 'declined' || offer.status === 'withdrawn' ? <Alert type="info" showIcon title={t('waitlist.offer.closed')} style={{ marginTop: 16 }} /> : null}
          {held && !expired ? (
            <Space wrap style={{ marginTop: 20 }}>
              <Button type="primary" size="large" loading={answer.isPending && answer.variables === 'claim'} disabled={answer.isPending} onClick={() => respond('claim')}>
                {t('waitlist.offer.book')}
              </Button>
              <Button size="large" loading={answer.isPending && answer.variables === 'decline'} disabled={answer.isPending} onClick={() => respond('decline')}>
                {t('waitlist.offer.decline')}
              </Button>
            </Space>
          ) : (
            <div style={{ marginTop: 20 }}>
              <Link to="/dashboard/waitlist">{t('waitlist.offer.back')}</Link>
            </div>
          )}
        </Card>
      ) : null}
    </div>
  );
}
