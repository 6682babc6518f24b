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
