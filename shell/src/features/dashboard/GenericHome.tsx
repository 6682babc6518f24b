import { Card } from 'antd';
import { useTranslation } from 'shell/i18n';
import { fullName, useSession } from 'shell/session';
import { EmptyState, PageHeader } from 'shell/ui-kit';

/** Home for a role that has no remote (contract: any other role sees only Dashboard). */
export function GenericHome() {
  const user = useSession((s) => s.user);
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeader title={t('dashboard.generic.welcome', { name: fullName(user) || t('dashboard.generic.there') })} />
      <Card>
        <EmptyState title={t('dashboard.generic.emptyTitle')} description={t('dashboard.generic.emptyText')} />
      </Card>
    </>
  );
}
