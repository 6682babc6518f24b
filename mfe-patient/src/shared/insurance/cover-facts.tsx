import type { AppointmentView } from '@afya/appointment-service/contracts';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { formatKsh } from 'shell/ui-kit';
import { t } from '../../i18n';

const CHECK_COLOURS = { pending: 'default', verified: 'green', rejected: 'red', self_pay: 'orange' } as const;

/** A covered visit's line on its card (issue 38): the payer, what they cover and the patient pays, and the desk's check. */
export function coverFacts(a: Pick<AppointmentView, 'cover'>): Array<[string, ReactNode]> {
  const cover = a.cover;
  if (!cover) return [];
  return [
    [
      t('appointments.cover'),
      <span key="cover">
        {t('booking.cover.split', { payer: cover.payer_code, covered: formatKsh(cover.cover_amount), due: formatKsh(cover.copay_amount) })}{' '}
        <Tag color={CHECK_COLOURS[cover.check_status]}>{t(`insurance.check.${cover.check_status}`)}</Tag>
      </span>,
    ],
  ];
}
