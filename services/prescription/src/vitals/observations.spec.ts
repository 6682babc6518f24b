import { FhirObservationBundleSchema, type VitalReading } from '../../contracts';
import { bmiObservation, observationBundle, readingObservations } from './observations';

const base: VitalReading = {
  reading_id: 7,
  patient_id: 42,
  kind: 'blood_pressure',
  values: { systolic: 185, diastolic: 95, heart_rate: 88 },
  unit: 'mmHg',
  context: null,
  entered_value: null,
  entered_unit: null,
  level: 'critical',
  source: 'home',
  status: 'preliminary',
  appointment_id: null,
  recorded_by: 42,
  recorded_by_role: 'user',
  measured_at: '2025-06-01T04:00:00.000Z',
  entered_at: '2025-06-01T04:01:00.000Z',
  thresholds_version: 'thresholds-2026-12-03',
};
const codeOf = (o: { code: { coding: { code: string }[] } }) => o.code.coding[0].code;

describe('readings as FHIR R4 Observations', () => {
  it('a blood pressure is the 85354-9 panel (systolic 8480-6, diastolic 8462-4 in mm[Hg]) and a heart rate 8867-4 in /min', () => {
    const [panel, rate] = readingObservations(base);
    expect(codeOf(panel)).toBe('85354-9');
    expect(panel.component!.map((c) => [codeOf(c), c.valueQuantity])).toEqual([
      ['8480-6', { value: 185, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' }],
      ['8462-4', { value: 95, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' }],
    ]);
    expect(panel).toMatchObject({ status: 'preliminary', subject: { reference: 'Patient/42' }, effectiveDateTime: base.measured_at, issued: base.entered_at });
    expect(panel.interpretation![0].coding[0].code).toBe('HH');
    expect(panel.category[0].coding[0].code).toBe('vital-signs');
    expect(codeOf(rate)).toBe('8867-4');
    expect(rate.valueQuantity).toMatchObject({ value: 88, code: '/min' });
    expect(readingObservations({ ...base, values: { systolic: 120, diastolic: 80 } })).toHaveLength(1);
  });

  it.each([
    ['glucose', { glucose: 2.5 }, 'mmol/L', '15074-8', 'mmol/L', 'laboratory', 'LL'],
    ['hba1c', { hba1c: 7.1 }, '%', '4548-4', '%', 'laboratory', 'H'],
    ['weight', { weight: 70 }, 'kg', '29463-7', 'kg', 'vital-signs', undefined],
    ['height', { height: 165 }, 'cm', '8302-2', 'cm', 'vital-signs', undefined],
  ] as const)('%s: LOINC, UCUM, category and interpretation', (kind, values, unit, loinc, ucum, category, interpretation) => {
    const level = interpretation === 'LL' ? 'critical' : interpretation === 'H' ? 'high' : 'normal';
    const [observation] = readingObservations({ ...base, kind, values, unit, level });
    expect(codeOf(observation)).toBe(loinc);
    expect(observation.valueQuantity!.code).toBe(ucum);
    expect(observation.category[0].coding[0].code).toBe(category);
    expect(observation.interpretation?.[0].coding[0].code).toBe(interpretation);
  });

  it('entered in error and final map to FHIR statuses; a clinic reading names its encounter', () => {
    expect(readingObservations({ ...base, status: 'entered_in_error' })[0].status).toBe('entered-in-error');
    const [clinic] = readingObservations({ ...base, status: 'final', source: 'clinic', appointment_id: 9 });
    expect(clinic).toMatchObject({ status: 'final', encounter: { reference: 'Encounter/9' } });
  });

  it('the bundle (with the BMI derived from its weight and height) has the Observation shape', () => {
    const bmi = bmiObservation(42, { value: 25, weight_reading_id: 3, height_reading_id: 2, measured_at: base.measured_at }, '2025-06-02T00:00:00.000Z');
    expect(codeOf(bmi)).toBe('39156-5');
    expect(bmi.valueQuantity).toMatchObject({ value: 25, code: 'kg/m2' });
    expect(bmi.derivedFrom).toEqual([{ reference: 'Observation/vital-3' }, { reference: 'Observation/vital-2' }]);
    const bundle = observationBundle([...readingObservations(base), bmi], '2025-06-02T00:00:00.000Z');
    expect(FhirObservationBundleSchema.parse(bundle)).toEqual(bundle);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 3 });
    expect(bundle.entry.map((e) => e.fullUrl)).toEqual(['Observation/vital-7', 'Observation/vital-7-heart-rate', 'Observation/bmi-3-2']);
  });
});
