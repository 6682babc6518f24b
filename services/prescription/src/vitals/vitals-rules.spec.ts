import { parsePayload, RpcFailure } from '@afya/service-shared';
import {
  adviceText,
  bmiOf,
  glucoseMmolPerL,
  implausible,
  levelOf,
  RecordVitalBodySchema,
  RecordVitalPayloadSchema,
  VITAL_ADVICE,
  VITAL_THRESHOLDS,
  type VitalKind,
} from '../../contracts';

const bp = (systolic: number, diastolic: number) => levelOf({ kind: 'blood_pressure', values: { systolic, diastolic } }).level;
const glucose = (value: number, context: 'fasting' | 'random' | 'after_meal' = 'random') => levelOf({ kind: 'glucose', values: { glucose: value }, context }).level;
const refusal = (body: unknown) => {
  try {
    parsePayload(RecordVitalBodySchema, body);
  } catch (error) {
    return (error as RpcFailure).getError() as { statusCode: number; message: string };
  }
  throw new Error('expected a refusal');
};

describe('levels from the threshold table (issue 39 defaults)', () => {
  it.each([
    // systolic boundaries
    [120, 80, 'normal'],
    [139, 80, 'normal'],
    [140, 80, 'high'],
    [179, 80, 'high'],
    [180, 80, 'critical'],
    // diastolic boundaries
    [130, 89, 'normal'],
    [130, 90, 'high'],
    [150, 119, 'high'],
    [150, 120, 'critical'],
    // low
    [89, 60, 'low'],
    [90, 60, 'normal'],
    // the crisis example
    [185, 95, 'critical'],
    [89, 85, 'low'],
    // a low systolic with a high diastolic is high (high is judged first)
    [89, 90, 'high'],
  ])('blood pressure %i/%i is %s', (systolic, diastolic, level) => {
    expect(bp(systolic, diastolic)).toBe(level);
  });

  it.each([
    [2.9, 'random', 'critical'],
    [3.0, 'random', 'low'],
    [3.8, 'random', 'low'],
    [3.9, 'random', 'normal'],
    [6.9, 'fasting', 'normal'],
    [7.0, 'fasting', 'high'],
    [7.0, 'random', 'normal'],
    [11.0, 'random', 'normal'],
    [11.1, 'random', 'high'],
    [11.1, 'after_meal', 'high'],
    [2.9, 'fasting', 'critical'],
  ] as const)('glucose %f mmol/L (%s) is %s', (value, context, level) => {
    expect(glucose(value, context)).toBe(level);
  });

  it('glucose without a context is judged as random', () => {
    expect(levelOf({ kind: 'glucose', values: { glucose: 8 } }).level).toBe('normal');
  });

  it.each([
    [6.4, 'normal'],
    [6.5, 'high'],
  ])('HbA1c %f %% is %s', (value, level) => {
    expect(levelOf({ kind: 'hba1c', values: { hba1c: value } }).level).toBe(level);
  });

  it('weight and height have no level', () => {
    expect(levelOf({ kind: 'weight', values: { weight: 180 } })).toEqual({ level: 'normal' });
    expect(levelOf({ kind: 'height', values: { height: 40 } })).toEqual({ level: 'normal' });
  });

  it('a changed table changes the level (the table is data)', () => {
    const stricter = { ...VITAL_THRESHOLDS, blood_pressure: { ...VITAL_THRESHOLDS.blood_pressure, high: { systolicAtLeast: 130, diastolicAtLeast: 80 } } };
    expect(levelOf({ kind: 'blood_pressure', values: { systolic: 132, diastolic: 70 } }, stricter).level).toBe('high');
  });
});

