import { AppointmentMessages, MAX_AMOUNT } from '@afya/appointment-service/contracts/catalog';
import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from 'shell/session';
import { formatKsh, readKshInput, toast, zeroNeedsConfirmation } from 'shell/ui-kit';
import { useDoctorProfile, useUpdateFee } from './api';
import { t as translate, useDoctorTranslation } from '../../i18n';

/** The service's own message (the catalog), for an empty, non-numeric or negative fee. */
export const FEE_RULE = AppointmentMessages.fee;
export const FEE_TOO_LARGE = `Fee must be at most ${formatKsh(MAX_AMOUNT)}`;

/** The fee typed, or the message to show: a number from 0 to MAX_AMOUNT (CONTRACT.md §5). */
export function validateFee(value: unknown): { ok: true; fee: number } | { ok: false; error: string } {
  const r = readKshInput(value);
  if (r.ok) return { ok: true, fee: r.amount };
  return { ok: false, error: r.reason === 'too-large' ? translate('fee.tooLarge', { max: formatKsh(MAX_AMOUNT) }) : translate('messages.fee') };
}

/** Consultation fee panel: fee in Ksh or 'Not set', with Edit / Save / Cancel. */
export function ConsultationFeeCard() {
  const { t } = useDoctorTranslation();
  const userId = useSession((s) => s.user?.user_id);
  const profile = useDoctorProfile(userId);
  const saveFee = useUpdateFee(userId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<number | string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmZero, setConfirmZero] = useState(false);

  const fee = profile.data?.fee ?? null;

  const startEdit = () => {
    setDraft(fee);
    setError(null);
    setEditing(true);
  };
  const stopEdit = () => {
    setConfirmZero(false);
    setEditing(false);
  };

  /** Save: refuse an invalid fee in the form; ask before a fee of 0 (`confirmed` once asked). */
  const save = (confirmed = false) => {
    const doctorId = profile.data?.doctor_id;
    if (!doctorId) {
      setError(t('fee.noDoctorId'));
      toast.error(t('fee.failed'));
      return;
    }
    const v = validateFee(draft);
    if (!v.ok) {
      setError(v.error);
      return;
    }
    if (!confirmed && zeroNeedsConfirmation(v.fee, fee)) {
      setConfirmZero(true);
      return;
    }
    setConfirmZero(false);
    // A failure keeps the editor open (the hook says 'Failed to update fee').
    saveFee.mutate({ doctorId, fee: v.fee }, { onSuccess: () => setEditing(false) });
  };

  return (
    <Card title={t('fee.title')} loading={profile.isPending && profile.fetchStatus !== 'idle'} style={{ height: '100%' }}>
      {profile.isError && !profile.isFetching ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('fee.loadFailed')}
          action={
            <Button size="small" danger onClick={() => void profile.refetch()}>
              Retry
            </Button>
          }
        />
      ) : editing ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <label htmlFor="consultation-fee">
            <Typography.Text type="secondary">{t('fee.label')}</Typography.Text>
          </label>
          <InputNumber
            id="consultation-fee"
            aria-label={t('fee.inputLabel')}
            // No min={0}: antd would clamp a typed "-500" to 0 on blur and the fee would silently become 0.
            step={50}
            prefix="Ksh"
            value={draft as number | null}
            onChange={(v) => {
              setDraft(v);
              setError(null);
              setConfirmZero(false);
            }}
            onPressEnter={() => save()}
            status={error ? 'error' : undefined}
            style={{ width: '100%', maxWidth: 240 }}
          />
          {error ? (
            <Typography.Text type="danger" role="alert">
              {error}
            </Typography.Text>
          ) : null}
          <Space wrap>
            <Popconfirm
              open={confirmZero}
              title={t('fee.zeroTitle')}
              description={t('fee.zeroHint')}
              okText={t('fee.zeroOk')}
              cancelText={t('fee.keepEditing')}
              onConfirm={() => save(true)}
              onCancel={() => setConfirmZero(false)}
              onOpenChange={(open) => !open && setConfirmZero(false)}
            >
              <Button type="primary" onClick={() => save()} loading={saveFee.isPending}>
                {t('common.save')}
              </Button>
            </Popconfirm>
            <Button onClick={stopEdit} disabled={saveFee.isPending}>
              {t('common.cancel')}
            </Button>
          </Space>
        </Space>
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
          <div>
            <div data-testid="fee-value" style={{ fontSize: 24, fontWeight: 700 }}>
              {fee === null ? t('fee.notSet') : formatKsh(fee)}
            </div>
            <Typography.Text type="secondary">
              {fee === null ? t('fee.defaultHint') : t('fee.setHint')}
            </Typography.Text>
          </div>
          <Button icon={<EditOutlined />} onClick={startEdit} disabled={!profile.data}>
            {t('common.edit')}
          </Button>
        </div>
      )}
    </Card>
  );
}
