import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { setAuthApi, useSession, type AuthApi, type User } from 'shell/session';
import { ApiError } from 'shell/api-client';
import { fakeToken, nowSeconds, renderAt } from '../../../test/render';
import { LoginPage, returnPath } from './LoginPage';

const mk = (role: string): User => ({ user_id: 1, firstname: 'A', lastname: 'B', email: 'a@b.co', role });

function withApi(login: AuthApi['login']) {
  const api: AuthApi = { login: jest.fn(login), register: jest.fn(), logout: jest.fn(), profile: jest.fn() };
  setAuthApi(api);
  return api;
}

/** Fills the form with one change event per field, leaves each field (which validates it) and submits. */
function type(label: string, value: string) {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field); // leaving the field validates it, as for a person
}
async function fill(email: string, password: string) {
  if (email) type('Email', email);
  if (password) type('Password', password);
  fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
}

/** Where the page sent the person, and what it asked the next page to say. */
function NextPage() {
  const location = useLocation();
  return <div data-testid="next">{`${location.pathname} ${(location.state as { notice?: string } | null)?.notice ?? ''}`}</div>;
}

describe('LoginPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useSession.getState().clearSession(undefined, false);
  });

  it('shows the validation messages and sends nothing', async () => {
    const api = withApi(async () => ({ token: 'x', user: mk('user') }));
    renderAt(<LoginPage />, { route: '/login', path: '/login' });
    await fill('not-an-email', '123');
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(api.login).not.toHaveBeenCalled();
  });

  it.each([
    ['admin', '/dashboard/admin'],
    ['doctor', '/dashboard/doctor'],
    ['user', '/dashboard'],
  ])('a %s goes to %s, which is asked to say "Login successful!"', async (role, home) => {
    let resolve!: (v: { token: string; user: User }) => void;
    const preload = jest.fn();
    withApi(() => new Promise((r) => (resolve = r)));
    renderAt(
      <Routes>
        <Route path="/login" element={<LoginPage onSubmit={preload} />} />
        <Route path="*" element={<NextPage />} />
      </Routes>,
      { route: '/login' },
    );
    await fill('amina@example.co.ke', 'secret1');
    expect(await screen.findByText('Signing in...')).toBeInTheDocument();
    expect(preload).toHaveBeenCalledTimes(1); // the dashboard's code is fetched meanwhile
    resolve({ token: fakeToken(nowSeconds() + 600), user: mk(role) });
    expect(await screen.findByTestId('next')).toHaveTextContent(`${home} Login successful!`);
  });

  it('says once, in the form, why sign-in failed (no second copy in a toast)', async () => {
    withApi(async () => {
      throw new ApiError('Wrong credentials', 401, 'Wrong credentials');
    });
    renderAt(<LoginPage />, { route: '/login', path: '/login' });
    await fill('amina@example.co.ke', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getAllByText('Invalid email or password.')).toHaveLength(1);
  });

  it('moves focus to the first field with a problem, and ties each message to its field', async () => {
    withApi(async () => ({ token: 'x', user: mk('user') }));
    renderAt(<LoginPage />, { route: '/login', path: '/login' });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email');
  });

  it("shows 'Invalid email or password.' on a 401", async () => {
    withApi(async () => {
      throw new ApiError('Wrong credentials', 401, 'Wrong credentials');
    });
    renderAt(<LoginPage />, { route: '/login', path: '/login' });
    await fill('amina@example.co.ke', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    // Once: in the form's alert, not again in a toast.
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByText('Invalid email or password.')).toHaveLength(1);
    expect(useSession.getState().isAuthenticated).toBe(false);
  });

  it("shows 'Invalid email or password.' when the error has no message", async () => {
    withApi(async () => {
      throw new ApiError('Login failed', 0, '');
    });
    renderAt(<LoginPage />, { route: '/login', path: '/login' });
    await fill('amina@example.co.ke', 'secret1');
    expect((await screen.findAllByText('Invalid email or password.')).length).toBeGreaterThan(0);
  });

  it("shows the server's message otherwise", async () => {
    withApi(async () => {
      throw new ApiError('Too many login attempts. Try again in a minute.', 429, 'Too many login attempts. Try again in a minute.');
    });
    renderAt(<LoginPage />, { route: '/login', path: '/login' });
    await fill('amina@example.co.ke', 'secret1');
    expect((await screen.findAllByText('Too many login attempts. Try again in a minute.')).length).toBeGreaterThan(0);
  });

  it("leaves email checks to our messages: the form has noValidate, so the browser's bubble never covers them", async () => {
    withApi(async () => ({ token: 'x', user: mk('user') }));
    const { container } = renderAt(<LoginPage />, { route: '/login', path: '/login' });
    expect(container.querySelector('form')).toHaveAttribute('novalidate');
  });

  it('toggles password visibility', async () => {
    withApi(async () => ({ token: 'x', user: mk('user') }));
    renderAt(<LoginPage />, { route: '/login', path: '/login' });
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('after signing in from a dashboard link', () => {
  it('goes back to the page the visitor was sent from when their role may see it, else home', () => {
    expect(returnPath('/dashboard/waitlist/offers/7', 'user')).toBe('/dashboard/waitlist/offers/7');
    expect(returnPath('/dashboard/waitlist/offers/7', 'admin')).toBeNull();
    expect(returnPath('/dashboard', 'user')).toBeNull();
    expect(returnPath('https://evil.example/dashboard/x', 'user')).toBeNull();
    expect(returnPath('/dashboard//evil.example', 'user')).toBeNull();
    expect(returnPath(undefined, 'user')).toBeNull();
  });
});
