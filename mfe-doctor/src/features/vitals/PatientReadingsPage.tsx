import { Card, Segmented, Skeleton, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorText, queryStatus } from 'shell/api-client';
import { formatDate, formatNumber, translateMessage } from 'shell/i18n';
import { CaptionedTable, EmptyState, ErrorState, PageHeader } from 'shell/ui-kit';
import { useDoctorTranslation } from '../../i18n';
import { type VitalReading, usePatientReadings } from './api';
import { CHART_KINDS, LEVEL_COLOR, PERIODS, type Period, chartRows, levelLabel, periodStart, readingText, thresholdLines } from './vitals.logic';

const ReadingsLineChart = lazy(() => import('./ReadingsLineChart').then((m) => ({ default: m.ReadingsLineChart })));

/**
 * /dashboard/doctor/patients/:patientId/readings: a patient's readings (a patient in the doctor's care; the server
 * answers 404 for anyone else), per kind a chart and a table of every reading, entered-in-error ones struck through.
 */
export function PatientReadingsPage() {
  const { t } = useDoctorTranslation();
  const navigate = useNavigate();
  const patientId = Number(useParams().patientId);
  // The name the alert showed (the readings' reply carries ids only); the number when the page is opened directly.
  const patientName = (useLocation().state as { patientName?: string | null } | null)?.patientName ?? null;
  const [period, setPeriod] = useState<Period>('3m');
  const from = useMemo(() => periodStart(period), [period]);
  const query = usePatientReadings(patientId, from);
  const { loading, failed } = queryStatus(query);
  const readings = query.data?.readings ?? [];
  const kinds = CHART_KINDS.filter((k) => readings.some((r) => r.kind === k));
  const bmi = query.data?.bmi ?? null;

  return (
    <div>
      <PageHeader title={patientName ? t('vitals.patient.titleNamed', { name: patientName }) : t('vitals.patient.title', { id: patientId })} subtitle={t('vitals.patient.subtitle')} onBack={() => navigate('/dashboard/doctor/vital-alerts')} />
      <Card
        title={
          <Segmented<Period> value={period} onChange={setPeriod} options={PERIODS.map((p) => ({ value: p, label: t(`vitals.period.${p}`) }))} aria-label={t('vitals.patient.period')} />
        }
      >
        {bmi ? <Typography.Paragraph>{t('vitals.patient.bmi', { value: formatNumber(bmi.value), date: formatDate(bmi.measured_at, 'date') })}</Typography.Paragraph> : null}
        {failed ? <ErrorState message={translateMessage(errorText(query.error, "Failed to load the patient's readings"), 'doctor')} onRetry={() => void query.refetch()} /> : null}
        {loading ? <Skeleton active /> : null}
        {!loading && !failed && kinds.length === 0 ? <EmptyState title={t('vitals.patient.empty')} /> : null}
        {kinds.length ? (
          <Tabs
            items={kinds.map((kind) => {
              const own = readings.filter((r) => r.kind === kind);
              const rows = chartRows(own, kind);
              const title = t('vitals.patient.chartTitle', { kind: t(`vitals.kind.${kind}`) });
              return {
                key: kind,
                label: t(`vitals.kind.${kind}`),
                children: (
                  <>
                    {rows.length ? (
                      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                        <ReadingsLineChart rows={rows} thresholds={thresholdLines(kind)} title={title} />
                      </Suspense>
                    ) : null}
                    <ReadingsTable readings={[...own].reverse()} caption={t('vitals.patient.tableCaption', { kind: t(`vitals.kind.${kind}`) })} />
                  </>
                ),
              };
            })}
          />
        ) : null}
      </Card>
    </div>
  );
}

function ReadingsTable({ readings, caption }: { readings: VitalReading[]; caption: string }) {
  const { t } = useDoctorTranslation();
  return (
    <CaptionedTable<VitalReading>
      caption={caption}
      rowKey="reading_id"
      dataSource={readings}
      columns={[
        { key: 'when', title: t('vitals.table.measured'), render: (_, r) => formatDate(r.measured_at, 'dateTime') },
        { key: 'value', title: t('vitals.table.reading'), render: (_, r) => (r.status === 'entered_in_error' ? <Typography.Text delete>{readingText(r)}</Typography.Text> : readingText(r)) },
        { key: 'level', title: t('vitals.table.level'), render: (_, r) => <Tag color={LEVEL_COLOR[r.level]}>{levelLabel(r.level)}</Tag> },
        { key: 'source', title: t('vitals.table.source'), render: (_, r) => t(`vitals.source.${r.source}`) },
        { key: 'status', title: t('vitals.table.status'), render: (_, r) => (r.status === 'entered_in_error' ? <Tag>{t('vitals.status.entered_in_error')}</Tag> : t(`vitals.status.${r.status}`)) },
      ]}
    />
  );
}
