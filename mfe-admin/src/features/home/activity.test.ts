import { act } from '@testing-library/react';
import type { ActivityEntry } from '@afya/reporting-service/contracts';
import { setLanguage } from 'shell/i18n';
import { activityText } from './activity';

type Line = Pick<ActivityEntry, 'title' | 'detail' | 'title_message' | 'detail_message'>;

const entries: Line[] = [
  {
    title: 'Appointment #12 for Amina Yusuf',
    detail: 'Pending · 2026-11-28 02:30 PM',
    title_message: { key: 'appointment.for', params: { id: 12, name: 'Amina Yusuf' } },
    detail_message: { key: 'appointment.when', params: { status: 'Pending', date: '2026-11-28', slot: '02:30 PM' } },
  },
  {
    title: 'Appointment #13',
    detail: 'Cancelled · 2026-11-29 09:00 AM',
    title_message: { key: 'appointment.id', params: { id: 13 } },
    detail_message: { key: 'appointment.when', params: { status: 'Cancelled', date: '2026-11-29', slot: '09:00 AM' } },
  },
  {
    title: 'Payment #3 · Ksh 1,500',
    detail: 'completed · M-Pesa · appointment #12',
    title_message: { key: 'payment.amount', params: { id: 3, amount: 1500 } },
    detail_message: { key: 'payment.status', params: { status: 'completed', method: 'mpesa', appointment_id: 12 } },
  },
  {
    title: 'Payment #4 · Ksh 2,000',
    detail: 'refunded · card',
    title_message: { key: 'payment.amount', params: { id: 4, amount: 2000 } },
    detail_message: { key: 'payment.status', params: { status: 'refunded', method: 'card', appointment_id: null } },
  },
  {
    title: 'Baraka Mutua',
    detail: 'New patient registered',
    title_message: { key: 'user.name', params: { name: 'Baraka Mutua' } },
    detail_message: { key: 'user.registered', params: { role: 'patient' } },
  },
  {
    title: 'User #9',
    detail: 'New doctor registered',
    title_message: { key: 'user.id', params: { id: 9 } },
    detail_message: { key: 'user.registered', params: { role: 'doctor' } },
  },
];

describe("the overview's recent activity", () => {
  afterEach(() => act(() => setLanguage('en', { chosen: false })));

  it('in English is said from the message key too, the day written as everywhere else (not the service’s ISO date)', () => {
    expect(entries.map((e) => activityText(e))).toEqual([
      { title: 'Appointment #12 for Amina Yusuf', detail: 'Pending · Sat, 28 Nov 2026, 02:30 PM' },
      { title: 'Appointment #13', detail: 'Cancelled · Sun, 29 Nov 2026, 09:00 AM' },
      { title: 'Payment #3 · Ksh 1,500', detail: 'Completed · M-Pesa · appointment #12' },
      { title: 'Payment #4 · Ksh 2,000', detail: 'Refunded · card' },
      { title: 'Baraka Mutua', detail: 'New patient registered' },
      { title: 'User #9', detail: 'New doctor registered' },
    ]);
    for (const { detail } of entries.map((e) => activityText(e))) expect(detail).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('a line without a message key (an older service) is shown as its text', () => {
    expect(activityText({ title: 'Appointment #1', detail: 'Pending · 2026-11-28 02:30 PM' })).toEqual({ title: 'Appointment #1', detail: 'Pending · 2026-11-28 02:30 PM' });
  });

  it('in Kiswahili is said from the message key and values (names as written, slots on the 24-hour clock)', async () => {
    await act(() => setLanguage('sw', { chosen: false }));
    expect(entries.map((e) => activityText(e))).toEqual([
      { title: 'Miadi #12 ya Amina Yusuf', detail: 'Inasubiri · Jumamosi, 28 Nov 2026, 14:30' },
      { title: 'Miadi #13', detail: 'Imeghairiwa · Jumapili, 29 Nov 2026, 09:00' },
      { title: 'Malipo #3 · Ksh 1,500', detail: 'Imekamilika · M-Pesa · miadi #12' },
      { title: 'Malipo #4 · Ksh 2,000', detail: 'Imerejeshwa · kadi' },
      { title: 'Baraka Mutua', detail: 'Mgonjwa mpya amejisajili' },
      { title: 'Mtumiaji #9', detail: 'Daktari mpya amejisajili' },
    ]);
  });

  it('does not read the English text: a line says what its message says', async () => {
    await act(() => setLanguage('sw', { chosen: false }));
    const { title, detail } = activityText({ ...entries[0]!, title: 'anything', detail: 'anything' });
    expect({ title, detail }).toEqual({ title: 'Miadi #12 ya Amina Yusuf', detail: 'Inasubiri · Jumamosi, 28 Nov 2026, 14:30' });
  });
});
