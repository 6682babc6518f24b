import { VideoCameraOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../i18n';
import { canJoinVideoNow, type JoinableVisit, nextJoinChange, videoVisitPath } from './appointments';

type Joinable = JoinableVisit & { appointment_id: number };

/** Longest delay setTimeout keeps (about 24.8 days); a later change is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The clock the join button reads: the current time, read again when the visit's window opens and when it closes
 * (nextJoinChange), so a card left open shows the button at the minute the server starts admitting and hides it when
 * it stops, without a reload.
 */
function useJoinClock(appointment: JoinableVisit): number {
  const [now, setNow] = useState(() => Date.now());
  const { starts_at: startsAt, appointment_date: date, time_slot: slot } = appointment;
  useEffect(() => {
    const next = nextJoinChange({ starts_at: startsAt, appointment_date: date, time_slot: slot }, now);
    if (next === null) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(next - Date.now(), 0), MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [startsAt, date, slot, now]);
  return now;
}

/**
 * "Join video visit" on an appointment card, for its patient and its doctor, exactly while the server would admit
 * them (canJoinVideoNow: the contract's rule the server enforces, timed from the visit's starts_at). Nothing otherwise.
 */
export function JoinVideoButton({ appointment }: { appointment: Joinable }) {
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  const now = useJoinClock(appointment);
  if (!canJoinVideoNow(appointment, now)) return null;
  return (
    <Button type="primary" icon={<VideoCameraOutlined />} onClick={() => navigate(videoVisitPath(appointment.appointment_id))}>
      {t('video.join')}
    </Button>
  );
}
