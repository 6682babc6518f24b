import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useSession, type User } from 'shell/session';
import { ThemeProvider } from 'shell/ui-kit';
const mf = require('@module-federation/enhanced/runtime');
import { AppRoutes } from '../../App';
import { LocationProbe, fakeToken, nowSeconds } from '../../../test/render';
import { dashboardRedirect } from './access';
import { activeMenuKey, menuForRole } from './menus';
import { clearRemoteRoutesCache } from '../../remotes/RemoteRoutes';
import { SHELL_VERSION } from '../../remotes/shell-compat';
import { serveRemotesConfig } from '../../../test/remotes-config';

const mk = (role: string): User => ({ user_id: 1, firstname: 'Amina', lastname: 'Wanjiru', email: 'a@b.co', role });

function renderApp(route: string) {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

function signIn(role: string) {
  useSession.setState({ user: mk(role), token: fakeToken(nowSeconds() + 600), isAuthenticated: true, isLoading: false });
}

describe('dashboardRedirect (CONTRACT.md §2 table)', () => {
  it.each([
    ['/dashboard', 'user', null],
    ['/dashboard', 'doctor', '/dashboard/doctor'],
    ['/dashboard', 'admin', '/dashboard/admin'],
    ['/dashboard/doctor/appointments', 'user', '/dashboard'],
    ['/dashboard/doctor/write-prescription', 'doctor', null],
    ['/dashboard/admin/users', 'doctor', '/dashboard/doctor'],
    ['/dashboard/admin/users', 'admin', null],
    ['/dashboard/appointments', 'doctor', null],
    ['/dashboard/appointments/book', 'doctor', '/dashboard/doctor'],
    ['/dashboard/appointments/book', 'user', null],
    ['/dashboard/find-doctors', 'admin', '/dashboard/admin'],
    ['/dashboard/payments', 'admin', null],
    ['/dashboard/payments', 'doctor', '/dashboard/doctor'],
    ['/dashboard/prescriptions/12', 'doctor', null],
    ['/dashboard/medical-history', 'user', null],
    ['/dashboard/support', 'admin', null],
    ['/dashboard/nowhere', 'user', '/dashboard'],
    ['/dashboard/appointments', 'nurse', '/dashboard'],
    ['/dashboard', 'nurse', null],
  ])('%s as %s → %s', (path, role, expected) => {
    expect(dashboardRedirect(path, role)).toBe(expected);
  });
});

describe('route guards in the app', () => {
  let restoreFetch: () => void;
  beforeEach(() => {
    restoreFetch = serveRemotesConfig();
    mf.__reset();
    clearRemoteRoutesCache();
    localStorage.clear();
    useSession.getState().clearSession(undefined, false);
  });
  afterEach(() => restoreFetch());

  it('sends an anonymous visitor of /dashboard to /login', async () => {
    renderApp('/dashboard/prescriptions');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByRole('button', { name: /sign in/i })).toBeInTheDocument();
    expect(document.title).toBe('Sign in · Afya');
  });

  it('redirects a patient away from the admin area to /dashboard and mounts mfe_patient', async () => {
    mf.__setRemoteModule('mfe_patient/routes', { requiredShell: SHELL_VERSION, default: [{ index: true, element: <h1>Patient home</h1> }] });
    signIn('user');
    renderApp('/dashboard/admin/users');
    expect(await screen.findByText('Patient home')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('redirects a doctor from a patient-only page to /dashboard/doctor and mounts mfe_doctor', async () => {
    mf.__setRemoteModule('mfe_doctor/routes', { requiredShell: SHELL_VERSION, default: [{ path: 'doctor', element: <h1>Doctor home</h1> }] });
    signIn('doctor');
    renderApp('/dashboard/find-doctors');
    expect(await screen.findByText('Doctor home')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/doctor');
    expect(document.title).toBe('Doctor dashboard · Afya');
  });

  it('highlights Prescriptions in the doctor sidebar on Write Prescription (not Dashboard)', async () => {
    mf.__setRemoteModule('mfe_doctor/routes', { requiredShell: SHELL_VERSION, default: [{ path: 'doctor/write-prescription', element: <h1>Write Prescription</h1> }] });
    signIn('doctor');
    renderApp('/dashboard/doctor/write-prescription');
    expect(await screen.findByRole('heading', { name: 'Write Prescription' })).toBeInTheDocument();
    // jsdom is phone-sized: the sidebar is the drawer.
    screen.getByRole('button', { name: 'Open navigation' }).click();
    await screen.findByRole('menu');
    const selected = document.querySelectorAll('.ant-menu-item-selected');
    expect([...selected].map((li) => li.textContent)).toEqual(['Prescriptions']);
    expect(activeMenuKey(menuForRole('doctor'), '/dashboard/doctor/write-prescription')).toBe('/dashboard/doctor/prescriptions');
    expect(activeMenuKey(menuForRole('doctor'), '/dashboard/prescriptions/12')).toBe('/dashboard/doctor/prescriptions');
    expect(activeMenuKey(menuForRole('doctor'), '/dashboard/doctor')).toBe('/dashboard/doctor');
    expect(activeMenuKey(menuForRole('doctor'), '/dashboard/doctor/appointments')).toBe('/dashboard/doctor/appointments');
    expect(activeMenuKey(menuForRole('user'), '/dashboard/appointments/book')).toBe('/dashboard/appointments');
  });

  it('redirects a signed-in admin visiting /login to /dashboard/admin', async () => {
    mf.__setRemoteModule('mfe_admin/routes', { requiredShell: SHELL_VERSION, default: [{ path: 'admin', element: <h1>Admin home</h1> }] });
    signIn('admin');
    renderApp('/login');
    expect(await screen.findByText('Admin home')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/admin');
  });

  it('shows a Retry panel inside the layout when the remote fails, and recovers on Retry', async () => {
    mf.__setRemoteModule('mfe_patient/routes', new Error('remoteEntry.js 503'));
    signIn('user');
    renderApp('/dashboard');
    expect(await screen.findByText('This part of Afya could not be loaded.')).toBeInTheDocument();
    expect(screen.getByLabelText('Open navigation')).toBeInTheDocument(); // layout still up
    mf.__setRemoteModule('mfe_patient/routes', { requiredShell: SHELL_VERSION, default: [{ index: true, element: <h1>Patient home</h1> }] });
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByText('Patient home')).toBeInTheDocument();
  });

  it('treats the errorLoadRemote fallback marker as a failure', async () => {
    mf.__setRemoteModule('mfe_admin/routes', { __remoteLoadFailed: true, id: 'mfe_admin/routes', error: new Error('down') });
    signIn('admin');
    renderApp('/dashboard/admin');
    expect(await screen.findByText('This part of Afya could not be loaded.')).toBeInTheDocument();
  });

  it('shows the blocking "Set a new password" dialog for a one-time password account', async () => {
    mf.__setRemoteModule('mfe_patient/routes', { requiredShell: SHELL_VERSION, default: [{ index: true, element: <h1>Patient home</h1> }] });
    useSession.setState({ user: { ...mk('user'), must_change_password: true }, token: fakeToken(nowSeconds() + 600), isAuthenticated: true, isLoading: false });
    renderApp('/dashboard');
    expect(await screen.findByText('Set a new password')).toBeInTheDocument();
    expect(screen.queryByText('Patient home')).not.toBeInTheDocument();
  });

  it("shows 'Loading...' full screen while the auth state loads", () => {
    useSession.setState({ user: mk('user'), token: fakeToken(nowSeconds() + 600), isAuthenticated: true, isLoading: true });
    renderApp('/about');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('unknown paths go to /', async () => {
    renderApp('/no/such/page');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.getByText('Start Healing')).toBeInTheDocument();
  });
});
