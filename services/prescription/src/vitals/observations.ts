import type { FhirObservation, FhirObservationBundle, VitalKind, VitalLevel, VitalReading } from '../../contracts';

/**
 * Readings as FHIR R4 Observations (issue 39), so a clinic's EMR can read them: LOINC codes, UCUM units, the
 * vital-signs or laboratory category, the level as the v3 ObservationInterpretation code. Pure.
 */
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

export const LOINC_CODES = {
  blood_pressure: { code: '85354-9', display: 'Blood pressure panel with all children optional' },
  systolic: { code: '8480-6', display: 'Systolic blood pressure' },
  diastolic: { code: '8462-4', display: 'Diastolic blood pressure' },
  heart_rate: { code: '8867-4', display: 'Heart rate' },
  glucose: { code: '15074-8', display: 'Glucose [Moles/volume] in Blood' },
  weight: { code: '29463-7', display: 'Body weight' },
  height: { code: '8302-2', display: 'Body height' },
  bmi: { code: '39156-5', display: 'Body mass index (BMI) [Ratio]' },
  hba1c: { code: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood' },
} as const;

/** Our units as UCUM: unit (human) and code (UCUM). */
const UCUM_UNITS: Record<string, { unit: string; code: string }> = {
  mmHg: { unit: 'mmHg', code: 'mm[Hg]' },
  'mmol/L': { unit: 'mmol/L', code: 'mmol/L' },
  kg: { unit: 'kg', code: 'kg' },
  cm: { unit: 'cm', code: 'cm' },
  '%': { unit: '%', code: '%' },
  '/min': { unit: 'beats/minute', code: '/min' },
  'kg/m2': { unit: 'kg/m2', code: 'kg/m2' },
};

const concept = (system: string, code: string, display?: string) => ({ coding: [{ system, code, ...(display ? { display } : {}) }] });
const loinc = (key: keyof typeof LOINC_CODES) => ({ ...concept(LOINC, LOINC_CODES[key].code, LOINC_CODES[key].display), text: LOINC_CODES[key].display });
const quantity = (value: number, unit: string) => ({ value, unit: UCUM_UNITS[unit].unit, system: UCUM as typeof UCUM, code: UCUM_UNITS[unit].code });
const category = (kind: VitalKind) => [
  kind === 'glucose' || kind === 'hba1c' ? concept(CATEGORY, 'laboratory', 'Laboratory') : concept(CATEGORY, 'vital-signs', 'Vital Signs'),
];

/** high → H, low → L, critical → HH (or LL for a glucose that is critically low), normal → N. */
export function interpretation(level: VitalLevel, kind: VitalKind): FhirObservation['interpretation'] {
  const code = level === 'normal' ? 'N' : level === 'high' ? 'H' : level === 'low' ? 'L' : kind === 'glucose' ? 'LL' : 'HH';
  const display = { N: 'Normal', H: 'High', L: 'Low', HH: 'Critical high', LL: 'Critical low' }[code];
  return [concept(INTERPRETATION, code, display)];
}

const STATUS = { preliminary: 'preliminary', final: 'final', entered_in_error: 'entered-in-error' } as const;

/** One reading as its Observations: a blood pressure with a heart rate is two (the panel, and the rate on its own). */
export function readingObservations(reading: VitalReading): FhirObservation[] {
  const base = {
    resourceType: 'Observation' as const,
    status: STATUS[reading.status],
    subject: { reference: `Patient/${reading.patient_id}` },
    effectiveDateTime: reading.measured_at,
    issued: reading.entered_at,
    ...(reading.appointment_id ? { encounter: { reference: `Encounter/${reading.appointment_id}` } } : {}),
  };
  const v = reading.values;
  if (reading.kind === 'blood_pressure') {
    const panel: FhirObservation = {
      ...base,
      id: `vital-${reading.reading_id}`,
      category: category('blood_pressure'),
      code: loinc('blood_pressure'),
      component: [
        { code: loinc('systolic'), valueQuantity: quantity(v.systolic, 'mmHg') },
        { code: loinc('diastolic'), valueQuantity: quantity(v.diastolic, 'mmHg') },
      ],
      interpretation: interpretation(reading.level, reading.kind),
    };
    if (v.heart_rate === undefined) return [panel];
    return [panel, { ...base, id: `vital-${reading.reading_id}-heart-rate`, category: category('blood_pressure'), code: loinc('heart_rate'), valueQuantity: quantity(v.heart_rate, '/min') }];
  }
  const field = reading.kind;
  return [
    {
      ...base,
      id: `vital-${reading.reading_id}`,
      category: category(reading.kind),
      code: loinc(field),
      valueQuantity: quantity(v[field], reading.unit),
      ...(reading.kind === 'weight' || reading.kind === 'height' ? {} : { interpretation: interpretation(reading.level, reading.kind) }),
    },
  ];
}

/** The BMI as an Observation derived from the weight and height it was computed from. */
export function bmiObservation(patientId: number, bmi: { value: number; weight_reading_id: number; height_reading_id: number; measured_at: string }, now: string): FhirObservation {
  return {
    resourceType: 'Observation',
    id: `bmi-${bmi.weight_reading_id}-${bmi.height_reading_id}`,
    status: 'final',
    category: category('weight'),
    code: loinc('bmi'),
    subject: { reference: `Patient/${patientId}` },
    effectiveDateTime: bmi.measured_at,
    issued: now,
    valueQuantity: quantity(bmi.value, 'kg/m2'),
    derivedFrom: [{ reference: `Observation/vital-${bmi.weight_reading_id}` }, { reference: `Observation/vital-${bmi.height_reading_id}` }],
  };
}

/** A searchset Bundle of the observations (fullUrl: the resource's relative address). */
export function observationBundle(observations: FhirObservation[], now: string): FhirObservationBundle {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: observations.length,
    timestamp: now,
    entry: observations.map((resource) => ({ fullUrl: `Observation/${resource.id}`, resource })),
  };
}
