import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Input, Row, Skeleton, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { AccessLogTab } from './AccessLogTab';
import { useMyHistory } from './api';
import { searchRecords } from './history.logic';
import { RecordCard } from './RecordCard';
import { translateMessage } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';

/** /dashboard/medical-history for patients: records (read-only) and "Who viewed my records". */
export function MedicalHistoryPage() {
  const { t } = usePatientTranslation();
  const query = useMyHistory();
  const { loading, failed } = queryStatus(query);
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState('records');
  const records = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => searchRecords(records, search), [records, search]);

  const refresh = async () => {
    const result = await query.refetch();
    if (result.isError) toast.error(errorText(result.error, 'Failed to load medical history'));
    else toast.success(t('history.refreshed'));
  };

  const recordsTab = (
    <>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('history.searchPlaceholder')}
        aria-label={t('history.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ maxWidth: 420, marginBottom: 16 }}
      />
      {failed ? <ErrorState message={translateMessage(errorText(query.error, 'Failed to load medical history'))} onRetry={() => void query.refetch()} /> : null}
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : failed && !query.data ? null : shown.length === 0 ? (
        <EmptyState
          title={records.length ? t('history.noMatch') : t('history.none')}
          description={records.length ? t('history.tryAnother') : t('history.noneHint')}
          action={search ? <Button onClick={() => setSearch('')}>{t('history.clearSearch')}</Button> : undefined}
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
        title={t('home.medicalHistory')}
        subtitle={t('history.subtitle')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()} loading={query.isFetching && !loading}>
            {t('payments.refresh')}
          </Button>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'records', label: t('history.records'), children: recordsTab },
          { key: 'access', label: t('history.whoViewed'), children: <AccessLogTab /> },
        ]}
      />
    </div>
  );
}
