import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from 'shell/i18n';
import { setAuthApi, useSession, type AuthApi } from 'shell/session';
import { ApiError } from 'shell/api-client';
import { Route, Routes } from 'react-router-dom';
import { renderAt } from '../../../test/render';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

function withApi(register: AuthApi['register']) {
  const api: AuthApi = { login: jest.fn(), register: jest.fn(register), logout: jest.fn(), profile: jest.fn() };
  setAuthApi(api);
  return api;
}

/** Fills the form with one change event per field, leaves each field (which validates it) and submits. */
async function fill(v: Partial<Record<'First Name' | 'Last Name' | 'Email' | 'Phone' | 'Address' | 'Password' | 'Confirm Password', string>>) {
  for (const [label, value] of Object.entries(v)) {
    if (!value) continue;
    const field = screen.getByLabelText(label);
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field); // leaving the field validates it, as for a person
  }
  fireEvent.click(screen.getByRole('button', { name: /create account/i }));
}

const valid = {
  'First Name': 'Amina',
  'Last Name': 'Wanjiru',
  Email: 'amina@example.co.ke',
  Phone: '0712345678',
  Address: 'Ngong Road, Kilimani, Nairobi',
  Password: 'secret1',
  'Confirm Password': 'secret1',
};

describe('RegisterPage', () => {
  beforeEach(() => useSession.getState().clearSession(undefined, false));

  it('shows every validation message and sends nothing', async () => {
    const api = withApi(async () => ({ user: {} as never }));
    const { container } = renderAt(<RegisterPage />, { route: '/register', path: '/register' });
    // Our messages only: without noValidate the browser's own email bubble covers 'Please enter a valid email'.
    expect(container.querySelector('form')).toHaveAttribute('novalidate');
    await fill({ 'First Name': 'A', 'Last Name': 'B', Email: 'bad', Phone: '07123', Address: 'Short', Password: '123', 'Confirm Password': '1234' });
    for (const msg of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email',
      'Phone number must be at least 10 digits',
      'Address must be at least 10 characters',
      'Password must be at least 6 characters',
      "Passwords don't match",
    ]) {
      expect(await screen.findByText(msg)).toBeInTheDocument();
    }
    expect(api.register).not.toHaveBeenCalled();
  });

  it("sends the payload without confirmPassword and goes to /login, which says 'Registration successful! Please login.'", async () => {
    const api = withApi(async () => ({ user: {} as never }));
    renderAt(
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>,
      { route: '/register' },
    );
    await fill(valid);
    await waitFor(() => expect(api.register).toHaveBeenCalledTimes(1));
    expect(api.register).toHaveBeenCalledWith({
      firstname: 'Amina',
      lastname: 'Wanjiru',
      email: 'amina@example.co.ke',
      password: 'secret1',
      contact_phone: '0712345678',
      address: 'Ngong Road, Kilimani, Nairobi',
      language: 'en',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Registration successful! Please login.');
    await waitFor(() => expect(screen.getAllByTestId('location')[0]).toHaveTextContent('/login'));
    expect(useSession.getState().isAuthenticated).toBe(false);
  });

  it('sends the language the page is read in (Kiswahili chosen with the switch)', async () => {
    const api = withApi(async () => ({ user: {} as never }));
    const { container } = renderAt(<RegisterPage />, { route: '/register', path: '/register' });
    const { 'Confirm Password': _submitLater, ...fields } = valid;
    for (const [label, value] of Object.entries(fields)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: valid['Confirm Password'] } });
    await act(() => setLanguage('sw', { chosen: false }));
    try {
      fireEvent.submit(container.querySelector('form')!);
      await waitFor(() => expect(api.register).toHaveBeenCalledTimes(1));
      expect(api.register).toHaveBeenCalledWith(expect.objectContaining({ email: 'amina@example.co.ke', language: 'sw' }));
    } finally {
      await act(() => setLanguage('en', { chosen: false }));
    }
  });

  it("shows 'Registration failed' when the server gives no message", async () => {
    withApi(async () => {
      throw new ApiError('Registration failed', 500, '');
    });
    renderAt(<RegisterPage />, { route: '/register', path: '/register' });
    await fill(valid);
    expect((await screen.findAllByText('Registration failed')).length).toBeGreaterThan(0);
  });

  it("shows the server's message (e.g. duplicate email)", async () => {
    withApi(async () => {
      throw new ApiError('Email already registered', 409, 'Email already registered');
    });
    renderAt(<RegisterPage />, { route: '/register', path: '/register' });
    await fill(valid);
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already registered');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByText('Email already registered')).toHaveLength(1); // once, not again in a toast
  });
});

describe('RegisterPage without the browser in the way', () => {
  it("leaves checking to the page (noValidate: the browser's own bubble covered our message)", () => {
    withApi(async () => ({ user: {} as never }));
    const { container } = renderAt(<RegisterPage />, { route: '/register', path: '/register' });
    expect(container.querySelector('form')).toHaveAttribute('novalidate');
  });
});
