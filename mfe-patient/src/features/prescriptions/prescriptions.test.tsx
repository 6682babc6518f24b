import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import type { Prescription } from '../../api/prescriptions';
import { PrescriptionDetailPage } from './PrescriptionDetailPage';
import { PrescriptionsPage } from './PrescriptionsPage';

// One prescription and the patient's list are declared calls (calls.prescriptions.get, .listUser: one page).
const { get, listUser } = stubDeclaredCalls().prescriptions;
const page = <T,>(rows: T[]) => ({ headers: { 'x-total-count': String(rows.length) }, body: rows });

export const prescription = (over: Partial<Prescription> = {}): Prescription => ({
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
  medicines: [{ name: 'Amoxicillin', dosage: '500mg', frequency: 'Three times daily', instructions: 'After meals' }],
  notes: 'Drink plenty of water',
  issued_at: '2026-11-10T08:00:00Z',
  created_at: '2026-11-10T08:00:00Z',
  updated_at: '2026-11-10T08:00:00Z',
  ...over,
});

beforeEach(() => jest.clearAllMocks());

describe('patient prescriptions page', () => {
  it('lists cards with medicines, doctor, notes and Download PDF', async () => {
    listUser.mockResolvedValue(page([prescription()]));
    renderAt(<PrescriptionsPage />, { route: '/dashboard/prescriptions', path: '/dashboard/prescriptions' });
    expect(await screen.findByText('Prescription RX-000007')).toBeInTheDocument();
    expect(screen.getByText('Amoxicillin')).toBeInTheDocument();
    expect(screen.getByText('Dr. Grace Wanjiku')).toBeInTheDocument();
    expect(screen.getByText('Drink plenty of water')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download PDF/ })).toBeInTheDocument();
    expect(listUser).toHaveBeenCalledWith({ query: {} }, { context: { fallback: 'Failed to fetch prescriptions' } });
  });

  it('shows the error with Retry, and Retry loads again', async () => {
    listUser.mockRejectedValueOnce(new ApiError('Service unavailable', 503, 'Service unavailable')).mockResolvedValue(page([]));
    renderAt(<PrescriptionsPage />, { route: '/dashboard/prescriptions', path: '/dashboard/prescriptions' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading prescriptions: Service unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No prescriptions yet.')).toBeInTheDocument();
  });
});

describe('prescription detail', () => {
  it('shows one prescription (GET /prescriptions/{id} answers the object itself)', async () => {
    get.mockResolvedValue(prescription());
    renderAt(<PrescriptionDetailPage />, { route: '/dashboard/prescriptions/7', path: '/dashboard/prescriptions/:prescriptionId' });
    expect(await screen.findByText('Prescription RX-000007')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith({ params: { id: '7' } }, expect.anything());
  });

  it("says 'No prescription found for this appointment.' on a 404", async () => {
    get.mockRejectedValue(new ApiError('Prescription not found', 404, 'Prescription not found'));
    renderAt(<PrescriptionDetailPage />, { route: '/dashboard/prescriptions/99', path: '/dashboard/prescriptions/:prescriptionId' });
    await waitFor(() => expect(screen.getByText('No prescription found for this appointment.')).toBeInTheDocument());
  });
});
