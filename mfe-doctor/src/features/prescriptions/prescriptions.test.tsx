import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { api as http } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import { emptyMedicine, medicinesValid } from './medicine-rows';
import { WritePrescriptionPage } from './WritePrescriptionPage';
import { DoctorMedicalHistoryPage } from './DoctorMedicalHistoryPage';
import { patientOptions, writableOptions } from './patient-labels';
import type { DoctorAppointment } from '../../api/appointments';

// The picker, the patient's history and the writing are declared calls (calls.prescriptions, whose client
// shell/libs/api-client/calls.test.ts covers): stubbed by name; `get` answers the two reads by their paths.
const declared = stubDeclaredCalls();
const mockPrescriptions = declared.prescriptions;
const get = jest.fn();
const post = mockPrescriptions.create;
const list = jest.spyOn(http, 'list');
const { listForDoctor } = declared.appointments;

const writable = {
  appointments: [{ appointment_id: 41, patient_id: 12, patient_name: 'Amina Yusuf', appointment_date: '2026-11-10', time_slot: '09:00 AM', appointment_type: 'Consultation', visit_mode: 'in_person', appointment_status: 'Completed' }],
};

beforeEach(() => {
  jest.clearAllMocks();
  mockPrescriptions.writable.mockImplementation(() => get('prescriptions/writable-appointments'));
  mockPrescriptions.historyUser.mockImplementation(({ params }: { params: { userId: string } }) => get(`medical-history/user/${params.userId}`));
  get.mockImplementation((path: string) =>
    Promise.resolve(path === 'prescriptions/writable-appointments' ? writable : { records: [{ id: 'appt-3', type: 'appointment', condition: 'Appointment', diagnosis: 'Hypertension', treatment: null, notes: null, medicines: [], doctor_name: 'Grace Wanjiku', date: '2026-10-01' }] }) as never,
  );
});

it('a row needs a trimmed name, dosage and instructions; frequency is optional', () => {
  expect(medicinesValid([emptyMedicine()])).toBe(false);
  expect(medicinesValid([{ name: 'Paracetamol', dosage: '500mg', frequency: '', instructions: 'After meals' }])).toBe(true);
  expect(medicinesValid([{ name: ' ', dosage: '500mg', frequency: '', instructions: 'x' }])).toBe(false);
  expect(medicinesValid([])).toBe(false);
});

it('writes a prescription for a preselected appointment: history beside the form, Remove disabled on the last row, then redirects', async () => {
  post.mockResolvedValue({ prescription: { prescription_id: 9 }, message: 'Prescription created successfully!' });
  renderAt(<WritePrescriptionPage />, { route: '/dashboard/doctor/write-prescription?appointment_id=41', path: '/dashboard/doctor/write-prescription' });
  expect(await screen.findByText(/Hypertension/)).toBeInTheDocument();
  expect(screen.getAllByText('Amina Yusuf').length).toBeGreaterThan(0);
  const save = screen.getByRole('button', { name: 'Save Prescription' });
  expect(save).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Remove medicine 1' })).toBeDisabled();
  fireEvent.change(screen.getByLabelText('Medicine 1 name'), { target: { value: 'Amoxicillin' } });
  fireEvent.change(screen.getByLabelText('Medicine 1 dosage'), { target: { value: '500mg' } });
  fireEvent.change(screen.getByLabelText('Medicine 1 instructions'), { target: { value: ' After meals ' } });
  fireEvent.click(screen.getByRole('button', { name: /Add Medicine/ }));
  expect(screen.getByRole('button', { name: 'Remove medicine 1' })).toBeEnabled();
  expect(save).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Remove medicine 2' }));
  await waitFor(() => expect(save).toBeEnabled());
  jest.useFakeTimers();
  fireEvent.click(save);
  await act(() => jest.advanceTimersByTimeAsync(50));
  expect(post).toHaveBeenCalled();
  expect(post.mock.calls[0][0]).toEqual({
    body: {
      appointment_id: 41,
      medicines: JSON.stringify([{ name: 'Amoxicillin', dosage: '500mg', frequency: '', instructions: 'After meals' }]),
      notes: '',
    },
  });
  // The form locks, and the redirect waits 1.5 s (CONTRACT.md §9).
  expect(screen.getByRole('button', { name: 'Save Prescription' })).toBeDisabled();
  await act(() => jest.advanceTimersByTimeAsync(1400));
  expect(screen.getAllByTestId('location')[0]).toHaveTextContent('/dashboard/doctor/write-prescription');
  await act(() => jest.advanceTimersByTimeAsync(100));
  expect(screen.getAllByTestId('location')[0]).toHaveTextContent('/dashboard/doctor/prescriptions');
  jest.useRealTimers();
});

