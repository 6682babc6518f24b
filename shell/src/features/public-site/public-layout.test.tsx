import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useSession } from 'shell/session';
import { LocationProbe } from '../../../test/render';
import { HomePage } from './HomePage';
import { PublicLayout } from './PublicLayout';
import { ServicesPage } from './ServicesPage';

function renderAt(route: string) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="services" element={<ServicesPage />} />
          <Route path="*" element={<p>Other page</p>} />
        </Route>
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  useSession.getState().clearSession(undefined, false);
  useSession.getState().setDarkMode(false);
});

describe('the public layout (plain HTML, no antd)', () => {
  it('opens the mobile menu, focuses it, and closes it with Escape, giving focus back to the menu button', () => {
    renderAt('/');
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();

    fireEvent.click(button);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    const nav = within(menu).getByRole('navigation', { name: 'Mobile' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'About', 'Services', 'Contact']);
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');

    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(button);
  });

  it('keeps Tab inside the open menu (it wraps from the last item to the first and back)', () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const close = within(menu).getByRole('button', { name: 'Close menu' });
    const register = within(menu).getByRole('link', { name: 'Register' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(register);
    fireEvent.keyDown(register, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });

  it('closes the menu when a link in it is followed, or with its close button', () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Services' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/services');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Our services' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const services = within(screen.getByRole('dialog')).getByRole('link', { name: 'Services' });
    expect(services).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches the theme with the persisted preference the dashboard (antd) theme reads', () => {
    const { container } = renderAt('/');
    const root = container.querySelector('[data-theme]')!;
    expect(root).toHaveAttribute('data-theme', 'light');
    expect(root).toHaveClass('afya-light');

    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(root).toHaveAttribute('data-theme', 'dark');
    expect(root).toHaveClass('afya-dark');
    expect(useSession.getState().darkMode).toBe(true);
    expect(localStorage.getItem('darkMode')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(root).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem('darkMode')).toBe('false');
  });

  it('offers sign-in and registration to a visitor, and the dashboard to a signed-in user', () => {
    renderAt('/');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Start Healing' })).toHaveAttribute('href', '/register');
    expect(within(main).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    act(() => useSession.setState({ isAuthenticated: true, user: { user_id: 2, firstname: 'Grace', lastname: 'Wanjiku', email: 'g@w.co', role: 'doctor' } }));
    expect(within(main).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard/doctor');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/doctor');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});
