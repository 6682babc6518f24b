import { EditOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { Money } from 'shell/ui-kit';

export const AMOUNT_RULE = 'Enter an amount of at least Ksh 0.';

/** A typed amount, or an error: numeric, minimum 0 (SPEC.md section 5). */
export function validateAmount(value: unknown): { ok: true; amount: number } | { ok: false; error: string } {
  if (value === null || value === undefined || value === '') return { ok: false, error: AMOUNT_RULE };
  const n = typeof value === 'number' ? value : Number(String(value).replace(/,/g, '').trim());
  if (!Number.isFinite(n) || n < 0) return { ok: false, error: AMOUNT_RULE };
  return { ok: true, amount: Math.round(n * 100) / 100 };
}

/** Inline amount edit: the amount in Ksh with an edit button; then a number field with Save / Cancel. */
export function AmountEditor({ id, value, onSave }: { id: number; value: number | string | null | undefined; onSave: (amount: number) => Promise<boolean> }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<number | string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (!editing) {
    return (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <Money value={value} strong />
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={`Edit amount of appointment #${id}`}
          onClick={() => {
            setDraft(value === null || value === undefined || value === '' ? null : Number(value));
            setError(null);
            setEditing(true);
          }}
        />
      </span>
    );
  }

  const save = async () => {
    const v = validateAmount(draft);
    if (!v.ok) {
      setError(v.error);
      return;
    }
    setSaving(true);
    const ok = await onSave(v.amount);
    setSaving(false);
    if (ok) setEditing(false);
  };

  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <InputNumber
        size="small"
        min={0}
        step={50}
        prefix="Ksh"
        autoFocus
        aria-label={`Amount of appointment #${id} in Ksh`}
        value={draft as number | null}
        status={error ? 'error' : undefined}
        onChange={(v) => {
          setDraft(v);
          setError(null);
        }}
        onPressEnter={save}
        style={{ width: '100%', maxWidth: 160 }}
      />
      {error ? (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
          {error}
        </Typography.Text>
      ) : null}
      <Space size={4}>
        <Button size="small" type="primary" onClick={save} loading={saving}>
          Save
        </Button>
        <Button size="small" onClick={() => setEditing(false)} disabled={saving}>
          Cancel
        </Button>
      </Space>
    </Space>
  );
}
