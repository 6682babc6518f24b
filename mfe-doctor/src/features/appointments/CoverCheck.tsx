import type { AppointmentView, CoverCheckResult } from '@afya/appointment-service/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { errorText, calls, queryKeys } from 'shell/api-client';
import { formatKsh, toast } from 'shell/ui-kit';
import { t, useDoctorTranslation } from '../../i18n';

const CHECK_COLOURS = { pending: 'default', verified: 'green', rejected: 'red', self_pay: 'orange' } as const;

/** A covered visit's line on the card (issue 38): payer, member number, the split, and the desk's check. */
export function coverFacts(a: Pick<AppointmentView, 'cover'>): Array<[string, ReactNode]> {
  const c = a.cover;
  if (!c) return [];
  return [
    [
      t('cover.label'),
      <span key="cover">
        {t('cover.line', { payer: c.payer_code, number: c.member_number, covered: formatKsh(c.cover_amount), due: formatKsh(c.copay_amount) })}{' '}
        <Tag color={CHECK_COLOURS[c.check_status]}>{t(`cover.check.${c.check_status}`)}</Tag>
      </span>,
    ],
  ];
}

/** POST /appointments/{id}/cover-check: the card shows the server's answer, every appointment list refreshes. */
function useCoverCheck(onUpdated: (appointment: AppointmentView) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, result, reason }: { id: number; result: CoverCheckResult; reason?: string }) =>
      calls.appointments.coverCheck({ params: { id }, body: { result, ...(reason ? { reason } : {}) } }, { context: { fallback: 'Failed to record the cover check' } }),
    onSuccess: ({ appointment }) => {
      onUpdated(appointment);
      toast.success(t('cover.saved'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    },
    onError: (error) => toast.error(errorText(error, t('cover.failed'))),
  });
}

/**
 * The desk's marks for a covered visit (Pending or Confirmed): verified, rejected (with the reason) or self-pay
 * instead. Rejected or self-pay makes the rest of the fee due from the patient; a later mark corrects an earlier one.
 */
export function CoverCheckButtons({ appointment: a, onUpdated }: { appointment: AppointmentView; onUpdated: (appointment: AppointmentView) => void }) {
  const { t: tr } = useDoctorTranslation();
  const check = useCoverCheck(onUpdated);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (!a.cover || (a.appointment_status !== 'Pending' && a.appointment_status !== 'Confirmed')) return null;
  const mark = (result: CoverCheckResult, why?: string) => check.mutate({ id: a.appointment_id, result, reason: why });
  const busy = check.isPending;
  return (
    <>
      <Space wrap size={6}>
        <Button size="small" onClick={() => mark('verified')} loading={busy} disabled={a.cover.check_status === 'verified'}>
          {tr('cover.verify')}
        </Button>
        <Button size="small" danger onClick={() => setRejecting(true)} disabled={busy}>
          {tr('cover.reject')}
        </Button>
        <Button size="small" onClick={() => mark('self_pay')} disabled={busy || a.cover.check_status === 'self_pay'}>
          {tr('cover.selfPay')}
        </Button>
      </Space>
      <Modal
        open={rejecting}
        title={tr('cover.rejectTitle', { payer: a.cover.payer_name })}
        okText={tr('cover.reject')}
        cancelText={tr('cover.cancel')}
        okButtonProps={{ danger: true, disabled: reason.trim().length < 2, loading: busy }}
        onCancel={() => setRejecting(false)}
        onOk={() =>
          check.mutate(
            { id: a.appointment_id, result: 'rejected', reason: reason.trim() },
            {
              onSuccess: () => {
                setRejecting(false);
                setReason('');
              },
            },
          )
        }
      >
        <label htmlFor={`reject-${a.appointment_id}`}>{tr('cover.reason')}</label>
        <Input id={`reject-${a.appointment_id}`} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        <p style={{ marginTop: 8 }}>{tr('cover.rejectHint', { rest: formatKsh(a.cover.fee - a.cover.paid_amount) })}</p>
      </Modal>
    </>
  );
}
