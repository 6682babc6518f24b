import type { FamilyMember } from '@afya/auth-service/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty, Grid, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { calls, errorText, listPage } from 'shell/api-client';
import { formatDate } from 'shell/i18n';
import { AppointmentCard, ErrorState, MedicinesTable } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';

const memberKey = (memberId: number, what: string) => ['family', 'member', memberId, what] as const;

/**
 * A member's appointments, prescriptions and medical history, for a carer with `records` (a child: until 18). Each opening is a read in
 * the member's access log (the services write it), so the lists are fetched only while the drawer is open.
 */
function MemberRecordsBody({ memberId }: { memberId: number }) {
  const { t } = usePatientTranslation();
  const params = { member_id: String(memberId) };
  const appointments = useQuery({
    queryKey: memberKey(memberId, 'appointments'),
    queryFn: async () => listPage(await calls.appointments.familyMemberAppointments({ params, query: {} }, { context: { fallback: t('family.records.failed') } })).items,
  });
  const prescriptions = useQuery({
    queryKey: memberKey(memberId, 'prescriptions'),
    queryFn: async () => listPage(await calls.prescriptions.familyMemberPrescriptions({ params, query: {} }, { context: { fallback: t('family.records.failed') } })).items,
  });
  const history = useQuery({
    queryKey: memberKey(memberId, 'history'),
    queryFn: () => calls.prescriptions.familyMemberHistory({ params }, { context: { fallback: t('family.records.failed') } }),
  });
  return (
    <Tabs
      items={[
        {
          key: 'appointments',
          label: t('family.records.appointments'),
          children: appointments.isLoading ? (
            <Spin />
          ) : appointments.isError ? (
            <ErrorState message={errorText(appointments.error, t('family.records.failed'))} onRetry={() => void appointments.refetch()} />
          ) : appointments.data?.length ? (
            appointments.data.map((a) => <AppointmentCard key={a.appointment_id} appointment={a} title={`Dr. ${a.doctor.first_name} ${a.doctor.last_name}`} />)
          ) : (
            <Empty description={t('family.records.noAppointments')} />
          ),
        },
        {
          key: 'prescriptions',
          label: t('family.records.prescriptions'),
          children: prescriptions.isLoading ? (
            <Spin />
          ) : prescriptions.isError ? (
            <ErrorState message={errorText(prescriptions.error, t('family.records.failed'))} onRetry={() => void prescriptions.refetch()} />
          ) : prescriptions.data?.length ? (
            prescriptions.data.map((p) => (
              <Card key={p.prescription_id} size="small" style={{ marginBottom: 12 }} title={p.prescription_number} data-testid="member-prescription">
                <Typography.Paragraph type="secondary">
                  {t('family.records.issued', { doctor: p.doctor_name ?? '', date: formatDate(p.issued_at, 'date') })}
                </Typography.Paragraph>
                <MedicinesTable medicines={p.medicines} />
                {p.notes ? <Typography.Paragraph style={{ marginTop: 8 }}>{p.notes}</Typography.Paragraph> : null}
              </Card>
            ))
          ) : (
            <Empty description={t('family.records.noPrescriptions')} />
          ),
        },
        {
          key: 'history',
          label: t('family.records.history'),
          children: history.isLoading ? (
            <Spin />
          ) : history.isError ? (
            <ErrorState message={errorText(history.error, t('family.records.failed'))} onRetry={() => void history.refetch()} />
          ) : history.data?.records.length ? (
            history.data.records.map((r) => (
              <Card key={r.id} size="small" style={{ marginBottom: 12 }} data-testid="member-history-record">
                <Typography.Text strong>
                  {r.type === 'prescription' ? t('family.records.prescriptionRecord') : t('family.records.visitRecord')}
                  {r.date ? ` · ${formatDate(r.date.slice(0, 10), 'date')}` : ''}
                </Typography.Text>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                  {r.doctor_name ?? ''}
                </Typography.Paragraph>
                {r.diagnosis ? <Typography.Paragraph style={{ marginBottom: 4 }}>{r.diagnosis}</Typography.Paragraph> : null}
                {r.medicines.length ? <MedicinesTable medicines={r.medicines} /> : null}
              </Card>
            ))
          ) : (
            <Empty description={t('family.records.noHistory')} />
          ),
        },
      ]}
    />
  );
}

export function MemberRecordsButton({ member }: { member: FamilyMember }) {
  const { t } = usePatientTranslation();
  const [open, setOpen] = useState(false);
  const phone = Grid.useBreakpoint().sm === false;
  if (member.member_id === null || member.status !== 'active' || !member.scopes.includes('records')) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('family.records.open')}
      </Button>
      <Drawer title={t('family.records.title', { name: member.full_name })} open={open} onClose={() => setOpen(false)} size={phone ? '100%' : 560} destroyOnHidden>
        {open ? <MemberRecordsBody memberId={member.member_id} /> : null}
      </Drawer>
    </>
  );
}
