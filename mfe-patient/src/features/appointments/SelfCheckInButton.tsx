import { SELF_CHECK_IN_MINUTES_BEFORE } from '@afya/appointment-service/contracts/catalog';
import { Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, calls, errorText } from 'shell/api-client';
import { translateMessage } from 'shell/i18n';
import { toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import type { Appointment } from '../../api/appointments';

const MINUTE = 60_000;
/** The card looks again at least this often whether the window opened or closed. */
const TICK_MS = 30_000;

/**
 * Whether "Check in" is offered (issue 40): a Confirmed visit at the clinic, from SELF_CHECK_IN_MINUTES_BEFORE before
 * its start until its end. The server has the last word (today's visit, once; 409 with the reason otherwise).
 */
export function canSelfCheckIn(a: Pick<Appointment, 'appointment_status' | 'visit_mode' | 'starts_at' | 'duration'>, now: number): boolean {
  if (a.appointment_status !== 'Confirmed' || a.visit_mode === 'video' || !a.starts_at) return false;
  const start = Date.parse(a.starts_at);
  return now >= start - SELF_CHECK_IN_MINUTES_BEFORE * MINUTE && now <= start + (a.duration ?? 0) * MINUTE;
}

/** "Check in" on the patient's own card while the window is open; then their queue number. */
export function SelfCheckInButton({ appointment }: { appointment: Appointment }) {
  const { t } = usePatientTranslation();
  const [now, setNow] = useState(() => Date.now());
  const [number, setNumber] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (number !== null) return <Tag color="blue">{t('checkIn.number', { number })}</Tag>;
  if (done || !canSelfCheckIn(appointment, now)) return null;
  const checkIn = async () => {
    setBusy(true);
    try {
      const reply = await calls.appointments.checkIn({ params: { id: appointment.appointment_id } }, { context: { fallback: 'Failed to check in' } });
      setNumber(reply.attendance.queue_number);
      toast.success(reply.message);
    } catch (error) {
      // Already checked in (at the desk, or on another device): nothing more to offer here.
      if (error instanceof ApiError && error.status === 409) setDone(true);
      toast.error(translateMessage(errorText(error, 'Failed to check in')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="primary" onClick={() => void checkIn()} loading={busy}>
      {t('checkIn.button')}
    </Button>
  );
}
