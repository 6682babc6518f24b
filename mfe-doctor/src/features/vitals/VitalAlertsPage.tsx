import { Button, Card, Input, List, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText, queryStatus } from 'shell/api-client';
import { formatDate, translateMessage } from 'shell/i18n';
import { EmptyState, ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { useDoctorTranslation } from '../../i18n';
import { type VitalAlert, useAcknowledgeAlert, useVitalAlerts } from './api';
import { LEVEL_COLOR, levelLabel, readingText } from './vitals.logic';

/**
 * /dashboard/doctor/vital-alerts (issue 39): the alerts from critical readings of the doctor's patients in care,
 * unacknowledged first; each links to the patient's readings and is acknowledged with an optional note.
 */
export function VitalAlertsPage() {
  const { t } = useDoctorTranslation();
  const query = useVitalAlerts();
  const { loading, failed } = queryStatus(query);
  const alerts = query.data ?? [];
  const open = alerts.filter((a) => !a.acknowledged_at).length;
  const [acknowledging, setAcknowledging] = useState<VitalAlert | null>(null);

  return (
    <div>
      <PageHeader title={t('vitals.alerts.title')} subtitle={t('vitals.alerts.subtitle')} />
      {failed ? <ErrorState message={translateMessage(errorText(query.error, 'Failed to load the alerts'))} onRetry={() => void query.refetch()} /> : null}
      {loading ? <Skeleton active /> : null}
      {!loading && !failed && alerts.length === 0 ? <EmptyState title={t('vitals.alerts.empty')} description={t('vitals.alerts.emptyHint')} /> : null}
      {alerts.length ? (
        <Card styles={{ body: { padding: 0 } }} title={<span role="status">{t('vitals.alerts.open', { count: open })}</span>}>
          <List
            dataSource={alerts}
            renderItem={(alert) => (
              <List.Item
                data-testid={`alert-${alert.alert_id}`}
                style={{ padding: '16px 20px', flexWrap: 'wrap', gap: 12 }}
                actions={
                  alert.acknowledged_at
                    ? []
                    : [
                        <Button key="ack" type="primary" onClick={() => setAcknowledging(alert)} aria-label={t('vitals.alerts.acknowledgeLabel', { name: alert.patient_name ?? `#${alert.patient_id}` })}>
                          {t('vitals.alerts.acknowledge')}
                        </Button>,
                      ]
                }
              >
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <span>{alert.patient_name ?? t('vitals.alerts.patient', { id: alert.patient_id })}</span>
                      <Tag color={LEVEL_COLOR[alert.level]}>{levelLabel(alert.level)}</Tag>
                      {alert.acknowledged_at ? <Tag>{t('vitals.alerts.acknowledged')}</Tag> : null}
                    </Space>
                  }
                  description={
                    <Space orientation="vertical" size={4}>
                      <Typography.Text strong>
                        {t(`vitals.kind.${alert.reading.kind}`)}: {readingText(alert.reading)}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {t('vitals.alerts.measured', { when: formatDate(alert.reading.measured_at, 'dateTime'), source: t(`vitals.source.${alert.reading.source}`) })}
                        {alert.reading.status === 'entered_in_error' ? ` · ${t('vitals.status.entered_in_error')}` : ''}
                      </Typography.Text>
                      {alert.acknowledged_at ? (
                        <Typography.Text type="secondary">
                          {t('vitals.alerts.acknowledgedAt', { when: formatDate(alert.acknowledged_at, 'dateTime') })}
                          {alert.note ? `: ${alert.note}` : ''}
                        </Typography.Text>
                      ) : null}
                      <Link to={`/dashboard/doctor/patients/${alert.patient_id}/readings`} state={{ patientName: alert.patient_name }}>{t('vitals.alerts.seeReadings')}</Link>
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      ) : null}
      <AcknowledgeDialog alert={acknowledging} onClose={() => setAcknowledging(null)} />
    </div>
  );
}

function AcknowledgeDialog({ alert, onClose }: { alert: VitalAlert | null; onClose: () => void }) {
  const { t } = useDoctorTranslation();
  const acknowledge = useAcknowledgeAlert();
  const [note, setNote] = useState('');
  const close = () => {
    setNote('');
    onClose();
  };
  const submit = () => {
    if (!alert) return;
    acknowledge.mutate(
      { alertId: alert.alert_id, note: note.trim() || undefined },
      {
        onSuccess: (reply) => {
          toast.success(reply.message); // in the request's language (the gateway translates the service's English)
          close();
        },
        onError: (error) => toast.error(translateMessage(errorText(error, 'Failed to acknowledge the alert'), 'doctor')),
      },
    );
  };
  return (
    <Modal
      open={alert !== null}
      title={t('vitals.alerts.dialogTitle', { name: alert?.patient_name ?? '' })}
      okText={t('vitals.alerts.acknowledge')}
      cancelText={t('vitals.alerts.cancel')}
      onOk={submit}
      onCancel={close}
      confirmLoading={acknowledge.isPending}
      destroyOnHidden
    >
      {alert ? <Typography.Paragraph>{readingText(alert.reading)}</Typography.Paragraph> : null}
      <label htmlFor="vital-alert-note">{t('vitals.alerts.note')}</label>
      <Input.TextArea id="vital-alert-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} rows={3} style={{ marginTop: 4 }} />
    </Modal>
  );
}
