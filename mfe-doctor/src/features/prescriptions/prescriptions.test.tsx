import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { api as http } from 'shell/api-client';
import { renderAt } from '../../../../shell/test/render';
import { emptyMedicine, medicinesValid } from './medicine-rows';
import { WritePrescriptionPage } from './WritePrescriptionPage';

const get = jest.spyOn(http, 'get');
const post = jest.spyOn(http, 'post');

const writable = {
  appointments: [{ appointment_id: 41, patient_id: 12, patient_name: 'Amina Yusuf', appointment_date: '2026-11-10', time_slot: '09:00 AM', appointment_type: 'Consultation', appointment_status: 'Completed' }],
};

beforeEach(() => {
  jest.clearAllMocks();
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
  expect(post.mock.calls[0][0]).toBe('prescriptions');
  expect(post.mock.calls[0][1]).toEqual({
    appointment_id: 41,
    medicines: JSON.stringify([{ name: 'Amoxicillin', dosage: '500mg', frequency: '', instructions: 'After meals' }]),
    notes: '',
  });
  // The form locks, and the redirect waits 1.5 s (CONTRACT.md §9).
  expect(screen.getByRole('button', { name: 'Save Prescription' })).toBeDisabled();
  await act(() => jest.advanceTimersByTimeAsync(1400));
  expect(screen.getAllByTestId('location')[0]).toHaveTextContent('/dashboard/doctor/write-prescription');
  await act(() => jest.advanceTimersByTimeAsync(100));
  expect(screen.getAllByTestId('location')[0]).toHaveTextContent('/dashboard/doctor/prescriptions');
  jest.useRealTimers();
});
