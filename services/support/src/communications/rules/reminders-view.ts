import type { AppointmentRemindersReply, DeliveryStatus, MessageChannel } from '../../../contracts';

/** One queued reminder job with its delivery, if the sender has taken it (status null: not yet due). */
export interface ReminderJobRow {
  kind: string;
  channel: MessageChannel;
  run_at: Date | string;
  status: DeliveryStatus | null;
  sent_at: Date | string | null;
}

type Reminder = AppointmentRemindersReply['reminders'][number];
const iso = (value: Date | string) => new Date(value).toISOString();
const CHANNEL_ORDER: Record<MessageChannel, number> = { sms: 0, email: 1 };

/**
 * The reminders as the patient reads them: one per kind and due time (a moved visit's reminder already sent stays
 * beside the new one), oldest first, each with its channels (SMS first) and what each did.
 */
export function groupReminders(rows: readonly ReminderJobRow[]): Reminder[] {
  const byDue = new Map<string, Reminder>();
  for (const row of rows) {
    if (row.kind !== 'reminder-24h' && row.kind !== 'reminder-2h') continue;
    const due = iso(row.run_at);
    const key = `${row.kind}@${due}`;
    const reminder = byDue.get(key) ?? { kind: row.kind, due_at: due, channels: [] };
    reminder.channels.push({ channel: row.channel, status: row.status ?? 'scheduled', sent_at: row.sent_at ? iso(row.sent_at) : null });
    byDue.set(key, reminder);
  }
  const reminders = [...byDue.values()].sort((a, b) => (a.due_at < b.due_at ? -1 : a.due_at > b.due_at ? 1 : 0));
  for (const reminder of reminders) reminder.channels.sort((a, b) => CHANNEL_ORDER[a.channel] - CHANNEL_ORDER[b.channel]);
  return reminders;
}
