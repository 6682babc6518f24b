/**
 * Health monitoring (issue 39): the rules of a reading, pure, shared by the service, the gateway's validation and the
 * browser. The threshold table and the patient's advice are DATA, each with a version, so a clinical lead's change is
 * a reviewed edit of one table (a reading stores the version it was judged by). Nothing here says or implies that
 * anyone watches readings as they arrive: the advice tells the patient what to do themself.
 */

export const VITAL_KINDS = ['blood_pressure', 'glucose', 'weight', 'height', 'hba1c'] as const;
export type VitalKind = (typeof VITAL_KINDS)[number];

export const GLUCOSE_CONTEXTS = ['fasting', 'random', 'after_meal'] as const;
export type GlucoseContext = (typeof GLUCOSE_CONTEXTS)[number];

export const VITAL_LEVELS = ['normal', 'high', 'low', 'critical'] as const;
export type VitalLevel = (typeof VITAL_LEVELS)[number];

/** Each kind's unit as stored and answered (UCUM in the FHIR export: observations.ts). Glucose may be typed in mg/dL. */
export const VITAL_UNITS: Record<VitalKind, string> = { blood_pressure: 'mmHg', glucose: 'mmol/L', weight: 'kg', height: 'cm', hba1c: '%' };
export const GLUCOSE_UNITS = ['mmol/L', 'mg/dL'] as const;
export type GlucoseUnit = (typeof GLUCOSE_UNITS)[number];
/** mg/dL → mmol/L: divided by 18.0 (the factor), kept to one decimal. */
export const MG_DL_PER_MMOL_L = 18.0;

/** The values of each kind, by field (what `values` holds in a request and a reply). */
export const VITAL_FIELDS: Record<VitalKind, readonly string[]> = {
  blood_pressure: ['systolic', 'diastolic', 'heart_rate'],
  glucose: ['glucose'],
  weight: ['weight'],
  height: ['height'],
  hba1c: ['hba1c'],
};
/** Fields a kind may leave out. */
export const OPTIONAL_VITAL_FIELDS: readonly string[] = ['heart_rate'];

/**
 * Values outside these are refused, not stored (400 naming the field). From the issue; HbA1c's 3–20 % is ours (no
 * laboratory reports a living person's outside it).
 */
export const PLAUSIBLE_BOUNDS: Record<string, { min: number; max: number; label: string; unit: string }> = {
  systolic: { min: 50, max: 300, label: 'Systolic', unit: 'mmHg' },
  diastolic: { min: 30, max: 200, label: 'Diastolic', unit: 'mmHg' },
  heart_rate: { min: 20, max: 250, label: 'Heart rate', unit: 'beats/min' },
  glucose: { min: 0.5, max: 50, label: 'Glucose', unit: 'mmol/L' },
  weight: { min: 0.5, max: 400, label: 'Weight', unit: 'kg' },
  height: { min: 30, max: 250, label: 'Height', unit: 'cm' },
  hba1c: { min: 3, max: 20, label: 'HbA1c', unit: '%' },
};

/** The refusals of an implausible value (400), each naming the field. */
export const VitalMessages = {
  checkValue: (label: string, min: number, max: number, unit: string) => `Please check the value: ${label} must be from ${min} to ${max} ${unit}`,
  diastolicBelowSystolic: 'Please check the value: Diastolic must be below systolic',
  missingValue: (label: string) => `Please check the value: ${label} is missing`,
  kind: 'kind must be one of blood_pressure, glucose, weight, height, hba1c',
  context: 'context must be one of fasting, random, after_meal',
  unit: 'unit must be mmol/L or mg/dL for glucose',
  readingNotFound: 'Reading not found',
  alertNotFound: 'Alert not found',
  patientNotFound: 'Patient not found',
  patientRequired: 'Please choose the patient',
  visitRequired: 'A reading at the clinic belongs to a Confirmed or Completed visit of yours with this patient',
  measuredInFuture: 'Please check the value: Measured at cannot be in the future',
  acknowledged: 'Alert acknowledged',
  enteredInError: 'Reading marked as entered in error',
} as const;

/**
 * The threshold table (issue 39's defaults, from the ESH/ISH hypertension and WHO/ADA diabetes cut-offs, reviewed
 * 2026-12-03). A level is the first that matches in the order critical, high, low.
 */
