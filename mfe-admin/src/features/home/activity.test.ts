import { act } from '@testing-library/react';
import { setLanguage } from 'shell/i18n';
import { activityText } from './activity';

const entries = [
  { kind: 'appointment', title: 'Appointment #12 for Amina Yusuf', detail: 'Pending · 2026-11-28 09:00 AM' },
  { kind: 'payment', title: 'Payment #3 · Ksh 1,500', detail: 'completed · M-Pesa · appointment #12' },
  { kind: 'user', title: 'Baraka Mutua', detail: 'New patient registered' },
  { kind: 'user', title: 'Baraka Mutua', detail: 'Something the service says one day' },
] as const;

describe("the overview's recent activity", () => {
  afterEach(() => act(() => setLanguage('en', { chosen: false })));

  it('in English is the service text as written', () => {
    expect(entries.map((e) => activityText(e))).toEqual(entries.map(({ title, detail }) => ({ title, detail })));
  });

  it('in Kiswahili reads the known shapes back; names, amounts and unknown texts stay as they are', async () => {
    await act(() => setLanguage('sw', { chosen: false }));
    expect(entries.map((e) => activityText(e))).toEqual([
      { title: 'Miadi #12 ya Amina Yusuf', detail: 'Inasubiri · 28 Nov 2026 09:00 AM' },
      { title: 'Malipo #3 · Ksh 1,500', detail: 'Imekamilika · M-Pesa · miadi #12' },
      { title: 'Baraka Mutua', detail: 'Mgonjwa mpya amejisajili' },
      { title: 'Baraka Mutua', detail: 'Something the service says one day' },
    ]);
  });
});
