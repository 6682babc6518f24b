import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import { deletes, type PrescriptionView } from './api';
import { AllPrescriptionsPage, filterPrescriptions } from './AllPrescriptionsPage';
import { ReasonModal } from './ReasonModal';

// Every prescription: a declared list call (calls.prescriptions.listAll), one page.
const { listAll } = stubDeclaredCalls().prescriptions;
const remove = jest.spyOn(deletes, 'prescription');

const rx = (over: Partial<PrescriptionView>): PrescriptionView => ({
  prescription_id: 7,
  prescription_number: 'RX-000007',
  appointment_id: 41,
  doctor_id: 3,
  doctor_user_id: 30,
  patient_id: 12,
  patient_name: 'Amina Yusuf',
  doctor_name: 'Grace Wanjiku',
  specialization: 'Cardiology',
  appointment_date: '2026-11-10',
  time_slot: '09:00 AM',
  appointment_type: 'Consultation',
  visit_mode: 'in_person',
  appointment_status: 'Completed',
  medicines: [{ name: 'Amoxicillin', dosage: '500mg', frequency: '', instructions: 'After meals' }],
  notes: null,
  issued_at: '2026-11-10T08:00:00Z',
  created_at: '2026-11-10T08:00:00Z',
  updated_at: '2026-11-10T08:00:00Z',
  ...over,
});

beforeEach(() => jest.clearAllMocks());

it('searches by patient, doctor, number and medicine', () => {
  const list = [rx({}), rx({ prescription_id: 8, prescription_number: 'RX-000008', patient_name: 'Kamau Njoroge', medicines: [{ name: 'Ibuprofen', dosage: '100mg', frequency: '', instructions: 'x' }] })];
  expect(filterPrescriptions(list, 'kamau').map((p) => p.prescription_id)).toEqual([8]);
  expect(filterPrescriptions(list, 'amoxi').map((p) => p.prescription_id)).toEqual([7]);
  expect(filterPrescriptions(list, 'RX-000008').map((p) => p.prescription_id)).toEqual([8]);
});

it('the delete dialog needs a reason before it confirms', () => {
  const onConfirm = jest.fn();
  render(<ReasonModal title="Delete RX-000007?" text="Are you sure?" busy={false} onConfirm={onConfirm} onCancel={jest.fn()} />);
  const ok = screen.getByRole('button', { name: 'Delete' });
  expect(ok).toBeDisabled();
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  Issued in error ' } });
  fireEvent.click(ok);
  expect(onConfirm).toHaveBeenCalledWith('Issued in error');
});

it('lists every prescription and sends the reason to DELETE /prescriptions/{id}', async () => {
  listAll.mockResolvedValue({ headers: { 'x-total-count': '1' }, body: [rx({})] });
  remove.mockResolvedValue({ message: 'Prescription deleted successfully', prescription_id: 7 });
  renderAt(<AllPrescriptionsPage />, { route: '/dashboard/prescriptions', path: '/dashboard/prescriptions' });
  fireEvent.click(await screen.findByRole('button', { name: 'Delete RX-000007' }));
  fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: 'Issued in error' } });
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(remove).toHaveBeenCalledWith(7, 'Issued in error'));
});
