import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { RouteTitle } from './RouteTitle';
import { ROUTE_TITLES, titleForPath } from './route-titles';

describe('titleForPath', () => {
  it.each([
    ['/', 'Book a doctor in Kenya'],
    ['/about', 'About us'],
    ['/login', 'Sign in'],
    ['/register', 'Create an account'],
    ['/dashboard', 'Dashboard'],
    ['/dashboard/', 'Dashboard'],
    ['/dashboard/appointments/book', 'Book appointment'],
    ['/dashboard/prescriptions/12', 'Prescription'],
    ['/dashboard/doctor', 'Doctor dashboard'],
    ['/dashboard/doctor/appointments', 'My appointments'],
    ['/dashboard/admin/appointments', 'All appointments'],
    ['/dashboard/admin/doctors', 'Doctors'],
  ])('%s → %s', (path, title) => {
    expect(titleForPath(path)).toBe(title);
  });

  it('knows no title for an unknown path', () => {
    expect(titleForPath('/dashboard/nowhere')).toBeNull();
    expect(titleForPath('/dashboard/prescriptions/')).toBe('Prescriptions');
  });

  it('lists each path once', () => {
    const paths = ROUTE_TITLES.map(([p]) => p);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

it('sets the document title as the route changes', () => {
  let navigate: (to: string) => void = () => undefined;
  function Navigator() {
    navigate = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={['/login']}>
      <RouteTitle />
      <Navigator />
    </MemoryRouter>,
  );
  expect(document.title).toBe('Sign in · Afya');
  act(() => navigate('/dashboard/appointments/book'));
  expect(document.title).toBe('Book appointment · Afya');
  act(() => navigate('/dashboard/nowhere'));
  expect(document.title).toBe('Afya');
});
