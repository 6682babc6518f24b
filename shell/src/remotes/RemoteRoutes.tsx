import { Button, Card, Result, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { translateMessage, useTranslation } from 'shell/i18n';
import { ErrorBoundary } from './ErrorBoundary';
import { loadRemoteRoutes, type RemoteName } from './remotes-config';
import { ShellVersionMismatchError } from './shell-compat';

type LoadState = { status: 'loading' } | { status: 'ready'; routes: RouteObject[] } | { status: 'error'; error: unknown };

const cache = new Map<RemoteName, RouteObject[]>();
/** Forget loaded route tables (tests). */
export function clearRemoteRoutesCache(): void {
  cache.clear();
}

export const REMOTE_UNAVAILABLE = 'This part of Afya could not be loaded.';
export const REMOTE_UNAVAILABLE_HINT = 'Check your connection and try again.';

/**
 * A remote that could not be loaded or crashed: a plain message and Retry. The technical detail (federation
 * codes like #RUNTIME-013, manifests' JSON, URLs) means nothing to a patient and goes to the console only.
 */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Card>
      <Result
        status="warning"
        title={translateMessage(REMOTE_UNAVAILABLE)}
        subTitle={translateMessage(REMOTE_UNAVAILABLE_HINT)}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    </Card>
  );
}

export const SHELL_OUTDATED = 'This part of Afya has been updated.';
export const SHELL_OUTDATED_HINT = 'Reload the page to get the latest version of the app.';

/**
 * The remote needs shell libs newer (or older) than this page's shell: Retry would load the same pair, a reload
 * fetches the shell that is deployed now (index.html is never cached). The versions are shown small, for
 * support; they are not technical noise like a federation error code.
 */
export function ShellOutdated({ error, onReload }: { error: ShellVersionMismatchError; onReload: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Card>
      <Result
        status="info"
        title={translateMessage(SHELL_OUTDATED)}
        subTitle={
          <>
            {translateMessage(SHELL_OUTDATED_HINT)}
            <br />
            <small>{t('remotes.versions', { required: error.requiredShell, current: error.shellVersion })}</small>
          </>
        }
        extra={
          <Button type="primary" onClick={onReload}>
            {t('remotes.reload')}
          </Button>
        }
      />
    </Card>
  );
}

function reloadPage(): void {
  window.location.reload();
}

function MountedRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Loads the role's remote route table at runtime and renders it inside the dashboard layout. */
export function RemoteRoutes({ name }: { name: RemoteName }) {
  const location = useLocation();
  const [state, setState] = useState<LoadState>(() => {
    const cached = cache.get(name);
    return cached ? { status: 'ready', routes: cached } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const { t } = useTranslation('shell');

  useEffect(() => {
    if (cache.has(name) && attempt === 0) {
      setState({ status: 'ready', routes: cache.get(name)! });
      return;
    }
    let alive = true;
    setState({ status: 'loading' });
    loadRemoteRoutes(name, { retry: attempt > 0 })
      .then((routes) => {
        cache.set(name, routes);
        if (alive) setState({ status: 'ready', routes });
      })
      .catch((error: unknown) => {
        // The technical error, for whoever debugs it; the page shows a plain message.
        console.error(`[afya] ${name} could not be loaded`, error);
        if (alive) setState({ status: 'error', error });
      });
    return () => {
      alive = false;
    };
  }, [name, attempt]);

  const retry = useCallback(() => {
    cache.delete(name);
    setAttempt((a) => a + 1);
  }, [name]);

  if (state.status === 'loading') {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
        <Spin size="large" description={t('remotes.loading')} />
      </div>
    );
  }
  if (state.status === 'error') {
    if (state.error instanceof ShellVersionMismatchError) return <ShellOutdated error={state.error} onReload={reloadPage} />;
    return <RemoteUnavailable onRetry={retry} />;
  }
  return (
    <ErrorBoundary
      resetKey={location.pathname}
      // The boundary has logged the crash (componentDidCatch); the page shows the plain message.
      fallback={(_error, reset) => (
        <RemoteUnavailable
          onRetry={() => {
            reset();
            retry();
          }}
        />
      )}
    >
      <MountedRoutes routes={state.routes} />
    </ErrorBoundary>
  );
}
