import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { queryClient } from 'shell/api-client';
import { loadShellTexts, useTranslation } from 'shell/i18n';
import { homeForRole, setNavigator, useSession } from 'shell/session';
import { FocusOnNavigate } from '../libs/ui-kit/a11y';
import { OfflineNotice } from './features/offline/OfflineNotice';
import { HomePage } from './features/public-site/HomePage';
import { PublicLayout, PublicPageLoading } from './features/public-site/PublicLayout';

// Route-level code splitting (issue 8 §5): the static public pages are plain React and load no antd and no
// ui-kit, and only the start of the shell's catalogue (every other page fetches the rest beside its chunk:
// withTexts): `/` in the first chunk, /about and /services each in a small chunk of its own. Every antd page is
// fetched when first visited: the antd ThemeProvider around them (antd-shell.tsx), the sign-in, registration,
// contact and payment-cancel pages (antd-pages.tsx), and the whole dashboard (layout, menus, profile dialogs,
// remote loading), each its own chunk.

type Loaded<M> = { default: M };
/** A thenable that is already resolved: React.lazy renders it at once instead of suspending for a turn. */
const resolved = <M,>(value: M) => ({ then: (resolve: (m: Loaded<M>) => void) => resolve({ default: value }) }) as unknown as Promise<Loaded<M>>;

/**
 * React.lazy with a preload: once the chunk is in, the lazy component renders at once (a thenable that is
 * already resolved) instead of suspending for a turn, showing the fallback and waiting out React's
 * fallback throttle.
 */
function lazyWithPreload(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | null = null;
  const preload = () => load().then((component) => (loaded = component));
  const Component = lazy(() => (loaded ? resolved(loaded) : preload().then((component) => ({ default: component }))));
  return Object.assign(Component, { preload });
}

/** A chunk fetched once; `current` holds its module once in, so its lazy components render without suspending. */
function chunk<M>(load: () => Promise<M>) {
  let pending: Promise<M> | null = null;
  const state = {
    current: null as M | null,
    load: () => (pending ??= load().then((m) => (state.current = m))),
    lazy: <P extends object>(pick: (m: M) => ComponentType<P>) =>
      lazy(() => (state.current ? resolved(pick(state.current)) : state.load().then((m) => ({ default: pick(m) })))),
  };
  return state;
}

const AboutPage = lazy(() => import('./features/public-site/AboutPage').then((m) => ({ default: m.AboutPage })));
const ServicesPage = lazy(() => import('./features/public-site/ServicesPage').then((m) => ({ default: m.ServicesPage })));

/** A page's chunk together with the shell's texts beyond the public pages' (fetched side by side, once). */
const withTexts = <M,>(load: () => Promise<M>) => () => Promise.all([load(), loadShellTexts()]).then(([m]) => m);

const antdShell = chunk(withTexts(() => import('./antd-shell')));
const antdPages = chunk(withTexts(() => import('./antd-pages')));
// Sign-in and registration are plain React too (no antd): a phone on a slow network gets them at once.
const authPages = chunk(withTexts(() => import('./auth-pages')));
const AntdShell = antdShell.lazy((m) => m.AntdShell);
const LoginPage = authPages.lazy((m) => m.LoginPage);
const RegisterPage = authPages.lazy((m) => m.RegisterPage);
const ForgotPasswordPage = antdPages.lazy((m) => m.ForgotPasswordPage);
const ResetPasswordPage = antdPages.lazy((m) => m.ResetPasswordPage);
const ContactPage = antdPages.lazy((m) => m.ContactPage);
const PaymentCancelPage = antdPages.lazy((m) => m.PaymentCancelPage);
const PaymentSuccessPage = antdPages.lazy((m) => m.PaymentSuccessPage);

const DashboardPage = lazyWithPreload(withTexts(() => import('./features/dashboard/DashboardPage').then((m) => m.DashboardPage)));
// A visitor who comes back signed in is going to the dashboard: fetch its chunks now, beside the start-up check.
function preloadDashboard() {
  void antdShell.load();
  void DashboardPage.preload();
}
if (useSession.getState().token) preloadDashboard();

/** While a page's chunk loads: the public pages keep their top bar, the dashboard gets the full-screen spinner. */
function Page({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

/** A spinner over the whole window (no antd: it shows before any antd chunk is in). */
export function FullScreenLoading() {
  const darkMode = useSession((s) => s.darkMode);
  const { t } = useTranslation('shell');
  return (
    <div className={`afya-fullscreen-loading ${darkMode ? 'afya-dark' : 'afya-light'}`} role="status">
      <span className="afya-spinner" aria-hidden />
      <div>{t('common.loadingDots')}</div>
    </div>
  );
}

/** While the antd routes' chunk loads: the dashboard gets the full-screen spinner, a public page its top bar. */
function AntdRoutesLoading() {
  const { pathname } = useLocation();
  const dashboard = pathname.startsWith('/dashboard');
  // A public antd page's own chunk is fetched beside antd's, not after it.
  useEffect(() => {
    if (!dashboard) void antdPages.load();
  }, [dashboard]);
  if (dashboard) return <FullScreenLoading />;
  return (
    <PublicLayout>
      <PublicPageLoading />
    </PublicLayout>
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
        <Route path="about" element={<Page fallback={<PublicPageLoading />}><AboutPage /></Page>} />
        <Route path="services" element={<Page fallback={<PublicPageLoading />}><ServicesPage /></Page>} />
        <Route
          path="login"
          element={
            <GuestOnly>
              {/* The dashboard's code is fetched while the sign-in request is on its way. */}
              <Page fallback={<PublicPageLoading />}><LoginPage onSubmit={preloadDashboard} /></Page>
            </GuestOnly>
          }
        />
        <Route
          path="register"
          element={
            <GuestOnly>
              <Page fallback={<PublicPageLoading />}><RegisterPage /></Page>
            </GuestOnly>
          }
        />
      </Route>
      <Route
        element={
          <Page fallback={<AntdRoutesLoading />}>
            <AntdShell />
          </Page>
        }
      >
        <Route element={<PublicLayout />}>
          <Route path="contact" element={<ContactPage />} />
          <Route path="payment-cancel" element={<PaymentCancelPage />} />
          <Route
            path="payment-success"
            element={
              <RequireAuth>
                <PaymentSuccessPage />
              </RequireAuth>
            }
          />
          <Route
            path="forgot-password"
            element={
              <GuestOnly>
                <ForgotPasswordPage />
              </GuestOnly>
            }
          />
          <Route
            path="reset-password"
            element={
              <GuestOnly>
                <ResetPasswordPage />
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
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export function App() {
  // The antd theme (ConfigProvider) wraps only the antd routes (AntdShell); the public pages draw their own.
  // One query cache for the shell and every remote (@tanstack/react-query is a federation singleton).
  return (
    <QueryClientProvider client={queryClient}>
      <NavigatorBridge />
      <FocusOnNavigate />
      <OfflineNotice />
      <AppRoutes />
    </QueryClientProvider>
  );
}
