import { activityEnglish, activityLine } from './activity-messages';

describe('the admin overview’s activity lines (English from the message key and values)', () => {
  it('writes each key as the contract’s English line (CONTRACT.md §2)', () => {
    expect(activityEnglish({ key: 'user.name', params: { name: 'Baraka Mutua' } })).toBe('Baraka Mutua');
    expect(activityEnglish({ key: 'user.id', params: { id: 7 } })).toBe('User #7');
    expect(activityEnglish({ key: 'user.registered', params: { role: 'patient' } })).toBe('New patient registered');
    expect(activityEnglish({ key: 'appointment.id', params: { id: 12 } })).toBe('Appointment #12');
    expect(activityEnglish({ key: 'appointment.for', params: { id: 12, name: 'Amina Yusuf' } })).toBe('Appointment #12 for Amina Yusuf');
    expect(activityEnglish({ key: 'appointment.when', params: { status: 'Pending', date: '2026-11-28', slot: '09:00 AM' } })).toBe('Pending · 2026-11-28 09:00 AM');
    expect(activityEnglish({ key: 'payment.amount', params: { id: 3, amount: 1500 } })).toBe('Payment #3 · Ksh 1,500');
    expect(activityEnglish({ key: 'payment.status', params: { status: 'completed', method: 'mpesa', appointment_id: 12 } })).toBe('completed · M-Pesa · appointment #12');
    expect(activityEnglish({ key: 'payment.status', params: { status: 'refunded', method: 'card', appointment_id: null } })).toBe('refunded · card');
    expect(activityEnglish({ key: 'payment.status', params: { status: 'pending', method: null, appointment_id: null } })).toBe('pending');
  });

  it('gives an entry both: the English text and the message it came from', () => {
    const title = { key: 'user.id', params: { id: 4 } } as const;
    const detail = { key: 'user.registered', params: { role: 'doctor' } } as const;
    expect(activityLine(title, detail)).toEqual({ title: 'User #4', detail: 'New doctor registered', title_message: title, detail_message: detail });
  });
});
