import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import type { VitalAlert, VitalReading } from './api';
import { PatientReadingsPage } from './PatientReadingsPage';
import { VitalAlertsPage } from './VitalAlertsPage';
import { chartRows, thresholdLines } from './vitals.logic';

const calls = stubDeclaredCalls();
const { alerts: listAlerts, acknowledge, list } = calls.vitals;

const reading = (over: Partial<VitalReading> = {}): VitalReading => ({
  reading_id: 11,
  patient_id: 5,
  kind: 'blood_pressure',
  values: { systolic: 185, diastolic: 95 },
  unit: 'mmHg',
  context: null,
  entered_value: null,
  entered_unit: null,
  level: 'critical',
  source: 'home',
  status: 'preliminary',
  appointment_id: null,
  recorded_by: 5,
  recorded_by_role: 'user',
  measured_at: '2026-12-02T05:30:00.000Z',
  entered_at: '2026-12-02T05:31:00.000Z',
  thresholds_version: 'thresholds-2026-12-03',
  ...over,
});
const alert = (over: Partial<VitalAlert> = {}): VitalAlert => ({
  alert_id: 3,
  reading: reading(),
  patient_id: 5,
  patient_name: 'Amina Otieno',
  level: 'critical',
  created_at: '2026-12-02T05:31:00.000Z',
  acknowledged_at: null,
  note: null,
  ...over,
});

beforeEach(() => jest.clearAllMocks());

describe('the doctor’s reading alerts', () => {
  it('lists the alerts as the server orders them, the open ones with Acknowledge, each linking to the patient’s readings', async () => {
    listAlerts.mockResolvedValue({
      alerts: [
        alert(),
        alert({ alert_id: 2, patient_name: 'Baraka Mwangi', patient_id: 6, acknowledged_at: '2026-12-01T09:00:00.000Z', note: 'Called, medicines adjusted', reading: reading({ reading_id: 9, patient_id: 6, values: { systolic: 150, diastolic: 125 } }) }),
      ],
    } as never);
    renderAt(<VitalAlertsPage />);
    const open = await screen.findByTestId('alert-3');
    expect(within(open).getByText('Amina Otieno')).toBeInTheDocument();
    expect(within(open).getByText('Critical')).toBeInTheDocument();
    expect(within(open).getByText('Blood pressure: 185/95 mmHg')).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'See the patient’s readings' })).toHaveAttribute('href', '/dashboard/doctor/patients/5/readings');
    expect(screen.getByRole('status')).toHaveTextContent('1 alert to acknowledge');
    const done = screen.getByTestId('alert-2');
    expect(within(done).queryByRole('button', { name: /Acknowledge/ })).toBeNull();
    expect(within(done).getByText(/Acknowledged .*: Called, medicines adjusted/)).toBeInTheDocument();
  });

  it('acknowledges an alert with the doctor’s note and reads the alerts again', async () => {
    listAlerts.mockResolvedValue({ alerts: [alert()] } as never);
    acknowledge.mockResolvedValue({ alert: alert({ acknowledged_at: '2026-12-02T06:00:00.000Z', note: 'Seen' }), message: 'Alert acknowledged' } as never);
    renderAt(<VitalAlertsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge the alert for Amina Otieno' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: '  Phoned her; coming in today  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(acknowledge).toHaveBeenCalledWith({ params: { id: 3 }, body: { note: 'Phoned her; coming in today' } }, expect.anything()));
    await waitFor(() => expect(listAlerts).toHaveBeenCalledTimes(2));
  });

  it('says so when there is no alert', async () => {
    listAlerts.mockResolvedValue({ alerts: [] } as never);
    renderAt(<VitalAlertsPage />);
    expect(await screen.findByText('No alerts.')).toBeInTheDocument();
  });
});

describe('a patient’s readings', () => {
  it('asks for the patient’s readings and shows each kind’s chart and table (entered in error: in the table, not the chart)', async () => {
    list.mockResolvedValue({
      readings: [
        reading({ reading_id: 1, measured_at: '2026-11-20T05:00:00.000Z', values: { systolic: 150, diastolic: 92 }, level: 'high' }),
        reading({ reading_id: 2, measured_at: '2026-11-25T05:00:00.000Z', values: { systolic: 260, diastolic: 90 }, status: 'entered_in_error' }),
        reading({ reading_id: 3, measured_at: '2026-12-02T05:30:00.000Z' }),
        reading({ reading_id: 4, kind: 'glucose', values: { glucose: 2.7 }, unit: 'mmol/L', context: 'fasting', level: 'critical' }),
      ],
      bmi: null,
    } as never);
    renderAt(<PatientReadingsPage />, { route: '/dashboard/doctor/patients/5/readings', path: '/dashboard/doctor/patients/:patientId/readings' });
    await waitFor(() => expect(list).toHaveBeenCalledWith({ query: { patient_id: 5, from: expect.stringMatching(/T00:00:00.000Z$/) } }, expect.anything()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Readings of patient #5' })).toBeInTheDocument();
    const chart = await screen.findByTestId('chart-Line');
    expect(chart).toHaveAttribute('data-title', 'Blood pressure over time');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual(['185/95 mmHg', '260/90 mmHg', '150/92 mmHg']);
    expect(within(rows[1]).getByText('Entered in error')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Blood sugar' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Weight' })).toBeNull();
  });

  it('shows the server’s refusal for a patient outside the doctor’s care', async () => {
    list.mockRejectedValue(new ApiError('Patient not found', 404, 'Patient not found'));
    renderAt(<PatientReadingsPage />, { route: '/dashboard/doctor/patients/77/readings', path: '/dashboard/doctor/patients/:patientId/readings' });
    expect(await screen.findByText('Patient not found')).toBeInTheDocument();
  });

  it('charts two BP lines from the readings not entered in error, and the thresholds of the server’s table', () => {
    const rows = chartRows([reading({ values: { systolic: 185, diastolic: 95 } }), reading({ status: 'entered_in_error' }), reading({ kind: 'weight', values: { weight: 70 } })], 'blood_pressure');
    expect(rows.map((r) => [r.series, r.value])).toEqual([
      ['Systolic', 185],
      ['Diastolic', 95],
    ]);
    expect(thresholdLines('blood_pressure')).toEqual([140, 90]);
  });
});
