import { VITAL_THRESHOLDS, type VitalKind, type VitalLevel } from '@afya/prescription-service/contracts/catalog';
import { formatNumber } from 'shell/i18n';
import { t } from '../../i18n';
import type { VitalReading } from './api';

/** The kinds a patient enters on this page (height and HbA1c come from the clinic). */
export const ENTRY_KINDS = ['blood_pressure', 'glucose', 'weight'] as const satisfies readonly VitalKind[];
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const PERIODS = ['3m', '6m', '1y', 'all'] as const;
export type Period = (typeof PERIODS)[number];
const PERIOD_MONTHS: Record<Exclude<Period, 'all'>, number> = { '3m': 3, '6m': 6, '1y': 12 };

/**
 * The first instant of a period (the start of the day, UTC, so the query key stays the same all day), or undefined
 * for all readings. The clock is a parameter: tests do not depend on the day they run.
 */
export function periodStart(period: Period, now: Date = new Date()): string | undefined {
  if (period === 'all') return undefined;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - PERIOD_MONTHS[period], now.getUTCDate()));
  return start.toISOString();
}

export interface ChartPoint {
  at: number;
  value: number;
  source: VitalReading['source'];
  readingId: number;
}
export interface ChartSeries {
  key: string;
  label: string;
  points: ChartPoint[];
}
/** A horizontal line at a threshold of the table the server judges by (above it: shaded when `shadeAbove`). */
export interface ChartReference {
  value: number;
  label: string;
  shadeAbove?: boolean;
}

/** Readings the chart draws: this kind's, not entered in error (they stay in the table). */
export const charted = (readings: VitalReading[], kind: VitalKind) => readings.filter((r) => r.kind === kind && r.status !== 'entered_in_error');

const point = (r: VitalReading, value: number): ChartPoint => ({ at: Date.parse(r.measured_at), value, source: r.source, readingId: r.reading_id });

/** The lines of a kind's chart: BP as systolic and diastolic, glucose by its context, weight as one line. */
export function seriesOf(readings: VitalReading[], kind: EntryKind): ChartSeries[] {
  const shown = charted(readings, kind);
  if (kind === 'blood_pressure') {
    return [
      { key: 'systolic', label: t('readings.fields.systolic'), points: shown.map((r) => point(r, r.values.systolic)) },
      { key: 'diastolic', label: t('readings.fields.diastolic'), points: shown.map((r) => point(r, r.values.diastolic)) },
    ];
  }
  if (kind === 'glucose') {
    return (['fasting', 'random', 'after_meal'] as const)
      .map((context) => ({ key: context, label: t(`readings.context.${context}`), points: shown.filter((r) => (r.context ?? 'random') === context).map((r) => point(r, r.values.glucose)) }))
      .filter((s) => s.points.length > 0);
  }
  return [{ key: 'weight', label: t('readings.fields.weight'), points: shown.map((r) => point(r, r.values.weight)) }];
}

/** The thresholds drawn on a chart, from the same table the server judges by. */
export function referencesOf(kind: EntryKind): ChartReference[] {
  const table = VITAL_THRESHOLDS;
  if (kind === 'blood_pressure') {
    return [
      { value: table.blood_pressure.high.systolicAtLeast, label: t('readings.chart.highSystolic', { value: table.blood_pressure.high.systolicAtLeast }), shadeAbove: true },
      { value: table.blood_pressure.high.diastolicAtLeast, label: t('readings.chart.highDiastolic', { value: table.blood_pressure.high.diastolicAtLeast }) },
    ];
  }
  if (kind === 'glucose') return [{ value: table.glucose.low.below, label: t('readings.chart.lowGlucose', { value: formatNumber(table.glucose.low.below) }) }];
  return [];
}

/** What a reading says, in words: '185/95 mmHg, pulse 80/min', '6.2 mmol/L (112 mg/dL as typed)', '72.5 kg'. */
export function readingText(r: VitalReading): string {
  const v = r.values;
  switch (r.kind) {
    case 'blood_pressure': {
      const pressure = `${formatNumber(v.systolic)}/${formatNumber(v.diastolic)} mmHg`;
      return v.heart_rate !== undefined ? t('readings.text.withPulse', { pressure, pulse: formatNumber(v.heart_rate) }) : pressure;
    }
    case 'glucose': {
      const value = `${formatNumber(v.glucose)} mmol/L`;
      return r.entered_unit && r.entered_unit !== r.unit && r.entered_value !== null
        ? t('readings.text.typed', { value, typed: `${formatNumber(r.entered_value)} ${r.entered_unit}` })
        : value;
    }
    default:
      return `${formatNumber(v[r.kind])} ${r.unit}`;
  }
}

export const LEVEL_COLOR: Record<VitalLevel, string> = { normal: 'green', high: 'orange', low: 'blue', critical: 'red' };
/** A level in words; critical says which way (a critical blood pressure is very high, a critical glucose very low). */
export const levelLabel = (level: VitalLevel, kind: VitalKind) =>
  level === 'critical' ? t(kind === 'glucose' ? 'readings.level.criticalLow' : 'readings.level.criticalHigh') : t(`readings.level.${level}`);
