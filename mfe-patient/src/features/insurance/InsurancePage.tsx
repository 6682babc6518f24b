import { Button, Card, Col, List, Popconfirm, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { type Cover, useCovers, usePayers, useRemoveCover } from '../../api/insurance';
import { CoverForm } from './CoverForm';

/**
 * /dashboard/insurance (issue 38): the patient's SHA and insurance covers, to choose from when booking. Afya records
 * cover and collects co-pays; it does not submit claims (the page says so).
 */
export function InsurancePage() {
  const { t } = usePatientTranslation();
  const covers = useCovers();
  const payers = usePayers();
  const remove = useRemoveCover();
  const [editing, setEditing] = useState<Cover | null>(null);
  const list = covers.data?.covers ?? [];
  return (
    <div>
      <PageHeader title={t('insurance.page.title')} subtitle={t('insurance.page.subtitle')} />
      {queryStatus(covers).failed ? <ErrorState message={t('insurance.loadFailed')} onRetry={() => void covers.refetch()} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('insurance.list.title')}>
            {!covers.isLoading && !list.length ? (
              <EmptyState title={t('insurance.list.empty')} description={t('insurance.list.emptyHint')} />
            ) : (
              <List
                itemLayout="vertical"
                loading={covers.isLoading}
                dataSource={list}
                renderItem={(cover) => (
                  <List.Item
                    data-testid="cover"
                    actions={[
                      <Button key="edit" type="link" onClick={() => setEditing(cover)} aria-label={t('insurance.list.editOf', { payer: cover.payer.name })}>
                        {t('insurance.list.edit')}
                      </Button>,
                      <Popconfirm
                        key="remove"
                        title={t('insurance.list.removeConfirm')}
                        okText={t('insurance.list.remove')}
                        cancelText={t('insurance.form.cancel')}
                        onConfirm={() => remove.mutate(cover.cover_id, { onSuccess: () => toast.success(t('insurance.removed')) })}
                      >
                        <Button type="link" danger aria-label={t('insurance.list.removeOf', { payer: cover.payer.name })}>
                          {t('insurance.list.remove')}
                        </Button>
                      </Popconfirm>,
                    ]}
                  >
                    <List.Item.Meta
                      title={
                        <Space wrap size={4}>
                          <span>{cover.payer.name}</span>
                          <Tag color={cover.priority === 'primary' ? 'blue' : 'default'}>{t(`insurance.priority.${cover.priority}`)}</Tag>
                        </Space>
                      }
                      description={
                        <Space orientation="vertical" size={2}>
                          <Typography.Text>
                            {t('insurance.list.member', { number: cover.member_number })}
                            {cover.scheme ? ` · ${cover.scheme}` : ''}
                          </Typography.Text>
                          <Typography.Text type="secondary">
                            {t(`insurance.relationship.${cover.relationship}`)}
                            {cover.principal_name ? ` · ${t('insurance.list.principal', { name: cover.principal_name, number: cover.principal_member_number ?? '' })}` : ''}
                            {cover.valid_until ? ` · ${t('insurance.list.validUntil', { date: cover.valid_until })}` : ''}
                          </Typography.Text>
                          {cover.warnings.length ? (
                            <Typography.Text type="warning" role="note">
                              {t('insurance.crWarning')}
                            </Typography.Text>
                          ) : null}
                        </Space>
                      }
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <CoverForm payers={payers.data?.payers ?? []} editing={editing} onDone={() => setEditing(null)} />
          <Typography.Paragraph type="secondary">{t('insurance.page.noClaims')}</Typography.Paragraph>
        </Col>
      </Row>
    </div>
  );
}
