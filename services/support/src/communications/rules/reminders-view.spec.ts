import { groupReminders, type ReminderJobRow } from './reminders-view';

describe("a visit's reminders as its patient reads them", () => {
  it('one per kind and due time, oldest first, SMS before email, each channel with what it did', () => {
    const rows: ReminderJobRow[] = [
      { kind: 'reminder-2h', channel: 'email', run_at: '2026-12-04T07:00:00.000Z', status: null, sent_at: null },
      { kind: 'reminder-24h', channel: 'email', run_at: new Date('2026-12-03T09:00:00Z'), status: 'sent', sent_at: new Date('2026-12-03T09:00:02Z') },
      { kind: 'reminder-24h', channel: 'sms', run_at: '2026-12-03T09:00:00Z', status: 'delivered', sent_at: '2026-12-03T09:00:01Z' },
      { kind: 'reminder-2h', channel: 'sms', run_at: '2026-12-04T07:00:00Z', status: null, sent_at: null },
      { kind: 'booking-confirmation', channel: 'sms', run_at: '2026-12-01T09:00:00Z', status: 'sent', sent_at: null },
    ];
    expect(groupReminders(rows)).toEqual([
      {
        kind: 'reminder-24h',
        due_at: '2026-12-03T09:00:00.000Z',
        channels: [
          { channel: 'sms', status: 'delivered', sent_at: '2026-12-03T09:00:01.000Z' },
          { channel: 'email', status: 'sent', sent_at: '2026-12-03T09:00:02.000Z' },
        ],
      },
      {
        kind: 'reminder-2h',
        due_at: '2026-12-04T07:00:00.000Z',
        channels: [
          { channel: 'sms', status: 'scheduled', sent_at: null },
          { channel: 'email', status: 'scheduled', sent_at: null },
        ],
      },
    ]);
    expect(groupReminders([])).toEqual([]);
  });
});
