import { Line } from '@ant-design/charts';
import { formatDate, formatNumber } from 'shell/i18n';
import { useSession } from 'shell/session';
import { useDoctorTranslation } from '../../i18n';
import type { ChartRow } from './vitals.logic';

/**
 * A kind's readings over time with @ant-design/charts (G2; ~430 KB gzip, so imported only through React.lazy from the
 * readings page): one line per series, home readings as circles and clinic readings as squares, the thresholds as
 * dashed lines. The table beside it holds every reading for screen readers.
 */
export function ReadingsLineChart({ rows, thresholds, title }: { rows: ChartRow[]; thresholds: number[]; title: string }) {
  const { t } = useDoctorTranslation();
  const dark = useSession((s) => s.darkMode);
  const home = t('vitals.source.home');
  const clinic = t('vitals.source.clinic');
  return (
    <div role="img" aria-label={title}>
      <Line
        theme={dark ? 'classicDark' : 'classic'}
        title={title}
        data={rows.map((r) => ({ ...r, at: new Date(r.at), where: r.source === 'clinic' ? clinic : home }))}
        xField="at"
        yField="value"
        colorField="series"
        height={280}
        point={{ shapeField: 'where', sizeField: 4 }}
        scale={{ shape: { domain: [home, clinic], range: ['point', 'square'] } }}
        axis={{ x: { labelFormatter: (d: Date) => formatDate(d, 'dayMonth'), labelAutoRotate: false, labelAutoHide: true }, y: { labelFormatter: (v: number) => formatNumber(v) } }}
        tooltip={{ title: (d: ChartRow) => formatDate(d.at, 'dateTime'), items: [(d: ChartRow) => ({ name: `${d.series} (${t(`vitals.source.${d.source}`)})`, value: formatNumber(d.value) })] }}
        annotations={thresholds.map((value) => ({ type: 'lineY', yField: value, style: { stroke: '#dc2626', lineDash: [6, 4], lineWidth: 1 } }))}
      />
    </div>
  );
}
