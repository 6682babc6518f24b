import { Card } from 'antd';
import { useTranslation } from '../i18n';
import { EmptyState, PageHeader } from './components';

/** Placeholder for dashboard pages that arrive with later issues. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState
          title={t('comingSoon.title')}
          description={description ?? t('comingSoon.text', { title })}
        />
      </Card>
    </>
  );
}
