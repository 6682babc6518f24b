import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSession } from 'shell/session';
import { formatKsh, readKshInput, toast, zeroNeedsConfirmation } from 'shell/ui-kit';
import { fetchMyDoctorProfile, updateFee, type DoctorProfile } from './api';

export const FEE_RULE = 'Enter a fee of at least Ksh 0.';
export const FEE_NEGATIVE = 'A fee cannot be negative. Enter Ksh 0 or more.';

/** The fee a doctor typed, or the message to show: a number of at least 0 (SPEC.md section 5). */
export function validateFee(value: unknown): { ok: true; fee: number } | { ok: false; error: string } {
  const r = readKshInput(value);
  if (r.ok) return { ok: true, fee: r.amount };
  return { ok: false, error: r.reason === 'negative' ? FEE_NEGATIVE : FEE_RULE };
}

/** Consultation fee panel: fee in Ksh or 'Not set', with Edit / Save / Cancel. */
export function ConsultationFeeCard() {
  const userId = useSession((s) => s.user?.user_id);
  const [profile, setProfile] = useState<DoctorProfile | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<number | string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmZero, setConfirmZero] = useState(false);

  const load = useCallback(() => {
    if (!userId) return;
    setLoading(true);
    setLoadError(null);
    fetchMyDoctorProfile(userId)
      .then(setProfile)
      .catch(() => {
        setLoadError('Failed to load doctor profile.');
        toast.error('Failed to load doctor profile.');
      })
      .finally(() => setLoading(false));
  }, [userId]);
  useEffect(load, [load]);

  const fee = profile?.fee === null || profile?.fee === undefined || profile?.fee === '' ? null : Number(profile.fee);

  const startEdit = () => {
    setDraft(fee);
    setError(null);
    setEditing(true);
  };
  /** Save: refuse an invalid fee in the form; ask before a fee of 0 (`confirmed` once asked). */
  const save = async (confirmed = false) => {
    if (!profile?.doctor_id) {
      setError('Doctor ID missing');
      toast.error('Failed to update fee');
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
    setSaving(true);
    try {
      const updated = await updateFee(profile.doctor_id, v.fee);
      setProfile((p) => ({ ...(p as DoctorProfile), ...(updated ?? {}), fee: updated?.fee ?? v.fee }));
      setEditing(false);
      toast.success('Fee updated!');
    } catch {
      toast.error('Failed to update fee');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Consultation Fee" loading={loading && !loadError} style={{ height: '100%' }}>
      {loadError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={loadError}
          action={
            <Button size="small" danger onClick={load}>
              Retry
            </Button>
          }
        />
      ) : editing ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <label htmlFor="consultation-fee">
            <Typography.Text type="secondary">Fee per consultation (Ksh)</Typography.Text>
          </label>
          <InputNumber
            id="consultation-fee"
            aria-label="Consultation fee in Ksh"
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
              title="Set your fee to Ksh 0?"
              description="Patients will book with you for free."
              okText="Set to Ksh 0"
              cancelText="Keep editing"
              onConfirm={() => save(true)}
              onCancel={() => setConfirmZero(false)}
              onOpenChange={(open) => !open && setConfirmZero(false)}
            >
              <Button type="primary" onClick={() => save()} loading={saving}>
                Save
              </Button>
            </Popconfirm>
            <Button
              onClick={() => {
                setConfirmZero(false);
                setEditing(false);
              }}
              disabled={saving}
            >
              Cancel
            </Button>
          </Space>
        </Space>
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
          <div>
            <div data-testid="fee-value" style={{ fontSize: 24, fontWeight: 700 }}>
              {fee === null ? 'Not set' : formatKsh(fee)}
            </div>
            <Typography.Text type="secondary">
              {fee === null ? 'Patients pay the default fee of the appointment type.' : 'Patients pay this for every booking with you.'}
            </Typography.Text>
          </div>
          <Button icon={<EditOutlined />} onClick={startEdit} disabled={!profile}>
            Edit
          </Button>
        </div>
      )}
    </Card>
  );
}
