import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';

/**
 * A route element whose page code is fetched when the route is first visited, not with the remote's route table:
 * pages most visits never open (support, payments, records) stay off the dashboard's first load. The dashboard
 * layout stays on screen while the page arrives.
 */
export function lazyPage(load: () => Promise<ComponentType>): ReactElement {
  const Page = lazy(() => load().then((Component) => ({ default: Component })));
  return (
    <Suspense
      fallback={
        <div role="status" aria-label="Loading page" style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
}
