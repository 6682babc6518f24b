import type { VitalKind, VitalLevel } from '@afya/prescription-service/contracts/catalog';
import { VITAL_THRESHOLDS } from '@afya/prescription-service/contracts/catalog';
import { formatNumber } from 'shell/i18n';
import { t } from '../../i18n';
import type { VitalReading } from './api';

export const CHART_KINDS = ['blood_pressure', 'glucose', 'weight', 'height', 'hba1c'] as const satisfies readonly VitalKind[];

export const PERIODS = ['3m', '6m', '1y', 'all'] as const;
export type Period = (typeof PERIODS)[number];
const PERIOD_MONTHS: Record<Exclude<Period, 'all'>, number> = { '3m': 3, '6m': 6, '1y': 12 };

/** The first instant of a period (the start of its day, UTC), undefined for all readings; the clock is a parameter. */
export function periodStart(period: Period, now: Date = new Date()): string | undefined {
  if (period === 'all') return undefined;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - PERIOD_MONTHS[period], now.getUTCDate())).toISOString();
}

/** One point of the chart: a reading's value on one line (BP: systolic and diastolic; glucose: by its context). */
export interface ChartRow {
  at: string;
  value: number;
  series: string;
  source: VitalReading['source'];
}

/** The chart's rows of a kind: readings entered in error are left out (they stay in the table). */
export function chartRows(readings: VitalReading[], kind: VitalKind): ChartRow[] {
  const row = (r: VitalReading, value: number, series: string): ChartRow => ({ at: r.measured_at, value, series, source: r.source });
  return readings
    .filter((r) => r.kind === kind && r.status !== 'entered_in_error')
    .flatMap((r) => {
      if (kind === 'blood_pressure') return [row(r, r.values.systolic, t('vitals.fields.systolic')), row(r, r.values.diastolic, t('vitals.fields.diastolic'))];
      if (kind === 'glucose') return [row(r, r.values.glucose, t(`vitals.context.${r.context ?? 'random'}`))];
      return [row(r, r.values[kind], t(`vitals.kind.${kind}`))];
    });
}

/** The high thresholds drawn as dashed lines, from the table the server judges by. */
export function thresholdLines(kind: VitalKind): number[] {
  if (kind === 'blood_pressure') return [VITAL_THRESHOLDS.blood_pressure.high.systolicAtLeast, VITAL_THRESHOLDS.blood_pressure.high.diastolicAtLeast];
  if (kind === 'glucose') return [VITAL_THRESHOLDS.glucose.low.below];
  if (kind === 'hba1c') return [VITAL_THRESHOLDS.hba1c.high.atLeast];
  return [];
}

/** A reading in words: '185/95 mmHg, pulse 80/min', '6.2 mmol/L, fasting', '72.5 kg'. */
export function readingText(r: VitalReading): string {
  const v = r.values;
  if (r.kind === 'blood_pressure') {
    const pressure = `${formatNumber(v.systolic)}/${formatNumber(v.diastolic)} mmHg`;
    return v.heart_rate !== undefined ? t('vitals.text.withPulse', { pressure, pulse: formatNumber(v.heart_rate) }) : pressure;
  }
  if (r.kind === 'glucose') return `${formatNumber(v.glucose)} mmol/L, ${t(`vitals.context.${r.context ?? 'random'}`)}`;
  return `${formatNumber(v[r.kind])} ${r.unit}`;
}

export const LEVEL_COLOR: Record<VitalLevel, string> = { normal: 'green', high: 'orange', low: 'blue', critical: 'red' };
export const levelLabel = (level: VitalLevel) => t(`vitals.level.${level}`);