export interface VitalThresholds {
  version: string;
  reviewed: string;
  blood_pressure: { critical: { systolicAtLeast: number; diastolicAtLeast: number }; high: { systolicAtLeast: number; diastolicAtLeast: number }; low: { systolicBelow: number } };
  glucose: { criticalLow: { below: number }; low: { below: number }; high: Record<GlucoseContext, number> };
  hba1c: { high: { atLeast: number } };
}
export const VITAL_THRESHOLDS: Readonly<VitalThresholds> = {
  version: 'thresholds-2026-12-03',
  reviewed: 'Issue 39 defaults (ESH/ISH 2020 hypertension crisis ≥ 180/120; WHO/ADA glucose and HbA1c cut-offs)',
  blood_pressure: {
    critical: { systolicAtLeast: 180, diastolicAtLeast: 120 },
    high: { systolicAtLeast: 140, diastolicAtLeast: 90 },
    low: { systolicBelow: 90 },
  },
  glucose: {
    criticalLow: { below: 3.0 },
    low: { below: 3.9 },
    /** mmol/L; after a meal is judged as random (2 h after a meal ≥ 11.1 is the WHO cut-off too). */
    high: { fasting: 7.0, random: 11.1, after_meal: 11.1 },
  },
  hba1c: { high: { atLeast: 6.5 } },
};

/** What the patient is told for a level (absent: nothing to say). */
export type AdviceKey = 'bp_critical' | 'bp_high' | 'bp_low' | 'glucose_critical_low' | 'glucose_low' | 'glucose_high' | 'hba1c_high' | 'no_doctor';

/**
 * The patient's advice, in English and Kiswahili (reviewed 2026-12-03). They say what to do now; none promises that
 * someone watches readings (vitals-rules.spec.ts holds them to that).
 */
export const VITAL_ADVICE = {
  version: 'advice-2026-12-03',
  texts: {
    en: {
      bp_critical:
        'Your reading is very high. If you have chest pain, shortness of breath, weakness or trouble speaking, go to the nearest emergency department now. Otherwise rest for 5 minutes, measure again, and see a doctor today.',
      bp_high: 'Your blood pressure is above the healthy range. Measure again after resting, and talk to your doctor at your next visit.',
      bp_low: 'Your blood pressure is low. If you feel faint or dizzy, sit or lie down and drink water; if it does not pass, see a doctor today.',
      glucose_critical_low:
        'Your blood sugar is very low. Eat or drink something sugary now (juice, soda or sweets). If you feel confused or cannot swallow, someone should take you to the nearest emergency department.',
      glucose_low: 'Your blood sugar is low. Eat or drink something sugary now and measure again in 15 minutes.',
      glucose_high: 'Your blood sugar is above the target. Keep taking your medicines as prescribed and talk to your doctor at your next visit.',
      hba1c_high: 'Your HbA1c is in the diabetes range. Please talk to your doctor about it at your next visit.',
      no_doctor: 'No doctor is caring for you on Afya right now: please book a visit so a doctor can review your readings.',
    },
    sw: {
      bp_critical:
        'Kipimo chako kiko juu sana. Ukiwa na maumivu ya kifua, kupumua kwa shida, udhaifu au shida ya kuongea, nenda idara ya dharura iliyo karibu sasa hivi. La sivyo pumzika dakika 5, pima tena, na umwone daktari leo.',
      bp_high: 'Shinikizo lako la damu liko juu ya kiwango kinachofaa. Pima tena baada ya kupumzika, na uzungumze na daktari wako katika ziara yako ijayo.',
      bp_low: 'Shinikizo lako la damu liko chini. Ukihisi kuzirai au kizunguzungu, keti au ulale na unywe maji; isipopita, mwone daktari leo.',
      glucose_critical_low:
        'Sukari yako ya damu iko chini sana. Kula au kunywa kitu chenye sukari sasa hivi (sharubati, soda au peremende). Ukichanganyikiwa au ukishindwa kumeza, mtu akupeleke idara ya dharura iliyo karibu.',
      glucose_low: 'Sukari yako ya damu iko chini. Kula au kunywa kitu chenye sukari sasa hivi na upime tena baada ya dakika 15.',
      glucose_high: 'Sukari yako ya damu iko juu ya lengo. Endelea kutumia dawa zako kama ulivyoandikiwa na uzungumze na daktari wako katika ziara yako ijayo.',
      hba1c_high: 'HbA1c yako iko katika kiwango cha kisukari. Tafadhali zungumza na daktari wako kuhusu hili katika ziara yako ijayo.',
      no_doctor: 'Hakuna daktari anayekuhudumia kwenye Afya kwa sasa: tafadhali weka miadi ili daktari aweze kukagua vipimo vyako.',
    },
  } satisfies Record<'en' | 'sw', Record<AdviceKey, string>>,
} as const;

