import { Card } from 'antd';
import { EmptyState, PageHeader } from './components';

/** Placeholder for dashboard pages that arrive with later issues. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState
          title="Coming soon"
          description={description ?? `${title} is being built and will appear here shortly.`}
        />
      </Card>
    </>
  );
}
