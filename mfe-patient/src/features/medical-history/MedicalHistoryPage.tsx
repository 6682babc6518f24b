import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Input, Row, Skeleton, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { AccessLogTab } from './AccessLogTab';
import { useMyHistory } from './api';
import { searchRecords } from './history.logic';
import { RecordCard } from './RecordCard';

/** /dashboard/medical-history for patients: records (read-only) and "Who viewed my records". */
export function MedicalHistoryPage() {
  const query = useMyHistory();
  const { loading, failed } = queryStatus(query);
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState('records');
  const records = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => searchRecords(records, search), [records, search]);

  const refresh = async () => {
    const result = await query.refetch();
    if (result.isError) toast.error(errorText(result.error, 'Failed to load medical history'));
    else toast.success('Medical history refreshed');
  };

  const recordsTab = (
    <>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Search by condition, diagnosis or doctor"
        aria-label="Search medical history"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ maxWidth: 420, marginBottom: 16 }}
      />
      {failed ? <ErrorState message={errorText(query.error, 'Failed to load medical history')} onRetry={() => void query.refetch()} /> : null}
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : failed && !query.data ? null : shown.length === 0 ? (
        <EmptyState
          title={records.length ? 'No records match your search.' : 'No medical records yet.'}
          description={records.length ? 'Try another condition, diagnosis or doctor.' : 'Your visits and prescriptions appear here after your appointments.'}
          action={search ? <Button onClick={() => setSearch('')}>Clear search</Button> : undefined}
        />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((r) => (
            <Col key={r.id} xs={24} lg={12}>
              <RecordCard record={r} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );

  return (
    <div>
      <PageHeader
        title="Medical History"
        subtitle="Your visits and prescriptions, and who has looked at them."
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()} loading={query.isFetching && !loading}>
            Refresh
          </Button>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'records', label: 'Records', children: recordsTab },
          { key: 'access', label: 'Who viewed my records', children: <AccessLogTab /> },
        ]}
      />
    </div>
  );
}
