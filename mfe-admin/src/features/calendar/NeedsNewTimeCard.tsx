import { SwapOutlined } from '@ant-design/icons';
import { Button, Card, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { formatDate, formatSlot, specialtyLabel } from 'shell/i18n';
import { ErrorState, ScrollRegion, StatusBadge } from 'shell/ui-kit';
import { useAdminTranslation } from '../../i18n';
import { type NeedsNewTime, useNeedsNewTime } from './api';
import { MoveToColleagueDialog } from './MoveToColleagueDialog';

/**
 * The visits a confirmed leave, closure or new hours fell on that still wait for their patient to pick a new time,
 * soonest first; each may be moved to a colleague of the same specialization.
 */
export function NeedsNewTimeCard() {
  const { t } = useAdminTranslation();
  const visits = useNeedsNewTime();
  const [moving, setMoving] = useState<NeedsNewTime | null>(null);
  const columns: ColumnsType<NeedsNewTime> = [
    { title: t('common.date'), render: (_, v) => `${formatDate(v.appointment_date, 'day')} · ${formatSlot(v.time_slot)}`, onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    { title: t('common.patient'), render: (_, v) => v.patient_full_name ?? t('calendar.patientNumber', { id: v.user_id }) },
    {
      title: t('common.doctor'),
      render: (_, v) => (
        <>
          {v.doctor_name ? t('common.doctorName', { name: v.doctor_name }) : '—'}
          {v.specialization ? <div style={{ fontSize: 12, opacity: 0.75 }}>{specialtyLabel(v.specialization)}</div> : null}
        </>
      ),
    },
    { title: t('calendar.cause'), render: (_, v) => <Tag color={v.cause === 'closure' ? 'volcano' : 'gold'}>{t(`calendar.causeOf.${v.cause}`)}</Tag> },
    { title: t('calendar.since'), render: (_, v) => formatDate(v.since, 'dateTime'), responsive: ['lg'] },
    { title: t('common.status'), render: (_, v) => <StatusBadge status={v.appointment_status} /> },
    {
      title: t('common.actions'),
      render: (_, v) => (
        <Button
          size="small"
          icon={<SwapOutlined />}
          onClick={() => setMoving(v)}
          aria-label={t('calendar.moveLabel', { patient: v.patient_full_name ?? t('calendar.patientNumber', { id: v.user_id }) })}
          data-testid={`move-${v.appointment_id}`}
        >
          {t('calendar.moveAction')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('calendar.needsNewTimeTitle')}>
      {visits.isError ? (
        <ErrorState message={t('calendar.needsNewTimeFailed')} onRetry={() => void visits.refetch()} />
      ) : visits.data?.length === 0 ? (
        // Said as a line, not inside the wide table (on a phone its empty row scrolled sideways).
        <Typography.Text type="secondary">{t('calendar.noneWaiting')}</Typography.Text>
      ) : (
        <ScrollRegion label={t('calendar.needsNewTimeTitle')} minWidth={640}>
          <Table<NeedsNewTime>
            size="small"
            rowKey="appointment_id"
            columns={columns}
            dataSource={visits.data ?? []}
            loading={visits.isPending}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
          />
        </ScrollRegion>
      )}
      <MoveToColleagueDialog visit={moving} onClose={() => setMoving(null)} />
    </Card>
  );
}
