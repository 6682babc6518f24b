import { Button, Card, Result, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { loadRemoteRoutes, type RemoteName } from './remotes-config';

const LABELS: Record<RemoteName, string> = {
  mfe_patient: 'patient',
  mfe_doctor: 'doctor',
  mfe_admin: 'admin',
};

type LoadState = { status: 'loading' } | { status: 'ready'; routes: RouteObject[] } | { status: 'error'; error: Error };

const cache = new Map<RemoteName, RouteObject[]>();
/** Forget loaded route tables (tests). */
export function clearRemoteRoutesCache(): void {
  cache.clear();
}

export function RemoteUnavailable({ name, onRetry, detail }: { name: RemoteName; onRetry: () => void; detail?: string }) {
  return (
    <Card>
      <Result
        status="warning"
        title={`The ${LABELS[name]} dashboard could not be loaded`}
        subTitle={
          <>
            This part of Afya is temporarily unavailable. Check your connection and try again.
            {detail ? <div style={{ marginTop: 8, fontSize: 12, opacity: 0.7 }}>{detail}</div> : null}
          </>
        }
        extra={
          <Button type="primary" onClick={onRetry}>
            Retry
          </Button>
        }
      />
    </Card>
  );
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
      .catch((error: Error) => {
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
        <Spin size="large" description="Loading your dashboard..." />
      </div>
    );
  }
  if (state.status === 'error') return <RemoteUnavailable name={name} onRetry={retry} detail={state.error.message} />;
  return (
    <ErrorBoundary
      resetKey={location.pathname}
      fallback={(error, reset) => (
        <RemoteUnavailable
          name={name}
          detail={error.message}
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