it("says 'Please fill all required fields.' once the doctor has started and the form is not valid (a name of spaces), instead of a silently disabled Save", async () => {
  renderAt(<WritePrescriptionPage />, { route: '/dashboard/doctor/write-prescription?appointment_id=41', path: '/dashboard/doctor/write-prescription' });
  const save = await screen.findByRole('button', { name: 'Save Prescription' });
  // Nothing typed yet: no reproach.
  expect(screen.queryByText('Please fill all required fields.')).not.toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Medicine 1 name'), { target: { value: '   ' } });
  fireEvent.change(screen.getByLabelText('Medicine 1 dosage'), { target: { value: '500mg' } });
  fireEvent.change(screen.getByLabelText('Medicine 1 instructions'), { target: { value: 'After meals' } });
  expect(save).toBeDisabled();
  const hint = screen.getByText('Please fill all required fields.');
  expect(save).toHaveAttribute('aria-describedby', hint.closest('[role="status"]')!.id);
  fireEvent.change(screen.getByLabelText('Medicine 1 name'), { target: { value: 'Paracetamol' } });
  await waitFor(() => expect(save).toBeEnabled());
  expect(screen.queryByText('Please fill all required fields.')).not.toBeInTheDocument();
});

describe('same-name patients in the pickers', () => {
  const visit = (appointment_id: number, patient_id: number, patient_name: string, patient_phone: string | null) => ({
    appointment_id,
    patient_id,
    patient_name,
    patient_phone,
    appointment_date: '2026-11-10',
    time_slot: '09:00 AM',
    appointment_type: 'Consultation',
    visit_mode: 'in_person' as const,
    appointment_status: 'Completed',
  });

  it('Write Prescription: every visit shows its number; two patients with one name also show their phones', () => {
    expect(writableOptions([visit(41, 12, 'Amina Yusuf', '0712 000 111'), visit(42, 13, 'amina yusuf', null), visit(43, 14, 'Baraka Mutua', '0722 000 222'), visit(44, 12, 'Amina Yusuf', '0712 000 111')]).map((o) => o.label)).toEqual([
      'Amina Yusuf (0712 000 111) · #41 · 10 Nov 2026 09:00 AM · Consultation (Completed)',
      'amina yusuf (patient #13) · #42 · 10 Nov 2026 09:00 AM · Consultation (Completed)',
      'Baraka Mutua · #43 · 10 Nov 2026 09:00 AM · Consultation (Completed)',
      'Amina Yusuf (0712 000 111) · #44 · 10 Nov 2026 09:00 AM · Consultation (Completed)',
    ]);
  });

  it('Medical History: one entry per patient; same-name patients by their latest visit', () => {
    const a = (appointment_id: number, user_id: number, patient_full_name: string, appointment_date: string) => ({ appointment_id, user_id, patient_full_name, appointment_date }) as DoctorAppointment;
    expect(patientOptions([a(1, 12, 'Amina Yusuf', '2026-10-01'), a(2, 12, 'Amina Yusuf', '2026-11-02'), a(3, 13, 'Amina Yusuf', '2026-11-05'), a(4, 14, 'Baraka Mutua', '2026-11-01')])).toEqual([
      { value: 12, label: 'Amina Yusuf (latest visit #2, 2 Nov 2026)' },
      { value: 13, label: 'Amina Yusuf (latest visit #3, 5 Nov 2026)' },
      { value: 14, label: 'Baraka Mutua' },
    ]);
  });

  it('the picker on the page shows them so', async () => {
    get.mockImplementation((path: string) => Promise.resolve(path === 'prescriptions/writable-appointments' ? { appointments: [visit(41, 12, 'Amina Yusuf', '0712 000 111'), visit(42, 13, 'Amina Yusuf', '0733 000 999')] } : { records: [] }) as never);
    renderAt(<WritePrescriptionPage />, { route: '/dashboard/doctor/write-prescription', path: '/dashboard/doctor/write-prescription' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Appointment' }));
    expect(await screen.findByText('Amina Yusuf (0733 000 999) · #42 · 10 Nov 2026 09:00 AM · Consultation (Completed)')).toBeInTheDocument();
  });
});

describe('doctor Medical History', () => {
  it('offers Edit only on the records the server says this doctor may edit', async () => {
    const record = (id: string, can_edit: boolean, doctor_name: string) => ({ id, type: id.startsWith('appt') ? 'appointment' : 'prescription', condition: id.startsWith('appt') ? 'Appointment' : 'Prescription', can_edit, diagnosis: null, treatment: null, notes: null, medicines: [], doctor_name, date: '2026-10-01' });
    // The doctor's agenda is a declared list call (the bare array, its total in a header); the records are one reply.
    listForDoctor.mockResolvedValue({ headers: { 'x-total-count': '1' }, body: [{ appointment_id: 5, user_id: 12, patient_full_name: 'Amina Yusuf', appointment_date: '2026-10-01' }] });
    list.mockResolvedValue({ items: [], total: 0 } as never);
    get.mockImplementation(() =>
      Promise.resolve({ records: [record('appt-5', true, 'Grace Wanjiku'), record('appt-6', false, 'Ibrahim Abdi'), record('presc-2', false, 'Ibrahim Abdi')] }) as never,
    );
    renderAt(<DoctorMedicalHistoryPage />);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Patient' }));
    fireEvent.click(await screen.findByText('Amina Yusuf'));
    expect(await screen.findAllByText('Dr. Ibrahim Abdi')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Edit appt-5' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit appt-6' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Edit/ })).toHaveLength(1);
  });
});
