import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ErasureRequestView } from '@afya/auth-service/contracts';
import { downloadBlob, errorText, userApi } from 'shell/api-client';
import { toast } from 'shell/ui-kit';

/** How the profile states an erasure request: waiting, or rejected (approved accounts cannot sign in any more). */
export function erasureStatusText(request: ErasureRequestView | null): string | null {
  if (!request) return null;
  const day = new Date(request.requested_at).toLocaleDateString('en-KE', { day: 'numeric', month: 'long', year: 'numeric' });
  if (request.status === 'pending') return `You asked on ${day} for your account to be erased. An administrator will review the request.`;
  if (request.status === 'rejected') return `Your erasure request of ${day} was not approved. Contact support to know why, or ask again.`;
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
      toast.success('Your data has been downloaded');
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
      toast.success(reply.message ?? 'Your erasure request has been sent.');
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
        Your data
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Download your profile, appointments, payments, prescriptions, medical history, support tickets and who accessed your records.
      </Typography.Paragraph>
      <Space wrap>
        <Button icon={<DownloadOutlined />} loading={downloading === 'json'} disabled={downloading !== null} onClick={() => void download('json')}>
          Download data (JSON)
        </Button>
        <Button icon={<DownloadOutlined />} loading={downloading === 'pdf'} disabled={downloading !== null} onClick={() => void download('pdf')}>
          Download as PDF
        </Button>
      </Space>
      {canAskErasure ? (
        <div style={{ marginTop: 16 }}>
          {status ? <Alert type={request?.status === 'pending' ? 'info' : 'warning'} showIcon role="status" title={status} style={{ marginBottom: 8 }} /> : null}
          {request?.status === 'pending' ? null : (
            <Button danger onClick={() => setAsking(true)}>
              Ask to erase my account
            </Button>
          )}
        </div>
      ) : null}
      <Modal
        open={asking}
        title="Erase my account?"
        okText="Send request"
        okButtonProps={{ danger: true, loading: sending }}
        onOk={() => void send()}
        onCancel={sending ? undefined : () => setAsking(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          Once an administrator approves, your name and contact details are removed, you are signed out everywhere and your upcoming appointments are
          cancelled (paid ones are refunded as our cancellation policy allows). Medical and payment records are kept, as the law requires, without your
          name. Download your data first if you want a copy.
        </Typography.Paragraph>
        <label htmlFor="erasure-reason">Reason (optional)</label>
        <Input.TextArea id="erasure-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </section>
  );
}
