/**
 * Health monitoring's request and reply shapes (issue 39), each written once (zod): the gateway validates and documents
 * with them, the service reads its payloads with them, the web apps take their types from them.
 */
import { z } from '@afya/service-shared/schema';
import {
  GLUCOSE_CONTEXTS,
  GLUCOSE_UNITS,
  glucoseMmolPerL,
  implausible,
  PLAUSIBLE_BOUNDS,
  VITAL_FIELDS,
  VITAL_KINDS,
  VITAL_LEVELS,
  VITAL_UNITS,
  VitalMessages,
  type VitalValues,
} from './vitals-rules';

const int = z.number().int();
const positiveId = (field: string) =>
  z
    .union([z.number(), z.string().regex(/^\s*\d+\s*$/).transform(Number)], { error: `${field} must be an integer number` })
    .pipe(z.number().int(`${field} must be an integer number`).min(1, `${field} must not be less than 1`));
const instant = (field: string) =>
  z
    .string({ error: `${field} must be a date and time` })
    .refine((text) => !Number.isNaN(Date.parse(text)), `${field} must be a date and time`)
    .transform((text) => new Date(text).toISOString());

/**
 * POST /vitals. `values` by field (blood_pressure: systolic, diastolic, heart_rate?; glucose: glucose; weight; height;
 * hba1c). Glucose typed in mg/dL is converted ÷ 18.0 (what was typed is kept: entered_value, entered_unit). A value
 * outside its plausible bounds is a 400 naming the field, and nothing is stored.
 */
export const RecordVitalBodySchema = z
  .object({
    kind: z.enum(VITAL_KINDS, { error: VitalMessages.kind }),
    values: z.record(z.string(), z.unknown(), { error: VitalMessages.missingValue('Values') }),
    unit: z.string().optional().meta({ description: "Glucose only: 'mmol/L' (default) or 'mg/dL' (converted ÷ 18.0)" }),
    context: z.enum(GLUCOSE_CONTEXTS, { error: VitalMessages.context }).optional().meta({ description: "Glucose only: fasting, random (default), after_meal" }),
    measured_at: instant('measured_at').optional().meta({ description: 'When it was measured (default: now)' }),
    patient_id: positiveId('patient_id').optional().meta({ description: 'Doctors: the patient (a patient records their own)' }),
    appointment_id: positiveId('appointment_id').optional().meta({ description: "Doctors: their Confirmed or Completed visit with the patient" }),
  })
  .transform((body, context) => {
    const typed: VitalValues = {};
    for (const field of VITAL_FIELDS[body.kind]) {
      const raw = body.values[field];
      if (raw === undefined || raw === null || raw === '') continue;
      const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        const b = PLAUSIBLE_BOUNDS[field];
        context.addIssue({ code: 'custom', path: ['values', field], message: VitalMessages.checkValue(b.label, b.min, b.max, b.unit) });
        return z.NEVER;
      }
      typed[field] = value;
    }
    let unit = VITAL_UNITS[body.kind];
    let entered: { entered_value: number; entered_unit: string } | null = null;
    if (body.kind === 'glucose') {
      const given = body.unit ?? 'mmol/L';
      if (!(GLUCOSE_UNITS as readonly string[]).includes(given)) {
        context.addIssue({ code: 'custom', path: ['unit'], message: VitalMessages.unit });
        return z.NEVER;
      }
      if (typed.glucose !== undefined) {
        entered = { entered_value: typed.glucose, entered_unit: given };
        typed.glucose = glucoseMmolPerL(typed.glucose, given as (typeof GLUCOSE_UNITS)[number]);
      }
      unit = 'mmol/L';
    }
    for (const problem of implausible(body.kind, typed)) context.addIssue({ code: 'custom', path: ['values', problem.field], message: problem.message });
    if (context.issues.length) return z.NEVER;
    return {
      kind: body.kind,
      values: typed,
      unit,
      context: body.kind === 'glucose' ? (body.context ?? 'random') : null,
      entered_value: entered?.entered_value ?? null,
      entered_unit: entered?.entered_unit ?? null,
      measured_at: body.measured_at,
      patient_id: body.patient_id,
      appointment_id: body.appointment_id,
    };
  });
export type RecordVitalBody = z.input<typeof RecordVitalBodySchema>;

/**
 * What the gateway sends the service: the body as RecordVitalBodySchema made it (converted, what was typed kept). The
 * service reads it with this, which checks the bounds again (another caller than the gateway may send it).
 */
export const RecordVitalPayloadSchema = z
  .object({
    kind: z.enum(VITAL_KINDS, { error: VitalMessages.kind }),
    values: z.record(z.string(), z.number()),
    unit: z.string(),
    context: z.enum(GLUCOSE_CONTEXTS, { error: VitalMessages.context }).nullable(),
    entered_value: z.number().nullable(),
    entered_unit: z.string().nullable(),
    measured_at: z.string().optional(),
    patient_id: z.number().int().optional(),
    appointment_id: z.number().int().optional(),
  })
  .superRefine((payload, context) => {
    if (payload.unit !== VITAL_UNITS[payload.kind]) context.addIssue({ code: 'custom', path: ['unit'], message: VitalMessages.unit });
    for (const problem of implausible(payload.kind, payload.values)) context.addIssue({ code: 'custom', path: ['values', problem.field], message: problem.message });
  });
