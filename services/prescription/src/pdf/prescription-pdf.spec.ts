import { closePdfRenderer, pdfText, renderPdf } from '@afya/service-shared';
import type { PrescriptionView } from '../../contracts';
import { prescriptionHtml } from './prescription-pdf';

const prescription = (visit_mode: PrescriptionView['visit_mode']): PrescriptionView => ({
  prescription_id: 42,
  prescription_number: 'RX-000042',
  appointment_id: 7,
  doctor_id: 3,
  doctor_user_id: 30,
  patient_id: 10,
  patient_name: 'Achieng Odhiambo',
  doctor_name: 'Grace Wanjiku',
  specialization: 'Cardiology',
  appointment_date: '2026-11-30',
  time_slot: '09:00 AM',
  appointment_type: 'Consultation',
  visit_mode,
  appointment_status: 'Completed',
  medicines: [{ name: 'Amoxicillin', dosage: '500mg', frequency: 'twice daily', instructions: 'after meals' }],
  notes: null,
  issued_at: '2026-11-30T07:00:00.000Z',
  created_at: '2026-11-30T07:00:00.000Z',
  updated_at: '2026-11-30T07:00:00.000Z',
});

describe('prescription PDF', () => {
  it('says how the visit happened next to the type and time', () => {
    expect(prescriptionHtml(prescription('video'))).toContain('Consultation 09:00 AM · Video');
    expect(prescriptionHtml(prescription('in_person'))).toContain('Consultation 09:00 AM · In person');
    expect(prescriptionHtml(prescription(null))).toContain('Consultation 09:00 AM</div>');
  });
});

describe('prescription PDF in the reader’s language', () => {
  afterAll(() => closePdfRenderer());
  const written = { ...prescription('video'), notes: 'Kunywa maji mengi. Return if the fever lasts beyond 3 days.' };

  it('English as before', async () => {
    const text = pdfText(await renderPdf(prescriptionHtml(written, 'en')));
    for (const expected of ['Afya Clinic', 'Prescription RX-000042', 'Issued 30 November 2026', 'Dr. Grace Wanjiku', 'Cardiology', 'Consultation 09:00 AM · Video', 'Medicine', 'Dosage', 'Frequency', 'Instructions', 'Amoxicillin', 'twice daily', 'NOTES']) {
      expect(text).toContain(expected);
    }
  });

  it('Kiswahili labels, dates and choices; the medicines and the doctor’s notes exactly as written', async () => {
    const text = pdfText(await renderPdf(prescriptionHtml(written, 'sw')));
    for (const expected of ['Kliniki ya Afya', 'Agizo la dawa RX-000042', 'Limetolewa 30 Novemba 2026', 'MGONJWA', 'Achieng Odhiambo', 'Dkt. Grace Wanjiku', 'Magonjwa ya moyo', 'Ushauri wa daktari 09:00 · Video', 'Dawa', 'Kipimo', 'Mara ngapi', 'Maelekezo', 'Amoxicillin', '500mg', 'twice daily', 'after meals', 'MAELEZO YA DAKTARI', 'Kunywa maji mengi. Return if the fever lasts beyond 3 days.']) {
      expect(text).toContain(expected);
    }
    for (const english of ['Afya Clinic', 'Issued', 'Dosage', 'Instructions', 'Prescription number']) expect(text).not.toContain(english);
  });
});
