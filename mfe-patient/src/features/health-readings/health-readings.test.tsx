import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import { HealthReadingsPage } from './HealthReadingsPage';
import { periodStart, seriesOf } from './readings.logic';
import type { VitalReading } from './api';

const calls = stubDeclaredCalls();
const { list, record, enteredInError } = calls.vitals;

let nextId = 1;
const reading = (over: Partial<VitalReading> = {}): VitalReading => ({
  reading_id: nextId++,
  patient_id: 5,
  kind: 'blood_pressure',
  values: { systolic: 128, diastolic: 82 },
  unit: 'mmHg',
  context: null,
  entered_value: null,
  entered_unit: null,
  level: 'normal',
  source: 'home',
  status: 'preliminary',
  appointment_id: null,
  recorded_by: 5,
  recorded_by_role: 'user',
  measured_at: '2026-11-20T06:30:00.000Z',
  entered_at: '2026-11-20T06:31:00.000Z',
  thresholds_version: 'thresholds-2026-12-03',
  ...over,
});

const CRITICAL_ADVICE =
  'Your reading is very high. If you have chest pain, shortness of breath, weakness or trouble speaking, go to the nearest emergency department now. Otherwise rest for 5 minutes, measure again, and see a doctor today.';

const number = (name: RegExp) => screen.getByRole('spinbutton', { name });

beforeEach(() => {
  jest.clearAllMocks();
  nextId = 1;
  list.mockResolvedValue({ readings: [], bmi: null } as never);
});

