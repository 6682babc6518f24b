import { Button, Card, Popconfirm, Segmented, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { formatDate, formatNumber, translateMessage } from 'shell/i18n';
import { CaptionedTable, EmptyState, ErrorState, toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { type VitalReading, useMarkEnteredInError, useReadings } from './api';
import { ReadingsChart } from './ReadingsChart';
import { ENTRY_KINDS, type EntryKind, LEVEL_COLOR, PERIODS, type Period, levelLabel, periodStart, readingText, referencesOf, seriesOf } from './readings.logic';

const UNIT: Record<EntryKind, string> = { blood_pressure: 'mmHg', glucose: 'mmol/L', weight: 'kg' };

/** The patient's readings over a period: per kind a chart (without readings entered in error) and a table of them all. */
export function ReadingsHistory() {
  const { t } = usePatientTranslation();
  const [period, setPeriod] = useState<Period>('3m');
  const from = useMemo(() => periodStart(period), [period]);
  const query = useReadings(from);
  const { loading, failed } = queryStatus(query);
  const [kind, setKind] = useState<EntryKind>('blood_pressure');
  const readings = query.data?.readings ?? [];
  const bmi = query.data?.bmi ?? null;

  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('readings.history.title')}</h2>}>
      <Segmented<Period>
        value={period}
        onChange={setPeriod}
        options={PERIODS.map((p) => ({ value: p, label: t(`readings.period.${p}`) }))}
        aria-label={t('readings.history.period')}
        style={{ marginBottom: 12 }}
      />
      {bmi ? (
        <Typography.Paragraph>
          {t('readings.history.bmi', { value: formatNumber(bmi.value), date: formatDate(bmi.measured_at, 'date') })}
        </Typography.Paragraph>
      ) : null}
      {failed ? <ErrorState message={translateMessage(errorText(query.error, 'Failed to load your readings'))} onRetry={() => void query.refetch()} /> : null}
      {loading ? <Skeleton active paragraph={{ rows: 5 }} /> : null}
      {!loading && !failed ? (
        <Tabs
          activeKey={kind}
          onChange={(key) => setKind(key as EntryKind)}
          items={ENTRY_KINDS.map((k) => ({ key: k, label: t(`readings.kind.${k}`), children: <KindHistory kind={k} readings={readings.filter((r) => r.kind === k)} /> }))}
        />
      ) : null}
    </Card>
  );
}

function KindHistory({ kind, readings }: { kind: EntryKind; readings: VitalReading[] }) {
  const { t } = usePatientTranslation();
  const mark = useMarkEnteredInError();
  if (!readings.length) return <EmptyState title={t('readings.history.empty')} description={t('readings.history.emptyHint')} />;

  const onMark = (r: VitalReading) =>
    mark.mutate(r.reading_id, {
      onSuccess: () => toast.success(t('readings.history.marked')),
      onError: (error) => toast.error(translateMessage(errorText(error, 'Failed to mark the reading'))),
    });

  const newestFirst = [...readings].reverse();
  return (
    <>
      <ReadingsChart series={seriesOf(readings, kind)} references={referencesOf(kind)} title={t('readings.chart.title', { kind: t(`readings.kind.${kind}`) })} unit={UNIT[kind]} />
      <CaptionedTable<VitalReading>
        caption={t('readings.history.tableCaption', { kind: t(`readings.kind.${kind}`) })}
        rowKey="reading_id"
        dataSource={newestFirst}
        columns={[
          { key: 'when', title: t('readings.table.measured'), render: (_, r) => formatDate(r.measured_at, 'dateTime') },
          {
            key: 'value',
            title: t('readings.table.reading'),
            render: (_, r) => (r.status === 'entered_in_error' ? <Typography.Text delete>{readingText(r)}</Typography.Text> : readingText(r)),
          },
          { key: 'level', title: t('readings.table.level'), render: (_, r) => <Tag color={LEVEL_COLOR[r.level]}>{levelLabel(r.level, r.kind)}</Tag> },
          {
            key: 'status',
            title: t('readings.table.status'),
            render: (_, r) =>
              r.status === 'entered_in_error' ? (
                <Tag>{t('readings.status.entered_in_error')}</Tag>
              ) : (
                [t(`readings.source.${r.source}`), r.kind === 'glucose' ? t(`readings.context.${r.context ?? 'random'}`) : null, t(`readings.status.${r.status}`)].filter(Boolean).join(' · ')
              ),
          },
          {
            key: 'mark',
            title: <span className="afya-visually-hidden">{t('readings.table.actions')}</span>,
            render: (_, r) =>
              r.source === 'home' && r.status !== 'entered_in_error' ? (
                <Popconfirm title={t('readings.history.markTitle')} description={t('readings.history.markHint')} okText={t('readings.history.mark')} cancelText={t('readings.history.keep')} onConfirm={() => onMark(r)}>
                  <Button size="small" type="link" loading={mark.isPending && mark.variables === r.reading_id} aria-label={t('readings.history.markLabel', { reading: readingText(r), date: formatDate(r.measured_at, 'dateTime') })}>
                    {t('readings.history.mark')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </>
  );
}
