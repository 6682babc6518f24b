import type { CopayKind, DoctorPayer, Payer } from '@afya/appointment-service/contracts';
import { COPAY_KINDS } from '@afya/appointment-service/contracts/insurance-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, InputNumber, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { callKey, calls, errorText } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { useDoctorTranslation } from '../../i18n';

interface Terms {
  accepted: boolean;
  copay_kind: CopayKind;
  copay_value: number;
}

/** The rows to edit: every payer, with the doctor's terms where they accept it. */
export function termsOf(payers: Payer[], accepted: DoctorPayer[]): Map<number, Terms> {
  return new Map(
    payers.map((p) => {
      const current = accepted.find((a) => a.payer_id === p.payer_id);
      return [p.payer_id, current ? { accepted: true, copay_kind: current.copay_kind, copay_value: current.copay_value } : { accepted: false, copay_kind: 'none', copay_value: 0 }];
    }),
  );
}

/**
 * The payers the doctor accepts (issue 38) and, per payer, the co-pay: none, a fixed amount in Ksh, or a percentage of
 * the fee. Patients see them on the doctor's card, filter Find Doctors by them and book with their cover.
 */
export function AcceptedPayersCard({ doctorId }: { doctorId: number | undefined }) {
  const { t } = useDoctorTranslation();
  const queryClient = useQueryClient();
  const payers = useQuery({ queryKey: callKey('appointments', 'payers'), queryFn: () => calls.appointments.payers({}) });
  const key = callKey('appointments', 'doctorPayers', { params: { id: String(doctorId ?? 0) } });
  const accepted = useQuery({ queryKey: key, queryFn: () => calls.appointments.doctorPayers({ params: { id: String(doctorId) } }), enabled: doctorId !== undefined });
  const [rows, setRows] = useState<Map<number, Terms>>(new Map());
  useEffect(() => {
    if (payers.data && accepted.data) setRows(termsOf(payers.data.payers, accepted.data.payers));
  }, [payers.data, accepted.data]);
  const save = useMutation({
    mutationFn: () =>
      calls.appointments.setDoctorPayers({
        params: { id: String(doctorId) },
        body: { payers: [...rows].filter(([, r]) => r.accepted).map(([payer_id, r]) => ({ payer_id, copay_kind: r.copay_kind, copay_value: r.copay_kind === 'none' ? 0 : r.copay_value })) },
      }),
    onSuccess: (reply) => {
      queryClient.setQueryData(key, reply);
      toast.success(t('payers.saved'));
    },
  });
  const change = (id: number, patch: Partial<Terms>) => setRows((current) => new Map(current).set(id, { ...current.get(id)!, ...patch }));

  return (
    <Card title={t('payers.title')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('payers.hint')}</Typography.Paragraph>
      {save.isError ? <Alert type="error" showIcon role="alert" title={errorText(save.error, t('payers.failed'))} style={{ marginBottom: 12 }} /> : null}
      {!payers.data || !accepted.data ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size={10}>
          {payers.data.payers.map((p) => {
            const row = rows.get(p.payer_id);
            if (!row) return null;
            return (
              <div key={p.payer_id} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }} data-testid="payer-terms">
                <Checkbox checked={row.accepted} onChange={(e) => change(p.payer_id, { accepted: e.target.checked })} style={{ flex: '1 1 200px' }}>
                  {p.name}
                </Checkbox>
                {row.accepted ? (
                  <>
                    <Select
                      size="small"
                      aria-label={t('payers.copayOf', { payer: p.code })}
                      value={row.copay_kind}
                      onChange={(kind: CopayKind) => change(p.payer_id, { copay_kind: kind })}
                      options={COPAY_KINDS.map((kind) => ({ value: kind, label: t(`payers.kind.${kind}`) }))}
                      style={{ minWidth: 140 }}
                    />
                    {row.copay_kind !== 'none' ? (
                      <InputNumber
                        size="small"
                        min={0}
                        max={row.copay_kind === 'percent' ? 100 : undefined}
                        aria-label={t(row.copay_kind === 'percent' ? 'payers.percentOf' : 'payers.amountOf', { payer: p.code })}
                        value={row.copay_value}
                        onChange={(value) => change(p.payer_id, { copay_value: Number(value ?? 0) })}
                        suffix={row.copay_kind === 'percent' ? '%' : 'Ksh'}
                        style={{ width: 150 }}
                      />
                    ) : null}
                  </>
                ) : null}
              </div>
            );
          })}
          <Button type="primary" onClick={() => save.mutate()} loading={save.isPending} disabled={doctorId === undefined}>
            {t('payers.save')}
          </Button>
        </Space>
      )}
    </Card>
  );
}
