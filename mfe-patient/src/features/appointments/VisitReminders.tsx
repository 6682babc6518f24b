import { BellOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { callKey, calls } from 'shell/api-client';
import { formatDate } from 'shell/i18n';
import { hoursUntil, statusOf } from 'shell/ui-kit';
import type { Appointment } from '../../api/appointments';
import { usePatientTranslation } from '../../i18n';

export type VisitRemindersReply = Awaited<ReturnType<typeof calls.support.appointmentReminders>>;
type Reminder = VisitRemindersReply['reminders'][number];
type ChannelState = Reminder['channels'][number];

/** An open visit still ahead: the only one whose reminders the card shows. */
export function showsReminders(a: Pick<Appointment, 'appointment_date' | 'time_slot' | 'appointment_status'>, now = Date.now()): boolean {
  const s = statusOf(a);
  return (s === 'pending' || s === 'confirmed') && hoursUntil(a, now) > 0;
}

/** What a reminder's line says: still to go, gone (sent or delivered), or not sent, each with its channels. */
export type ReminderOutcome = 'scheduled' | 'sent' | 'notSent';
export function outcomeOf(state: ChannelState): ReminderOutcome | null {
  if (state.status === 'scheduled' || state.status === 'sending' || state.status === 'retrying') return 'scheduled';
  if (state.status === 'sent' || state.status === 'delivered') return 'sent';
  return 'notSent';
}

/** A reminder's channels by outcome, in the reminder's order (SMS first): [['scheduled', ['sms', 'email']]]. */
export function reminderLines(reminder: Reminder): [ReminderOutcome, ChannelState['channel'][]][] {
  const lines = new Map<ReminderOutcome, ChannelState['channel'][]>();
  for (const state of reminder.channels) {
    const outcome = outcomeOf(state)!;
    lines.set(outcome, [...(lines.get(outcome) ?? []), state.channel]);
  }
  return [...lines.entries()];
}

/**
 * On an upcoming visit's card (issue 37, "reminders where the patient looks"): its reminders, from the support service
 * (GET /appointments/{id}/reminders): "SMS and email on 3 Dec, 09:00", and those already sent. Nothing when there are
 * none (a visit booked too close to its start) or they cannot be read: the card stands without them.
 */
export function VisitReminders({ appointment: a }: { appointment: Appointment }) {
  const { t } = usePatientTranslation();
  const reminders = useQuery({
    queryKey: callKey('support', 'appointmentReminders', { params: { id: a.appointment_id } }),
    queryFn: () => calls.support.appointmentReminders({ params: { id: a.appointment_id } }, { context: { fallback: 'Failed to load the reminders' } }),
    // the card refreshes with the list; a reminder's status changes at most twice a day
    staleTime: 60_000,
    retry: false,
  });
  const list = reminders.data?.reminders ?? [];
  if (!list.length) return null;
  const channels = (names: ChannelState['channel'][]) =>
    names.length === 2 ? t('appointments.reminders.both') : t(`appointments.reminders.${names[0]}`);
  return (
    <section aria-label={t('appointments.reminders.title')} data-testid={`reminders-${a.appointment_id}`} style={{ marginTop: 8 }}>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        <BellOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
        {t('appointments.reminders.title')}
      </Typography.Text>
      <ul style={{ margin: '2px 0 0', paddingInlineStart: 22 }}>
        {list.flatMap((reminder) =>
          reminderLines(reminder).map(([outcome, names]) => (
            <li key={`${reminder.kind}-${reminder.due_at}-${outcome}`} style={{ fontSize: 13 }}>
              {t(`appointments.reminders.${outcome}`, { channels: channels(names), when: `${formatDate(reminder.due_at, 'dayMonth')}, ${formatDate(reminder.due_at, 'time')}` })}
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
