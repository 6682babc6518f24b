import { t as translate, useAdminTranslation } from '../../i18n';
import { AppointmentMessages, MAX_AMOUNT } from '@afya/appointment-service/contracts/catalog';
import { EditOutlined } from '@ant-design/icons';
import { Button, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { formatKsh, Money, readKshInput, zeroNeedsConfirmation } from 'shell/ui-kit';

/** The service's own message (the catalog), for an empty, non-numeric or negative amount. */
export const AMOUNT_RULE = AppointmentMessages.amount;
export const AMOUNT_TOO_LARGE = `Amount must be at most ${formatKsh(MAX_AMOUNT)}`;

/** The amount typed, or the message to show: a number from 0 to MAX_AMOUNT (CONTRACT.md §5). */
export function validateAmount(value: unknown): { ok: true; amount: number } | { ok: false; error: string } {
  const r = readKshInput(value);
  if (r.ok) return { ok: true, amount: r.amount };
  return { ok: false, error: r.reason === 'too-large' ? translate('amount.tooLarge', { max: formatKsh(MAX_AMOUNT) }) : translate('messages.amount') };
}

/** Inline amount edit: the amount in Ksh with an edit button; then a number field with Save / Cancel. */
export function AmountEditor({ id, value, onSave }: { id: number; value: number; onSave: (amount: number) => Promise<boolean> }) {
  const { t } = useAdminTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<number | string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmZero, setConfirmZero] = useState(false);

  if (!editing) {
    return (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <Money value={value} strong />
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={t('amount.editLabel', { id })}
          onClick={() => {
            setDraft(value);
            setError(null);
            setEditing(true);
          }}
        />
      </span>
    );
  }

  /** Refuse an invalid amount in the form; ask before an amount of 0 (`confirmed` once asked). */
  const save = async (confirmed = false) => {
    const v = validateAmount(draft);
    if (!v.ok) {
      setError(v.error);
      return;
    }
    if (!confirmed && zeroNeedsConfirmation(v.amount, value)) {
      setConfirmZero(true);
      return;
    }
    setConfirmZero(false);
    setSaving(true);
    const ok = await onSave(v.amount);
    setSaving(false);
    if (ok) setEditing(false);
  };

  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <InputNumber
        size="small"
        // No min={0}: antd would clamp a typed "-500" to 0 on blur and the amount would silently become 0.
        step={50}
        prefix="Ksh"
        autoFocus
        aria-label={t('amount.inputLabel', { id })}
        value={draft as number | null}
        status={error ? 'error' : undefined}
        onChange={(v) => {
          setDraft(v);
          setError(null);
          setConfirmZero(false);
        }}
        onPressEnter={() => save()}
        style={{ width: '100%', maxWidth: 160 }}
      />
      {error ? (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
          {error}
        </Typography.Text>
      ) : null}
      <Space size={4}>
        <Popconfirm
          open={confirmZero}
          title={t('amount.zeroTitle', { id })}
          description={t('amount.zeroHint')}
          okText={t('amount.zeroOk')}
          cancelText={t('amount.keepEditing')}
          onConfirm={() => save(true)}
          onCancel={() => setConfirmZero(false)}
          onOpenChange={(open) => !open && setConfirmZero(false)}
        >
          <Button size="small" type="primary" onClick={() => save()} loading={saving}>
            {t('common.save')}
          </Button>
        </Popconfirm>
        <Button
          size="small"
          onClick={() => {
            setConfirmZero(false);
            setEditing(false);
          }}
          disabled={saving}
        >
          {t('common.cancel')}
        </Button>
      </Space>
    </Space>
  );
}