export type VitalValues = Record<string, number>;

/** A reading as the rules judge it: the kind, its values in the stored unit, and glucose's context. */
export interface JudgedReading {
  kind: VitalKind;
  values: VitalValues;
  context?: GlucoseContext | null;
}

/** The level of a reading and what the patient is told (weight and height have no level: normal). */
export function levelOf(reading: JudgedReading, t: VitalThresholds = VITAL_THRESHOLDS): { level: VitalLevel; advice?: AdviceKey } {
  const v = reading.values;
  switch (reading.kind) {
    case 'blood_pressure': {
      const { critical, high, low } = t.blood_pressure;
      if (v.systolic >= critical.systolicAtLeast || v.diastolic >= critical.diastolicAtLeast) return { level: 'critical', advice: 'bp_critical' };
      if (v.systolic >= high.systolicAtLeast || v.diastolic >= high.diastolicAtLeast) return { level: 'high', advice: 'bp_high' };
      if (v.systolic < low.systolicBelow) return { level: 'low', advice: 'bp_low' };
      return { level: 'normal' };
    }
    case 'glucose': {
      const g = t.glucose;
      if (v.glucose < g.criticalLow.below) return { level: 'critical', advice: 'glucose_critical_low' };
      if (v.glucose < g.low.below) return { level: 'low', advice: 'glucose_low' };
      if (v.glucose >= g.high[reading.context ?? 'random']) return { level: 'high', advice: 'glucose_high' };
      return { level: 'normal' };
    }
    case 'hba1c':
      return v.hba1c >= t.hba1c.high.atLeast ? { level: 'high', advice: 'hba1c_high' } : { level: 'normal' };
    default:
      return { level: 'normal' };
  }
}

/** The advice in the language asked for (English otherwise). */
export function adviceText(key: AdviceKey, language: string | undefined): string {
  return VITAL_ADVICE.texts[language === 'sw' ? 'sw' : 'en'][key];
}

/** A glucose value in mmol/L from what was typed: mg/dL ÷ 18.0, one decimal. */
export function glucoseMmolPerL(value: number, unit: GlucoseUnit = 'mmol/L'): number {
  return unit === 'mg/dL' ? Math.round((value / MG_DL_PER_MMOL_L) * 10) / 10 : value;
}

/** BMI (kg/m², one decimal) from a weight in kg and a height in cm. */
export function bmiOf(weightKg: number, heightCm: number): number {
  const metres = heightCm / 100;
  return Math.round((weightKg / (metres * metres)) * 10) / 10;
}

/**
 * What is implausible about a reading's values (in the stored unit), each naming its field: `[]` when it may be
 * stored. Missing required values are named too.
 */
export function implausible(kind: VitalKind, values: VitalValues): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  for (const field of VITAL_FIELDS[kind]) {
    const bounds = PLAUSIBLE_BOUNDS[field];
    const value = values[field];
    if (value === undefined || value === null) {
      if (!OPTIONAL_VITAL_FIELDS.includes(field)) problems.push({ field, message: VitalMessages.missingValue(bounds.label) });
      continue;
    }
    if (!(value >= bounds.min && value <= bounds.max)) problems.push({ field, message: VitalMessages.checkValue(bounds.label, bounds.min, bounds.max, bounds.unit) });
  }
  if (kind === 'blood_pressure' && !problems.length && values.diastolic >= values.systolic) problems.push({ field: 'diastolic', message: VitalMessages.diastolicBelowSystolic });
  return problems;
}
