import { QueryClientProvider } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { queryClient } from 'shell/api-client';
import { homeForRole, setNavigator, useSession } from 'shell/session';
import { ThemeProvider } from 'shell/ui-kit';
import { LoginPage } from './features/auth/LoginPage';
import { RegisterPage } from './features/auth/RegisterPage';
import { ContactPage } from './features/contact/ContactPage';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { AboutPage } from './features/public-site/AboutPage';
import { HomePage } from './features/public-site/HomePage';
import { PaymentCancelPage } from './features/public-site/PaymentCancelPage';
import { PublicLayout } from './features/public-site/PublicLayout';
import { ServicesPage } from './features/public-site/ServicesPage';

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
        <Route path="about" element={<AboutPage />} />
        <Route path="services" element={<ServicesPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="payment-cancel" element={<PaymentCancelPage />} />
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
            <DashboardPage />
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