describe('entering a reading', () => {
  it('sends the blood pressure and shows the server’s level and advice, never that readings are watched', async () => {
    const saved = reading({ values: { systolic: 185, diastolic: 95 }, level: 'critical', message: CRITICAL_ADVICE });
    record.mockResolvedValue({ reading: saved } as never);
    renderAt(<HealthReadingsPage />);
    fireEvent.change(number(/Systolic/), { target: { value: '185' } });
    fireEvent.change(number(/Diastolic/), { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reading' }));
    await waitFor(() => expect(record).toHaveBeenCalledWith({ body: { kind: 'blood_pressure', values: { systolic: 185, diastolic: 95 } } }, expect.anything()));
    const answer = await screen.findByTestId('reading-answer');
    expect(answer).toHaveAttribute('role', 'alert');
    expect(within(answer).getByText('185/95 mmHg: Very high')).toBeInTheDocument();
    expect(within(answer).getByText(CRITICAL_ADVICE)).toBeInTheDocument();
    // The list is read again after a reading (the chart and table show it).
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('readings-not-watched')).toHaveTextContent('Afya does not watch readings as they arrive.');
    expect(document.body.textContent).not.toMatch(/we (are )?(watch|monitor)|24\/7|around the clock/i);
  });

  it('refuses an implausible value before sending it, naming the field and its bounds', async () => {
    renderAt(<HealthReadingsPage />);
    fireEvent.change(number(/Systolic/), { target: { value: '320' } });
    fireEvent.change(number(/Diastolic/), { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reading' }));
    expect(await screen.findByText('Please check the value: Systolic must be from 50 to 300 mmHg')).toBeInTheDocument();
    expect(record).not.toHaveBeenCalled();
  });

  it('sends a glucose typed in mg/dL with its context, and shows the server’s refusal', async () => {
    record.mockRejectedValue(new ApiError('Please check the value: Glucose must be from 0.5 to 50 mmol/L', 400, 'Please check the value: Glucose must be from 0.5 to 50 mmol/L'));
    renderAt(<HealthReadingsPage />);
    fireEvent.click(screen.getByRole('radio', { name: 'Blood sugar' }));
    fireEvent.change(number(/Blood sugar/), { target: { value: '200' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Unit' }));
    fireEvent.click(await screen.findByTitle('mg/dL'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'When' }));
    fireEvent.click(await screen.findByTitle('Fasting'));
    fireEvent.click(screen.getByRole('button', { name: 'Save reading' }));
    await waitFor(() =>
      expect(record).toHaveBeenCalledWith({ body: { kind: 'glucose', values: { glucose: 200 }, unit: 'mg/dL', context: 'fasting' } }, expect.anything()),
    );
    expect(await screen.findByText('Please check the value: Glucose must be from 0.5 to 50 mmol/L')).toBeInTheDocument();
  });
});

describe('the readings over time', () => {
  it('charts the readings not entered in error and lists them all in a table, newest first', async () => {
    list.mockResolvedValue({
      readings: [
        reading({ measured_at: '2026-11-01T06:00:00.000Z', values: { systolic: 150, diastolic: 92 }, level: 'high' }),
        reading({ measured_at: '2026-11-10T06:00:00.000Z', values: { systolic: 210, diastolic: 80 }, status: 'entered_in_error', level: 'critical' }),
        reading({ measured_at: '2026-11-20T06:00:00.000Z', values: { systolic: 128, diastolic: 82 }, source: 'clinic', status: 'final', recorded_by: 9, recorded_by_role: 'doctor' }),
      ],
      bmi: { value: 24.2, unit: 'kg/m2', weight_reading_id: 4, height_reading_id: 5, measured_at: '2026-11-15T06:00:00.000Z' },
    } as never);
    renderAt(<HealthReadingsPage />);
    const chart = await screen.findByTestId('readings-chart');
    expect(chart).toHaveAccessibleName(/Blood pressure over time/);
    // Two lines (systolic, diastolic), each with the two readings not entered in error: a home circle and a clinic square.
    const systolic = chart.querySelector('[data-series="systolic"]')!;
    expect(systolic.querySelectorAll('circle')).toHaveLength(1);
    expect(systolic.querySelectorAll('rect')).toHaveLength(1);
    expect(chart.querySelector('[data-series="diastolic"]')!.querySelectorAll('circle, rect')).toHaveLength(2);
    expect(screen.getByText(/Body mass index \(BMI\): 24.2 kg\/m²/)).toBeInTheDocument();

    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual(['128/82 mmHg', '210/80 mmHg', '150/92 mmHg']);
    expect(within(rows[1]).getByText('Entered in error', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(rows[0]).getAllByRole('cell')[3]).toHaveTextContent('Clinic · From a visit');
    expect(within(rows[2]).getAllByRole('cell')[3]).toHaveTextContent('Home · Not yet reviewed');
    // Only a home reading not entered in error can be marked (the clinic's belongs to the doctor).
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect(within(rows[2]).getByRole('button', { name: /Mark 150\/92 mmHg of .* as entered in error/ })).toBeInTheDocument();
  });

  it('marks a home reading entered in error after the patient confirms', async () => {
    list.mockResolvedValue({ readings: [reading({ reading_id: 42, values: { systolic: 250, diastolic: 100 }, level: 'critical' })], bmi: null } as never);
    enteredInError.mockResolvedValue({ reading: reading({ reading_id: 42, status: 'entered_in_error' }), message: 'Reading marked as entered in error' } as never);
    renderAt(<HealthReadingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Mark 250\/100 mmHg of .* as entered in error/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as error' }));
    await waitFor(() => expect(enteredInError).toHaveBeenCalledWith({ params: { id: 42 } }, expect.anything()));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('asks for a period from the start of its first day, and all readings without one', async () => {
    const now = new Date('2026-12-03T09:00:00Z');
    expect(periodStart('3m', now)).toBe('2026-09-03T00:00:00.000Z');
    expect(periodStart('1y', now)).toBe('2025-12-03T00:00:00.000Z');
    expect(periodStart('all', now)).toBeUndefined();
    renderAt(<HealthReadingsPage />);
    await waitFor(() => expect(list).toHaveBeenCalledWith({ query: { from: expect.stringMatching(/T00:00:00.000Z$/) } }, expect.anything()));
    fireEvent.click(screen.getByText('All'));
    await waitFor(() => expect(list).toHaveBeenCalledWith({ query: {} }, expect.anything()));
  });

  it('draws glucose by its context', () => {
    const series = seriesOf(
      [
        reading({ kind: 'glucose', values: { glucose: 6.1 }, unit: 'mmol/L', context: 'fasting' }),
        reading({ kind: 'glucose', values: { glucose: 9.4 }, unit: 'mmol/L', context: 'after_meal' }),
        reading({ kind: 'glucose', values: { glucose: 2.6 }, unit: 'mmol/L', context: 'random', status: 'entered_in_error' }),
      ],
      'glucose',
    );
    expect(series.map((s) => [s.key, s.points.map((p) => p.value)])).toEqual([
      ['fasting', [6.1]],
      ['after_meal', [9.4]],
    ]);
  });
});