describe('advice texts (data, English and Kiswahili)', () => {
  it('each level but normal says what to do, in the language asked for', () => {
    expect(levelOf({ kind: 'blood_pressure', values: { systolic: 185, diastolic: 95 } }).advice).toBe('bp_critical');
    expect(adviceText('bp_critical', 'en')).toMatch(/^Your reading is very high\. If you have chest pain, shortness of breath, weakness or trouble speaking, go to the nearest emergency department now\./);
    expect(adviceText('bp_critical', 'sw')).toMatch(/^Kipimo chako kiko juu sana/);
    expect(adviceText('bp_critical', 'fr')).toBe(adviceText('bp_critical', 'en'));
    expect(levelOf({ kind: 'blood_pressure', values: { systolic: 120, diastolic: 80 } }).advice).toBeUndefined();
  });

  it('both languages have every text, and none promises that anyone watches readings', () => {
    expect(Object.keys(VITAL_ADVICE.texts.sw).sort()).toEqual(Object.keys(VITAL_ADVICE.texts.en).sort());
    const all = [...Object.values(VITAL_ADVICE.texts.en), ...Object.values(VITAL_ADVICE.texts.sw)].join(' ');
    expect(all).not.toMatch(/24\s*\/\s*7|24 hours|around the clock|round the clock|monitor|watch|we will (call|contact)|saa 24|kila wakati|tutakupigia/i);
    expect(VITAL_ADVICE.version).toMatch(/^advice-\d{4}-\d{2}-\d{2}$/);
    expect(VITAL_THRESHOLDS.version).toMatch(/^thresholds-\d{4}-\d{2}-\d{2}$/);
  });
});

describe('units and BMI', () => {
  it('mg/dL is divided by 18.0 (one decimal); mmol/L is kept', () => {
    expect(glucoseMmolPerL(90, 'mg/dL')).toBe(5);
    expect(glucoseMmolPerL(126, 'mg/dL')).toBe(7);
    expect(glucoseMmolPerL(54, 'mg/dL')).toBe(3);
    expect(glucoseMmolPerL(100, 'mg/dL')).toBe(5.6);
    expect(glucoseMmolPerL(5.4)).toBe(5.4);
  });

  it('the body keeps what was typed beside the converted value, and judges the converted one', () => {
    const parsed = parsePayload(RecordVitalBodySchema, { kind: 'glucose', values: { glucose: 126 }, unit: 'mg/dL', context: 'fasting' });
    expect(parsed).toMatchObject({ kind: 'glucose', values: { glucose: 7 }, unit: 'mmol/L', entered_value: 126, entered_unit: 'mg/dL', context: 'fasting' });
    expect(levelOf(parsed).level).toBe('high');
    expect(parsePayload(RecordVitalBodySchema, { kind: 'glucose', values: { glucose: 5.2 } })).toMatchObject({ context: 'random', entered_value: 5.2, entered_unit: 'mmol/L' });
  });

  it('what the gateway makes of a body is what the service reads (converted once, not twice)', () => {
    const body = parsePayload(RecordVitalBodySchema, { kind: 'glucose', values: { glucose: 126 }, unit: 'mg/dL' });
    expect(parsePayload(RecordVitalPayloadSchema, JSON.parse(JSON.stringify(body)))).toEqual(JSON.parse(JSON.stringify(body)));
    const bp = parsePayload(RecordVitalBodySchema, { kind: 'blood_pressure', values: { systolic: '150', diastolic: 95 } });
    expect(parsePayload(RecordVitalPayloadSchema, JSON.parse(JSON.stringify(bp))).values).toEqual({ systolic: 150, diastolic: 95 });
    // another caller than the gateway is held to the same bounds
    expect(() => parsePayload(RecordVitalPayloadSchema, { ...bp, values: { systolic: 300, diastolic: 20 } })).toThrow('Please check the value: Diastolic must be from 30 to 200 mmHg');
  });

  it('BMI is kg / m², one decimal', () => {
    expect(bmiOf(70, 175)).toBe(22.9);
    expect(bmiOf(90, 160)).toBe(35.2);
  });
});

