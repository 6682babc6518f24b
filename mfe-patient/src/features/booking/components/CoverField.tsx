import { bookingAmount } from '@afya/appointment-service/contracts/booking-rules';
import { copaySplit, coverValidOn } from '@afya/appointment-service/contracts/insurance-rules';
import { Alert, Form, Radio, Typography } from 'antd';
import { formatKsh } from 'shell/ui-kit';
import { usePatientTranslation } from '../../../i18n';
import type { Doctor } from '../../../api/doctors';
import { type Cover, type DoctorPayer, useCovers, useDoctorPayers } from '../../../api/insurance';

/** The covers of the patient the doctor accepts and that are valid on the date, each with the doctor's terms. */
export function usableCovers(covers: Cover[], accepted: DoctorPayer[], date: string | undefined): { cover: Cover; terms: DoctorPayer }[] {
  return covers.flatMap((cover) => {
    const terms = accepted.find((p) => p.payer_id === cover.payer_id);
    return terms && (!date || coverValidOn(cover.valid_until, date)) ? [{ cover, terms }] : [];
  });
}

/**
 * "How will you pay?" (issue 38): Pay myself (today's flow, the default) or one of the patient's covers that the
 * doctor accepts, with what the payer covers and what the patient pays now ("SHA covers Ksh 1,500; you pay Ksh 500"),
 * the figures of the service's own rule. Shown only when the patient has a cover.
 */
export function CoverField({ enabled, doctor, type, date, memberId }: { enabled: boolean; doctor?: Doctor; type?: string; date?: string; memberId?: number }) {
  const { t } = usePatientTranslation();
  const covers = useCovers(memberId, enabled).data?.covers ?? [];
  const accepted = useDoctorPayers(enabled && doctor ? doctor.doctor_id : undefined).data?.payers ?? [];
  const chosen = Form.useWatch('cover') as 'self' | number | undefined;
  if (!enabled || !covers.length) return null;
  const usable = usableCovers(covers, doctor ? accepted : [], date);
  const fee = bookingAmount(type ?? '', doctor?.fee ?? null);
  const picked = usable.find((u) => u.cover.cover_id === chosen);
  const split = picked ? copaySplit(fee, picked.terms.copay_kind, picked.terms.copay_value) : null;
  return (
    <>
      <Form.Item name="cover" label={t('booking.cover.how')} initialValue="self">
        <Radio.Group
          aria-label={t('booking.cover.how')}
          style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
          options={[
            { value: 'self', label: t('booking.cover.self') },
            ...usable.map(({ cover }) => ({ value: cover.cover_id, label: t('booking.cover.with', { payer: cover.payer.name, number: cover.member_number }) })),
          ]}
        />
      </Form.Item>
      {doctor && !usable.length ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
          {t('booking.cover.noneAccepted')}
        </Typography.Paragraph>
      ) : null}
      {picked && split ? (
        <Alert
          type="info"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          title={t('booking.cover.split', { payer: picked.cover.payer.code, covered: formatKsh(split.cover_amount), due: formatKsh(split.copay_amount) })}
          description={t('booking.cover.atDesk')}
        />
      ) : null}
    </>
  );
}
