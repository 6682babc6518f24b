import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ErasureRequestView } from '@afya/auth-service/contracts';
import { downloadBlob, errorText, userApi } from 'shell/api-client';
import { formatDate, i18n, useTranslation } from 'shell/i18n';
import { toast } from 'shell/ui-kit';

/** How the profile states an erasure request: waiting, or rejected (approved accounts cannot sign in any more). */
export function erasureStatusText(request: ErasureRequestView | null): string | null {
  if (!request) return null;
  const day = formatDate(request.requested_at, 'dateLong');
  if (request.status === 'pending') return i18n.t('dataRights.pending', { ns: 'shell', day });
  if (request.status === 'rejected') return i18n.t('dataRights.rejected', { ns: 'shell', day });
  return null;
}

/**
 * "Your data" in the profile (data rights): download everything Afya holds about the account, as a JSON archive or a
 * readable PDF, and ask for the account to be erased (an administrator approves). Admins' accounts are closed by
 * another admin, so they only get the downloads.
 */
export function DataRightsSection({ userId, canAskErasure }: { userId: number; canAskErasure: boolean }) {
  const [downloading, setDownloading] = useState<'json' | 'pdf' | null>(null);
  const [request, setRequest] = useState<ErasureRequestView | null>(null);
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [reason, setReason] = useState('');
  const { t } = useTranslation('shell');

  useEffect(() => {
    if (!canAskErasure) return;
    let live = true;
    userApi
      .erasureRequest()
      .then((reply) => live && setRequest(reply.request))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [canAskErasure, userId]);

  const download = async (format: 'json' | 'pdf') => {
    setDownloading(format);
    try {
      await downloadBlob(format === 'json' ? 'user/data-export' : 'user/data-export/pdf', `afya-data-export-${userId}.${format}`, {
        fallback: 'Failed to download your data',
      });
      toast.success(t('dataRights.downloaded'));
    } catch (error) {
      toast.error(errorText(error, 'Failed to download your data'));
    } finally {
      setDownloading(null);
    }
  };

  const send = async () => {
    setSending(true);
    try {
      const reply = await userApi.requestErasure(reason.trim());
      setRequest(reply.request);
      toast.success(reply.message ?? t('dataRights.sent'));
      setAsking(false);
      setReason('');
    } catch (error) {
      toast.error(errorText(error, 'Failed to send the erasure request'));
    } finally {
      setSending(false);
    }
  };

  const status = erasureStatusText(request);
  return (
    <section aria-labelledby="data-rights-title">
      <Typography.Title level={5} id="data-rights-title" style={{ marginTop: 0 }}>
        {t('dataRights.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('dataRights.text')}
      </Typography.Paragraph>
      <Space wrap>
        <Button icon={<DownloadOutlined />} loading={downloading === 'json'} disabled={downloading !== null} onClick={() => void download('json')}>
          {t('dataRights.json')}
        </Button>
        <Button icon={<DownloadOutlined />} loading={downloading === 'pdf'} disabled={downloading !== null} onClick={() => void download('pdf')}>
          {t('dataRights.pdf')}
        </Button>
      </Space>
      {canAskErasure ? (
        <div style={{ marginTop: 16 }}>
          {status ? <Alert type={request?.status === 'pending' ? 'info' : 'warning'} showIcon role="status" title={status} style={{ marginBottom: 8 }} /> : null}
          {request?.status === 'pending' ? null : (
            <Button danger onClick={() => setAsking(true)}>
              {t('dataRights.ask')}
            </Button>
          )}
        </div>
      ) : null}
      <Modal
        open={asking}
        title={t('dataRights.modalTitle')}
        okText={t('dataRights.send')}
        okButtonProps={{ danger: true, loading: sending }}
        onOk={() => void send()}
        onCancel={sending ? undefined : () => setAsking(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {t('dataRights.explain')}
        </Typography.Paragraph>
        <label htmlFor="erasure-reason">{t('dataRights.reason')}</label>
        <Input.TextArea id="erasure-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </section>
  );
}