export type RecordVitalPayload = z.output<typeof RecordVitalPayloadSchema>;

/** GET /vitals: a kind, a period (inclusive instants or dates), and for doctors the patient. */
export const ListVitalsQuerySchema = z.object({
  kind: z.enum(VITAL_KINDS, { error: VitalMessages.kind }).optional(),
  from: instant('from').optional(),
  to: instant('to').optional(),
  patient_id: positiveId('patient_id').optional().meta({ description: 'Doctors: the patient (within a care relationship)' }),
});
export type ListVitalsPayload = z.output<typeof ListVitalsQuerySchema>;

/** POST /doctor/vital-alerts/{id}/acknowledge: an optional note. */
export const AcknowledgeAlertBodySchema = z.object({
  note: z.string({ error: 'note must be a string' }).max(1000, 'note must be shorter than or equal to 1000 characters').optional(),
});

// ---- Replies ----

export const VitalReadingSchema = z.object({
  reading_id: int,
  patient_id: int,
  kind: z.enum(VITAL_KINDS),
  values: z.record(z.string(), z.number()).meta({ description: 'By field, in `unit` (glucose in mmol/L whatever was typed)' }),
  unit: z.string(),
  context: z.enum(GLUCOSE_CONTEXTS).nullable(),
  entered_value: z.number().nullable().meta({ description: 'Glucose: the value as typed' }),
  entered_unit: z.string().nullable().meta({ description: "Glucose: the unit it was typed in ('mg/dL' converted ÷ 18.0)" }),
  level: z.enum(VITAL_LEVELS),
  source: z.enum(['home', 'clinic']),
  status: z.enum(['preliminary', 'final', 'entered_in_error']).meta({ description: 'preliminary: entered at home; final: at a visit; entered_in_error: kept, left out of charts' }),
  appointment_id: int.nullable(),
  recorded_by: int,
  recorded_by_role: z.string(),
  measured_at: z.string(),
  entered_at: z.string(),
  thresholds_version: z.string(),
  message: z.string().optional().meta({ description: 'What the patient should do, for a high, low or critical reading (their language)' }),
});
export const VitalReadingReplySchema = z.object({ reading: VitalReadingSchema, message: z.string().optional() });
export const VitalsListReplySchema = z.object({
  readings: z.array(VitalReadingSchema),
  bmi: z
    .object({ value: z.number(), unit: z.literal('kg/m2'), weight_reading_id: int, height_reading_id: int, measured_at: z.string() })
    .nullable()
    .meta({ description: 'From the latest weight and height not entered in error (whatever the period)' }),
});

export const VitalAlertSchema = z.object({
  alert_id: int,
  reading: VitalReadingSchema,
  patient_id: int,
  patient_name: z.string().nullable(),
  level: z.enum(VITAL_LEVELS),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
  note: z.string().nullable(),
});
export const VitalAlertsReplySchema = z.object({ alerts: z.array(VitalAlertSchema) });
export const VitalAlertReplySchema = z.object({ alert: VitalAlertSchema, message: z.string() });

// ---- FHIR R4 (GET /patients/{id}/observations) ----

const coding = z.object({ system: z.string(), code: z.string(), display: z.string().optional() });
const concept = z.object({ coding: z.array(coding).min(1), text: z.string().optional() });
const quantity = z.object({ value: z.number(), unit: z.string(), system: z.literal('http://unitsofmeasure.org'), code: z.string() });
/** The part of FHIR R4's Observation this export fills (vital signs and laboratory results). */
export const FhirObservationSchema = z.object({
  resourceType: z.literal('Observation'),
  id: z.string(),
  status: z.enum(['preliminary', 'final', 'entered-in-error']),
  category: z.array(concept).min(1),
  code: concept,
  subject: z.object({ reference: z.string() }),
  effectiveDateTime: z.string(),
  issued: z.string(),
  valueQuantity: quantity.optional(),
  component: z.array(z.object({ code: concept, valueQuantity: quantity })).optional(),
  interpretation: z.array(concept).optional(),
  derivedFrom: z.array(z.object({ reference: z.string() })).optional(),
  encounter: z.object({ reference: z.string() }).optional(),
});
export const FhirObservationBundleSchema = z.object({
  resourceType: z.literal('Bundle'),
  type: z.literal('searchset'),
  total: int,
  timestamp: z.string(),
  entry: z.array(z.object({ fullUrl: z.string(), resource: FhirObservationSchema })),
});
export type FhirObservation = z.output<typeof FhirObservationSchema>;
export type FhirObservationBundle = z.output<typeof FhirObservationBundleSchema>;

export type VitalReading = z.output<typeof VitalReadingSchema>;
export type VitalReadingReply = z.output<typeof VitalReadingReplySchema>;
export type VitalsListReply = z.output<typeof VitalsListReplySchema>;
export type VitalAlert = z.output<typeof VitalAlertSchema>;
export type VitalAlertsReply = z.output<typeof VitalAlertsReplySchema>;
export type VitalAlertReply = z.output<typeof VitalAlertReplySchema>;
