import { PLAUSIBLE_BOUNDS, glucoseMmolPerL, type GlucoseUnit } from '@afya/prescription-service/contracts/catalog';
import { Alert, Button, Card, Form, InputNumber, Radio, Select } from 'antd';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { translateMessage } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';
import { type RecordVitalBody, type VitalReadingReply, useRecordReading } from './api';
import { ENTRY_KINDS, type EntryKind, levelLabel, readingText } from './readings.logic';

interface FormValues {
  systolic?: number;
  diastolic?: number;
  heart_rate?: number;
  glucose?: number;
  unit?: GlucoseUnit;
  context?: 'fasting' | 'random' | 'after_meal';
  weight?: number;
}

const ROW = { display: 'flex', flexWrap: 'wrap', gap: '0 12px' } as const;
const ALERT_TYPE = { normal: 'success', high: 'warning', low: 'warning', critical: 'error' } as const;

/** The request body from the form: only the kind's own values. */
export function bodyOf(kind: EntryKind, v: FormValues): RecordVitalBody {
  if (kind === 'blood_pressure') return { kind, values: { systolic: v.systolic, diastolic: v.diastolic, ...(v.heart_rate !== undefined && v.heart_rate !== null ? { heart_rate: v.heart_rate } : {}) } };
  if (kind === 'glucose') return { kind, values: { glucose: v.glucose }, unit: v.unit ?? 'mmol/L', context: v.context ?? 'random' };
  return { kind, values: { weight: v.weight } };
}

/**
 * Enter a blood pressure, glucose (mmol/L or mg/dL, with its context) or weight. The bounds checked before sending are
 * the contract's (the server checks them again); the answer shown is the server's: its level and what to do.
 */
export function ReadingForm() {
  const { t } = usePatientTranslation();
  const [kind, setKind] = useState<EntryKind>('blood_pressure');
  const [form] = Form.useForm<FormValues>();
  const record = useRecordReading();
  const [answer, setAnswer] = useState<VitalReadingReply | null>(null);
  const unit = Form.useWatch('unit', form) ?? 'mmol/L';

  /** A value's rule: required unless optional, and within the plausible bounds (glucose converted as the server does). */
  const bounds = (field: string, required = true) => {
    const b = PLAUSIBLE_BOUNDS[field];
    const label = t(`readings.fields.${field}`);
    return [
      { required, message: t('readings.form.required', { label }) },
      {
        validator: (_: unknown, value: number | null | undefined) => {
          if (value === undefined || value === null) return Promise.resolve();
          const stored = field === 'glucose' ? glucoseMmolPerL(value, unit) : value;
          return stored >= b.min && stored <= b.max ? Promise.resolve() : Promise.reject(new Error(t('readings.form.range', { label, min: b.min, max: b.max, unit: b.unit })));
        },
      },
    ];
  };

  const submit = (values: FormValues) => {
    setAnswer(null);
    record.mutate(bodyOf(kind, values), {
      onSuccess: (reply) => {
        setAnswer(reply);
        form.resetFields();
      },
    });
  };

  const changeKind = (next: EntryKind) => {
    setKind(next);
    setAnswer(null);
    record.reset();
    form.resetFields();
  };

  const number = { style: { width: '100%' }, inputMode: 'decimal' as const };
  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('readings.form.title')}</h2>}>
      {/* Buttons that wrap on a narrow phone (a segmented control cut 'Blood pressure' short). */}
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={kind}
        onChange={(e) => changeKind(e.target.value as EntryKind)}
        options={ENTRY_KINDS.map((k) => ({ value: k, label: t(`readings.kind.${k}`) }))}
        style={{ marginBottom: 16, display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
        aria-label={t('readings.form.kind')}
      />
      <Form<FormValues> form={form} layout="vertical" onFinish={submit} initialValues={{ unit: 'mmol/L', context: 'random' }}>
        {kind === 'blood_pressure' ? (
          <div style={ROW}>
            <Form.Item name="systolic" label={t('readings.fields.systolic') + ' (mmHg)'} rules={bounds('systolic')} style={{ flex: '1 1 140px' }}>
              <InputNumber {...number} />
            </Form.Item>
            <Form.Item name="diastolic" label={t('readings.fields.diastolic') + ' (mmHg)'} rules={bounds('diastolic')} style={{ flex: '1 1 140px' }}>
              <InputNumber {...number} />
            </Form.Item>
            <Form.Item name="heart_rate" label={t('readings.form.optional', { label: t('readings.fields.heart_rate') + ' (/min)' })} rules={bounds('heart_rate', false)} style={{ flex: '1 1 140px' }}>
              <InputNumber {...number} />
            </Form.Item>
          </div>
        ) : null}
        {kind === 'glucose' ? (
          <div style={ROW}>
            <Form.Item name="glucose" label={t('readings.fields.glucose')} rules={bounds('glucose')} style={{ flex: '1 1 140px' }} dependencies={['unit']}>
              <InputNumber {...number} />
            </Form.Item>
            <Form.Item name="unit" label={t('readings.form.unit')} style={{ flex: '1 1 120px' }}>
              <Select options={[{ value: 'mmol/L', label: 'mmol/L' }, { value: 'mg/dL', label: 'mg/dL' }]} />
            </Form.Item>
            <Form.Item name="context" label={t('readings.form.context')} style={{ flex: '1 1 160px' }}>
              <Select options={(['fasting', 'random', 'after_meal'] as const).map((c) => ({ value: c, label: t(`readings.context.${c}`) }))} />
            </Form.Item>
          </div>
        ) : null}
        {kind === 'weight' ? (
          <Form.Item name="weight" label={t('readings.fields.weight') + ' (kg)'} rules={bounds('weight')} style={{ maxWidth: 240 }}>
            <InputNumber {...number} />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" loading={record.isPending}>
          {t('readings.form.save')}
        </Button>
      </Form>
      {record.isError ? <Alert style={{ marginTop: 16 }} type="error" showIcon role="alert" title={translateMessage(errorText(record.error, 'Failed to save the reading'), 'patient')} /> : null}
      {answer ? (
        <Alert
          data-testid="reading-answer"
          style={{ marginTop: 16 }}
          type={ALERT_TYPE[answer.reading.level]}
          showIcon
          role={answer.reading.level === 'critical' ? 'alert' : 'status'}
          title={t('readings.answer.title', { reading: readingText(answer.reading), level: levelLabel(answer.reading.level, answer.reading.kind) })}
          description={answer.reading.message ?? t('readings.answer.normal')}
        />
      ) : null}
    </Card>
  );
}