describe('implausible values are refused, naming the field', () => {
  it.each([
    ['systolic 49', 'blood_pressure', { systolic: 49, diastolic: 40 }, 'Please check the value: Systolic must be from 50 to 300 mmHg'],
    ['systolic 301', 'blood_pressure', { systolic: 301, diastolic: 90 }, 'Please check the value: Systolic must be from 50 to 300 mmHg'],
    ['300/20', 'blood_pressure', { systolic: 300, diastolic: 20 }, 'Please check the value: Diastolic must be from 30 to 200 mmHg'],
    ['diastolic 201', 'blood_pressure', { systolic: 250, diastolic: 201 }, 'Please check the value: Diastolic must be from 30 to 200 mmHg'],
    ['diastolic not below systolic', 'blood_pressure', { systolic: 120, diastolic: 120 }, 'Please check the value: Diastolic must be below systolic'],
    ['heart rate 19', 'blood_pressure', { systolic: 120, diastolic: 80, heart_rate: 19 }, 'Please check the value: Heart rate must be from 20 to 250 beats/min'],
    ['heart rate 251', 'blood_pressure', { systolic: 120, diastolic: 80, heart_rate: 251 }, 'Please check the value: Heart rate must be from 20 to 250 beats/min'],
    ['glucose 0.4', 'glucose', { glucose: 0.4 }, 'Please check the value: Glucose must be from 0.5 to 50 mmol/L'],
    ['glucose 50.1', 'glucose', { glucose: 50.1 }, 'Please check the value: Glucose must be from 0.5 to 50 mmol/L'],
    ['weight 0.4', 'weight', { weight: 0.4 }, 'Please check the value: Weight must be from 0.5 to 400 kg'],
    ['weight 401', 'weight', { weight: 401 }, 'Please check the value: Weight must be from 0.5 to 400 kg'],
    ['height 29', 'height', { height: 29 }, 'Please check the value: Height must be from 30 to 250 cm'],
    ['height 251', 'height', { height: 251 }, 'Please check the value: Height must be from 30 to 250 cm'],
    ['no systolic', 'blood_pressure', { diastolic: 80 }, 'Please check the value: Systolic is missing'],
    ['text', 'weight', { weight: 'heavy' }, 'Please check the value: Weight must be from 0.5 to 400 kg'],
  ])('%s', (_label, kind, values, message) => {
    expect(refusal({ kind, values })).toEqual({ statusCode: 400, message });
  });

  it.each([
    ['blood_pressure', { systolic: 50, diastolic: 30 }],
    ['blood_pressure', { systolic: 300, diastolic: 200, heart_rate: 250 }],
    ['blood_pressure', { systolic: 120, diastolic: 80, heart_rate: 20 }],
    ['glucose', { glucose: 0.5 }],
    ['glucose', { glucose: 50 }],
    ['weight', { weight: 0.5 }],
    ['weight', { weight: 400 }],
    ['height', { height: 30 }],
    ['height', { height: 250 }],
  ])('the bounds themselves are accepted: %s %j', (kind, values) => {
    expect(implausible(kind as VitalKind, values)).toEqual([]);
  });

  it('glucose typed in mg/dL is checked after conversion (900 mg/dL = 50 mmol/L; 910 is too high)', () => {
    expect(parsePayload(RecordVitalBodySchema, { kind: 'glucose', values: { glucose: 900 }, unit: 'mg/dL' }).values.glucose).toBe(50);
    expect(refusal({ kind: 'glucose', values: { glucose: 910 }, unit: 'mg/dL' }).message).toBe('Please check the value: Glucose must be from 0.5 to 50 mmol/L');
    expect(refusal({ kind: 'glucose', values: { glucose: 5 }, unit: 'mmol' }).message).toBe('unit must be mmol/L or mg/dL for glucose');
  });

  it('an unknown kind is refused', () => {
    expect(refusal({ kind: 'temperature', values: { t: 37 } }).message).toBe('kind must be one of blood_pressure, glucose, weight, height, hba1c');
  });
});
