import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { useTranslation } from '../i18n';

/**
 * A route element whose page code is fetched when the route is first visited, not with the remote's route table:
 * pages most visits never open (support, payments, records) stay off the dashboard's first load. The dashboard
 * layout stays on screen while the page arrives.
 */
function PageLoading() {
  const { t } = useTranslation('shell');
  return (
    <div role="status" aria-label={t('common.loadingPage')} style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

export function lazyPage(load: () => Promise<ComponentType>): ReactElement {
  const Page = lazy(() => load().then((Component) => ({ default: Component })));
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
