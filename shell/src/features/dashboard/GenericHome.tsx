import { Card } from 'antd';
import { fullName, useSession } from 'shell/session';
import { EmptyState, PageHeader } from 'shell/ui-kit';

/** Home for a role that has no remote (contract: any other role sees only Dashboard). */
export function GenericHome() {
  const user = useSession((s) => s.user);
  return (
    <>
      <PageHeader title={`Welcome, ${fullName(user) || 'there'}`} />
      <Card>
        <EmptyState title="Nothing to show yet" description="Your account has no dashboard pages. Contact support if this looks wrong." />
      </Card>
    </>
  );
}
