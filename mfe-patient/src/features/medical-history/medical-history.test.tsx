import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MedicalRecord } from '@afya/prescription-service/contracts';
import { setLanguage } from 'shell/i18n';
import { renderAt } from '../../../../shell/test/render';
import { searchRecords } from './history.logic';
import { MedicalHistoryPage } from './MedicalHistoryPage';

// The records and the access log are declared calls (calls.prescriptions, whose client shell/libs/api-client/calls.test.ts
// covers): stubbed by name; `get` answers both by their paths, with the query as searchParams.
const mockPrescriptions = { historySelf: jest.fn(), accessLog: jest.fn() };
jest.mock('shell/api-client', () => ({ ...jest.requireActual('shell/api-client'), calls: { get prescriptions() { return mockPrescriptions; } } }));
const get = jest.fn();

const record = (over: Partial<MedicalRecord>): MedicalRecord => ({
  id: 'appt-1',
  type: 'appointment',
  condition: 'Appointment',
  patient_id: 12,
  patient_name: 'Amina Yusuf',
  doctor_name: 'Grace Wanjiku',
  specialization: 'Cardiology',
  date: '2026-11-10',
  diagnosis: 'Hypertension',
  treatment: 'Low-salt diet',
  notes: null,
  medicines: [],
  appointment_id: 1,
  prescription_id: null,
  appointment_status: 'Completed',
  can_edit: false,
  ...over,
});
const RECORDS = [
  record({}),
  record({ id: 'presc-4', type: 'prescription', condition: 'Prescription', doctor_name: 'Ibrahim Abdi', diagnosis: 'Bronchitis', medicines: [{ name: 'Azithromycin', dosage: '500mg', frequency: '', instructions: 'Once daily' }] }),
];

beforeEach(() => {
  jest.clearAllMocks();
  mockPrescriptions.historySelf.mockImplementation(() => get('medical-history/self'));
  mockPrescriptions.accessLog.mockImplementation(({ query }: { query: object }) => get('medical-history/access-log', { searchParams: query }));
  get.mockImplementation((path: string) =>
    Promise.resolve(
      path === 'medical-history/self'
        ? { records: RECORDS }
        : {
            entries: [
              { id: 1, actor_user_id: 30, actor_name: 'Grace Wanjiku', actor_role: 'doctor', action: 'downloaded', record: 'Prescription RX-000004 (PDF)', outcome: 'success', via: null, at: '2026-11-11T09:30:00Z' },
              { id: 2, actor_user_id: 31, actor_name: 'Ibrahim Abdi', actor_role: 'doctor', action: 'viewed', record: 'Medical history', outcome: 'denied', via: null, at: '2026-11-11T09:20:00Z' },
              { id: 3, actor_user_id: 30, actor_name: 'Grace Wanjiku', actor_role: 'doctor', action: 'viewed', record: 'Appointment #7', outcome: 'success', via: 'prescription', at: '2026-11-11T09:10:00Z' },
              { id: 4, actor_user_id: 1, actor_name: null, actor_role: 'admin', action: 'downloaded', record: 'CSV export: Appointments report', outcome: 'success', via: null, at: '2026-11-11T09:00:00Z' },
            ],
            total: 4,
            page: 1,
            limit: 20,
          },
    ) as never,
  );
});

it('searches by condition, diagnosis and doctor name', () => {
  expect(searchRecords(RECORDS, 'bronch').map((r) => r.id)).toEqual(['presc-4']);
  expect(searchRecords(RECORDS, 'prescription').map((r) => r.id)).toEqual(['presc-4']);
  expect(searchRecords(RECORDS, 'wanjiku').map((r) => r.id)).toEqual(['appt-1']);
  expect(searchRecords(RECORDS, '  ')).toHaveLength(2);
});

it('shows read-only record cards with medicines and the "Who viewed my records" tab', async () => {
  renderAt(<MedicalHistoryPage />, { route: '/dashboard/medical-history', path: '/dashboard/medical-history' });
  expect(await screen.findByText('Hypertension')).toBeInTheDocument();
  expect(screen.getByText('Azithromycin')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Delete|Edit/ })).not.toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Search medical history'), 'abdi');
  expect(screen.queryByText('Hypertension')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: 'Who viewed my records' }));
  const row = (await screen.findByText('Grace Wanjiku')).closest('tr')!;
  expect(within(row).getByText('Doctor')).toBeInTheDocument();
  expect(within(row).getByText('Downloaded')).toBeInTheDocument();
  // Refused attempts, reads by a service for someone, and admins' CSV exports are listed too (issue 22 item 5).
  expect(within(screen.getByText('Ibrahim Abdi').closest('tr')!).getByText('Refused: viewed')).toBeInTheDocument();
  expect(screen.getByText('Grace Wanjiku, through the prescription service')).toBeInTheDocument();
  expect(within(screen.getByText('CSV export: Appointments report').closest('tr')!).getByText('Administrator #1')).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('medical-history/access-log', expect.objectContaining({ searchParams: { page: 1, limit: 20 } }));
});

it('names each record’s kind in Kiswahili (the service writes it in English)', async () => {
  await act(() => setLanguage('sw', { chosen: false }));
  try {
    renderAt(<MedicalHistoryPage />, { route: '/dashboard/medical-history', path: '/dashboard/medical-history' });
    expect(await screen.findByText('Hypertension')).toBeInTheDocument();
    expect(screen.getByText('Miadi')).toBeInTheDocument();
    expect(screen.getByText('Agizo la dawa')).toBeInTheDocument();
    expect(screen.queryByText('Appointment')).not.toBeInTheDocument();
    expect(screen.queryByText('Prescription')).not.toBeInTheDocument();
    // Searched by the kind as shown.
    expect(searchRecords(RECORDS, 'agizo').map((r) => r.id)).toEqual(['presc-4']);
  } finally {
    await act(() => setLanguage('en', { chosen: false }));
  }
});
