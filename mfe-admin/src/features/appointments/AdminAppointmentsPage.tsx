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
  countOf,
  doctorName,
  isFiltered,
  patientName,
  type AppointmentFilterValue,
} from 'shell/ui-kit';
import { AmountEditor } from './AmountEditor';
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
    if (await confirmDelete(DELETE_CONFIRM, { title: `Delete appointment #${a.appointment_id}?` })) changes.remove.mutate(a.appointment_id);
  };

  return (
    <div>
      <PageHeader title="All Appointments" subtitle="Every booking on Afya: adjust amounts, override statuses, remove mistakes." />
      <AppointmentFilters value={filters} onChange={changeFilters} count={appointments.length} total={total} totalIsEstimate={totalIsEstimate} />
      {list.isError ? <ErrorState message={`Error loading appointments: ${list.error.message}`} onRetry={() => void list.refetch()} /> : null}
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
              title="No appointments match your filters."
              description="Try another search, status or date."
              action={<Button onClick={() => changeFilters(NO_FILTERS)}>Clear All</Button>}
            />
          ) : (
            <EmptyState title="No appointments have been booked yet." description="Bookings from every patient will appear here." />
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
                  aria-label={`Status of appointment #${a.appointment_id}`}
                  value={a.appointment_status}
                  disabled={busy(a.appointment_id)}
                  onChange={(status: AppointmentStatus) => changes.status.mutate({ id: a.appointment_id, status })}
                  options={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: s }))}
                  style={{ width: 130 }}
                />
              }
              extraFacts={[['Doctor', doctorName(a)]]}
              actions={
                <Button danger icon={<DeleteOutlined />} loading={busy(a.appointment_id)} onClick={() => remove(a)} aria-label={`Delete appointment #${a.appointment_id}`}>
                  Delete
                </Button>
              }
            />
          ))}
          <Pagination
            style={{ marginTop: 16, justifyContent: 'center' }}
            current={page}
            pageSize={ADMIN_PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            showTotal={(n) => `${totalIsEstimate ? 'about ' : ''}${countOf(n, 'appointment')}`}
            onChange={setPage}
          />
        </div>
      )}
    </div>
  );
}
