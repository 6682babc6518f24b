import { useAdminTranslation } from '../../i18n';
import { formatNumber } from 'shell/i18n';
import type { AppointmentStatus } from '@afya/appointment-service/contracts';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Pagination, Select, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import {
  APPOINTMENT_STATUSES,
  AppointmentCard,
  AppointmentFilters,
  EmptyState,
  ErrorState,
  NO_FILTERS,
  PageHeader,
  confirmDelete,
  doctorName,
  isFiltered,
  patientName,
  type AppointmentFilterValue,
} from 'shell/ui-kit';
import { AmountEditor } from './AmountEditor';
import { CoverCheckButtons, coverFacts } from './CoverCheck';
import { ADMIN_PAGE_SIZE, useAdminAppointments, useAppointmentChanges, type AdminAppointment } from './api';

export const DELETE_CONFIRM = 'Are you sure you want to delete this appointment?';

/** Waits for typing to pause before a search goes to the server. */
function useDebouncedFilters(filters: AppointmentFilterValue, ms = 300): AppointmentFilterValue {
  const [debounced, setDebounced] = useState(filters);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(filters), filters.search === debounced.search ? 0 : ms);
    return () => clearTimeout(timer);
  }, [filters, ms, debounced.search]);
  return debounced;
}

export function AdminAppointmentsPage() {
  const { t } = useAdminTranslation();
  const [filters, setFilters] = useState<AppointmentFilterValue>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const applied = useDebouncedFilters(filters);
  const list = useAdminAppointments({ filters: applied, page });
  const changes = useAppointmentChanges();
  const appointments = list.data?.appointments ?? [];
  const total = list.data?.total ?? 0;
  const totalIsEstimate = list.data?.totalIsEstimate ?? false;
  const busy = (id: number) =>
    (changes.status.isPending && changes.status.variables?.id === id) || (changes.remove.isPending && changes.remove.variables === id);

  const changeFilters = (next: AppointmentFilterValue) => {
    setFilters(next);
    setPage(1);
  };

  /** The inline editor stays open when the save fails (it says 'Failed to update amount'). */
  const saveAmount = (a: AdminAppointment, amount: number) =>
    changes.amount.mutateAsync({ id: a.appointment_id, amount }).then(
      () => true,
      () => false,
    );

  const remove = async (a: AdminAppointment) => {
    if (await confirmDelete(t('appointments.deleteConfirm'), { title: t('appointments.deleteTitle', { id: a.appointment_id }), okText: t('common.delete'), cancelText: t('common.cancel') })) changes.remove.mutate(a.appointment_id);
  };

  return (
    <div>
      <PageHeader title={t('appointments.title')} subtitle={t('appointments.subtitle')} />
      <AppointmentFilters value={filters} onChange={changeFilters} count={appointments.length} total={total} totalIsEstimate={totalIsEstimate} />
      {list.isError ? <ErrorState message={t('appointments.loadError', { error: list.error.message })} onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? (
        [0, 1].map((i) => (
          <Card key={i} style={{ marginBottom: 12 }}>
            <Skeleton active />
          </Card>
        ))
      ) : list.isError ? null : appointments.length === 0 ? (
        <Card>
          {isFiltered(applied) ? (
            <EmptyState
              title={t('appointments.noMatch')}
              description={t('appointments.noMatchHint')}
              action={<Button onClick={() => changeFilters(NO_FILTERS)}>{t('appointments.clearAll')}</Button>}
            />
          ) : (
            <EmptyState title={t('appointments.empty')} description={t('appointments.emptyHint')} />
          )}
        </Card>
      ) : (
        <div aria-busy={list.isFetching}>
          {appointments.map((a) => (
            <AppointmentCard
              key={a.appointment_id}
              appointment={a}
              title={patientName(a)}
              amount={<AmountEditor id={a.appointment_id} value={a.total_amount} onSave={(amount) => saveAmount(a, amount)} />}
              status={
                <Select
                  size="small"
                  aria-label={t('appointments.statusOf', { id: a.appointment_id })}
                  value={a.appointment_status}
                  disabled={busy(a.appointment_id)}
                  onChange={(status: AppointmentStatus) => changes.status.mutate({ id: a.appointment_id, status })}
                  options={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: t(`appointmentStatus.${s}`) }))}
                  popupMatchSelectWidth={false}
                  style={{ minWidth: 130 }}
                />
              }
              extraFacts={[[t('common.doctor'), doctorName(a)], ...coverFacts(a)]}
              actions={
                <>
                  {/* issue 38: the desk's check of a covered visit (the list is read again after it) */}
                  <CoverCheckButtons appointment={a} onUpdated={() => undefined} />
                  <Button danger icon={<DeleteOutlined />} loading={busy(a.appointment_id)} onClick={() => remove(a)} aria-label={t('appointments.deleteLabel', { id: a.appointment_id })}>
                    {t('common.delete')}
                  </Button>
                </>
              }
            />
          ))}
          <Pagination
            style={{ marginTop: 16, justifyContent: 'center' }}
            current={page}
            pageSize={ADMIN_PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            showTotal={(n) => t(totalIsEstimate ? 'appointments.countAbout' : 'appointments.count', { count: n, n: formatNumber(n) })}
            onChange={setPage}
          />
        </div>
      )}
    </div>
  );
}
