import { theme } from 'antd';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { formatDate, formatNumber } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';
import type { ChartReference, ChartSeries } from './readings.logic';

const HEIGHT = 240;
/** The right margin holds the thresholds' labels, outside the readings. */
const PAD = { left: 40, right: 58, top: 12, bottom: 28 };

/** The chart's width in CSS pixels (its container's), so its text stays 12 px on a phone as on a desktop. */
function useWidth(): [RefObject<HTMLElement | null>, number] {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const next = Math.round(element.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** Nice round ticks between two values (about four). */
function ticks(min: number, max: number): number[] {
  const span = max - min || 1;
  const raw = span / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) out.push(Math.round(v * 100) / 100);
  return out;
}

/**
 * A line chart drawn by us in SVG (no chart library on the patient's phone): one line per series over time, home
 * readings as circles and clinic readings as squares, the thresholds as dashed lines (the area above a high one
 * shaded). It is a picture for sighted readers (role img with a summary); the table beside it has every reading.
 */
export function ReadingsChart({ series, references, title, unit }: { series: ChartSeries[]; references: ChartReference[]; title: string; unit: string }) {
  const { token } = theme.useToken();
  const { t } = usePatientTranslation();
  const id = useId();
  const [box, WIDTH] = useWidth();
  // The text colours of antd's palette: legible on the light and the dark card alike.
  const colours = [token.colorPrimaryText, token.colorWarningText, token.colorSuccessText, token.colorInfoText];
  const points = series.flatMap((s) => s.points);
  if (!points.length) return null;

  const times = points.map((p) => p.at);
  const values = [...points.map((p) => p.value), ...references.map((r) => r.value)];
  let [tMin, tMax] = [Math.min(...times), Math.max(...times)];
  if (tMin === tMax) [tMin, tMax] = [tMin - 86_400_000, tMax + 86_400_000];
  const spread = Math.max(...values) - Math.min(...values) || Math.max(...values) * 0.1 || 1;
  const yTicks = ticks(Math.min(...values) - spread * 0.1, Math.max(...values) + spread * 0.1);
  const [vMin, vMax] = [Math.min(yTicks[0], Math.min(...values)), Math.max(yTicks[yTicks.length - 1], Math.max(...values))];
  const x = (at: number) => PAD.left + ((at - tMin) / (tMax - tMin)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - vMin) / (vMax - vMin || 1)) * (HEIGHT - PAD.top - PAD.bottom);
  const plotRight = WIDTH - PAD.right;
  const text = { fill: token.colorTextSecondary, fontSize: 12 };
  const first = Math.min(...points.map((p) => p.at));
  const last = Math.max(...points.map((p) => p.at));
  const summary = series
    .filter((s) => s.points.length)
    .map((s) => t('readings.chart.seriesSummary', { label: s.label, count: s.points.length, latest: formatNumber(s.points[s.points.length - 1].value), unit }))
    .join(' ');

  return (
    <figure style={{ margin: 0 }} ref={box}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height={HEIGHT} role="img" aria-labelledby={`${id}-title ${id}-desc`} data-testid="readings-chart" style={{ display: 'block' }}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{t('readings.chart.summary', { from: formatDate(first, 'date'), to: formatDate(last, 'date') }) + ' ' + summary}</desc>
        {references.filter((r) => r.shadeAbove).map((r) => (
          <rect key={`shade-${r.value}`} x={PAD.left} y={PAD.top} width={plotRight - PAD.left} height={Math.max(0, y(r.value) - PAD.top)} fill={token.colorErrorBg} opacity={0.7} />
        ))}
        {yTicks.map((v) => (
          <g key={`tick-${v}`}>
            <line x1={PAD.left} x2={plotRight} y1={y(v)} y2={y(v)} stroke={token.colorBorderSecondary} />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" {...text}>
              {formatNumber(v)}
            </text>
          </g>
        ))}
        {references.map((r) => (
          <g key={`ref-${r.value}`}>
            <line x1={PAD.left} x2={plotRight} y1={y(r.value)} y2={y(r.value)} stroke={token.colorErrorText} strokeDasharray="6 4" />
            <text x={plotRight + 4} y={y(r.value) + 4} {...text} fill={token.colorErrorText}>
              {r.label}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 8} {...text}>
          {formatDate(tMin, 'dayMonth')}
        </text>
        <text x={plotRight} y={HEIGHT - 8} textAnchor="end" {...text}>
          {formatDate(tMax, 'dayMonth')}
        </text>
        {series.map((s, i) => {
          const colour = colours[i % colours.length];
          return (
            <g key={s.key} data-series={s.key}>
              {s.points.length > 1 ? <polyline fill="none" stroke={colour} strokeWidth={2} points={s.points.map((p) => `${x(p.at)},${y(p.value)}`).join(' ')} /> : null}
              {s.points.map((p) =>
                p.source === 'clinic' ? (
                  <rect key={p.readingId} x={x(p.at) - 5} y={y(p.value) - 5} width={10} height={10} fill={colour} stroke={token.colorBgContainer} />
                ) : (
                  <circle key={p.readingId} cx={x(p.at)} cy={y(p.value)} r={5} fill={colour} stroke={token.colorBgContainer} />
                ),
              )}
            </g>
          );
        })}
      </svg>
      <figcaption style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', fontSize: 13, color: token.colorTextSecondary, marginTop: 8 }}>
        {series.map((s, i) => (
          <span key={s.key}>
            <span aria-hidden style={{ display: 'inline-block', width: 12, height: 3, background: colours[i % colours.length], verticalAlign: 'middle', marginInlineEnd: 6 }} />
            {s.label}
          </span>
        ))}
        <span>
          <span aria-hidden>● </span>
          {t('readings.source.home')} <span aria-hidden>■ </span>
          {t('readings.source.clinic')}
        </span>
      </figcaption>
    </figure>
  );
}
