import { closePdfRenderer, pdfText, renderPdf } from '@afya/service-shared';
import type { PaymentRow } from './payment-store';
import { receiptHtml } from './receipts.service';

const row = {
  payment_id: 42,
  appointment_id: 7,
  user_id: 10,
  doctor_id: 3,
  patient_name: 'Achieng Odhiambo',
  doctor_first_name: 'Grace',
  doctor_last_name: 'Wanjiku',
  appointment_date: '2026-12-07',
  time_slot: '02:30 PM',
  amount: 12500,
  method: 'mpesa',
  mpesa_receipt: 'TKL3ABC123',
  checkout_request_id: 'ws_CO_1',
  stripe_session_id: null,
  // 21:15 UTC on the 6th is already the 7th in Nairobi (00:15).
  paid_at: new Date('2026-12-06T21:15:00Z'),
} as unknown as PaymentRow;

afterAll(() => closePdfRenderer());

/** The receipt PDF as a person reads it, in each language (Chromium renders it; its text is read back). */
describe('receipt PDF in the reader’s language', () => {
  it('English: CONTRACT.md’s labels, Ksh with grouping, Nairobi time', async () => {
    const text = pdfText(await renderPdf(receiptHtml(row, 'en')));
    for (const expected of ['Payment receipt', 'Paid', 'Receipt number', 'AFYA-000042', 'Date paid', '7 December 2026 at 00:15', 'Dr. Grace Wanjiku', '#7, 7 December 2026 02:30 PM', 'M-Pesa receipt number', 'TKL3ABC123', 'Ksh 12,500.00', 'Thank you for choosing Afya']) {
      expect(text).toContain(expected);
    }
  });

  it('Kiswahili: labels, months and time in Kiswahili; names and references as they are', async () => {
    const text = pdfText(await renderPdf(receiptHtml(row, 'sw')));
    for (const expected of ['Risiti ya malipo', 'Imelipwa', 'Namba ya risiti', 'AFYA-000042', 'Tarehe ya malipo', '7 Desemba 2026 saa 00:15', 'Mgonjwa', 'Achieng Odhiambo', 'Dkt. Grace Wanjiku', '#7, 7 Desemba 2026 14:30', 'Njia ya malipo', 'Namba ya risiti ya M-Pesa', 'TKL3ABC123', 'Kiasi', 'Ksh 12,500.00', 'Asante kwa kuchagua Afya']) {
      expect(text).toContain(expected);
    }
    for (const english of ['Payment receipt', 'Receipt number', 'Date paid', 'Amount', 'Thank you']) expect(text).not.toContain(english);
    expect(receiptHtml(row, 'sw')).toContain('<html lang="sw">');
  });
});
