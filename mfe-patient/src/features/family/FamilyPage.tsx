import { Col, Row, Typography } from 'antd';
import { queryStatus } from 'shell/api-client';
import { ErrorState, PageHeader } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { useFamily } from '../../api/family';
import { AddChildForm } from './AddChildForm';
import { InviteAdultForm } from './InviteAdultForm';
import { CarersList, InvitationsList, MembersList } from './FamilyLists';

/**
 * /dashboard/family (issue 36): the children a patient cares for and the adults linked to them, the invitations
 * waiting for their answer, and the forms to add a child (with the consent) or invite an adult by phone.
 */
export function FamilyPage() {
  const { t } = usePatientTranslation();
  const family = useFamily();
  const data = family.data;
  return (
    <div>
      <PageHeader title={t('family.page.title')} subtitle={t('family.page.subtitle')} />
      {queryStatus(family).failed ? <ErrorState message={t('family.loadFailed')} onRetry={() => void family.refetch()} /> : null}
      {data?.invitations.length ? <InvitationsList invitations={data.invitations} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <MembersList members={data?.members ?? []} loading={family.isLoading} />
          {data?.carers.length ? <CarersList carers={data.carers} /> : null}
        </Col>
        <Col xs={24} xl={10}>
          <AddChildForm />
          <InviteAdultForm />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            {t('family.page.privacy')}
          </Typography.Paragraph>
        </Col>
      </Row>
    </div>
  );
}
