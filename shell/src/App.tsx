import { QueryClientProvider } from '@tanstack/react-query';
import { Spin } from 'antd';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { queryClient } from 'shell/api-client';
import { homeForRole, setNavigator, useSession } from 'shell/session';
import { ThemeProvider } from 'shell/ui-kit';
import { LoginPage } from './features/auth/LoginPage';
import { RegisterPage } from './features/auth/RegisterPage';
import { HomePage } from './features/public-site/HomePage';
import { PublicLayout } from './features/public-site/PublicLayout';

// Route-level code splitting: `/` (and the sign-in pages it links to) is in the first chunk; the other
// public pages and the whole dashboard (layout, menus, profile dialogs, remote loading) are fetched
// only when visited.
const AboutPage = lazy(() => import('./features/public-site/AboutPage').then((m) => ({ default: m.AboutPage })));
const ServicesPage = lazy(() => import('./features/public-site/ServicesPage').then((m) => ({ default: m.ServicesPage })));
const ContactPage = lazy(() => import('./features/contact/ContactPage').then((m) => ({ default: m.ContactPage })));
const PaymentCancelPage = lazy(() => import('./features/public-site/PaymentCancelPage').then((m) => ({ default: m.PaymentCancelPage })));

/**
 * React.lazy with a preload: once the chunk is in, the lazy component renders at once (a thenable that is
 * already resolved) instead of suspending for a turn, showing the fallback and waiting out React's
 * fallback throttle.
 */
function lazyWithPreload(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | null = null;
  const preload = () => load().then((component) => (loaded = component));
  const Component = lazy(() =>
    loaded
      ? ({ then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: loaded! }) } as unknown as Promise<{ default: ComponentType }>)
      : preload().then((component) => ({ default: component })),
  );
  return Object.assign(Component, { preload });
}

const DashboardPage = lazyWithPreload(() => import('./features/dashboard/DashboardPage').then((m) => m.DashboardPage));
// A visitor who comes back signed in is going to the dashboard: fetch its chunk now, beside the start-up check.
if (useSession.getState().token) void DashboardPage.preload();

/** While a page's chunk loads: the public pages keep their top bar, the dashboard gets the full-screen spinner. */
function Page({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

export function FullScreenLoading() {
  return (
    <div className="afya-fullscreen-loading" role="status">
      <Spin size="large" />
      <div>Loading...</div>
    </div>
  );
}

/** Lets the session (outside React) navigate with the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, opts) => navigate(to, opts));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** /login and /register: an already signed-in visitor goes to their home. */
function GuestOnly({ children }: { children: ReactNode }) {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const role = useSession((s) => s.user?.role);
  if (isAuthenticated) return <Navigate to={homeForRole(role)} replace />;
  return <>{children}</>;
}

export function AppRoutes() {
  const isLoading = useSession((s) => s.isLoading);
  const hasToken = useSession((s) => !!s.token);
  // The full-screen spinner covers the start-up auth check, not a login in progress (that has its own busy state).
  if (isLoading && hasToken) return <FullScreenLoading />;
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path="about" element={<Page><AboutPage /></Page>} />
        <Route path="services" element={<Page><ServicesPage /></Page>} />
        <Route path="contact" element={<Page><ContactPage /></Page>} />
        <Route path="payment-cancel" element={<Page><PaymentCancelPage /></Page>} />
        <Route
          path="login"
          element={
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          }
        />
        <Route
          path="register"
          element={
            <GuestOnly>
              <RegisterPage />
            </GuestOnly>
          }
        />
      </Route>
      <Route
        path="dashboard/*"
        element={
          <RequireAuth>
            <Page fallback={<FullScreenLoading />}>
              <DashboardPage />
            </Page>
          </RequireAuth>
        }
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export function App() {
  // One query cache for the shell and every remote (@tanstack/react-query is a federation singleton).
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <NavigatorBridge />
        <AppRoutes />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
