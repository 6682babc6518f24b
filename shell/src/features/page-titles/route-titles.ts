/**
 * The browser tab's title of every page, by path: the public site, sign-in and registration, and every
 * role's dashboard pages (the remotes' pages included, listed here: the route-access table covers them only
 * by prefix). A path matches a pattern segment for segment, so the order does not matter; `:param` matches
 * one non-empty segment.
 */
export const ROUTE_TITLES: ReadonlyArray<readonly [pattern: string, title: string]> = [
  // Public site and sign-in
  ['/', 'Book a doctor in Kenya'],
  ['/about', 'About us'],
  ['/services', 'Services'],
  ['/contact', 'Contact us'],
  ['/payment-cancel', 'Payment cancelled'],
  ['/payment-success', 'Payment received'],
  ['/login', 'Sign in'],
  ['/register', 'Create an account'],
  // Doctor
  ['/dashboard/doctor', 'Doctor dashboard'],
  ['/dashboard/doctor/appointments', 'My appointments'],
  ['/dashboard/doctor/prescriptions', 'Issued prescriptions'],
  ['/dashboard/doctor/write-prescription', 'Write prescription'],
  ['/dashboard/doctor/medical-history', 'Medical history'],
  ['/dashboard/doctor/support', 'Support tickets'],
  // Admin
  ['/dashboard/admin', 'Admin dashboard'],
  ['/dashboard/admin/users', 'User management'],
  ['/dashboard/admin/analytics', 'Analytics'],
  ['/dashboard/admin/reports', 'Reports'],
  ['/dashboard/admin/appointments', 'All appointments'],
  ['/dashboard/admin/doctors', 'Doctors'],
  ['/dashboard/admin/support', 'Support tickets'],
  // Patient (and the pages several roles share)
  ['/dashboard', 'Dashboard'],
  ['/dashboard/appointments', 'Appointments'],
  ['/dashboard/appointments/book', 'Book appointment'],
  ['/dashboard/find-doctors', 'Find doctors'],
  ['/dashboard/waitlist', 'Waitlist'],
  ['/dashboard/waitlist/offers/:id', 'A slot for you'],
  ['/dashboard/prescriptions', 'Prescriptions'],
  ['/dashboard/prescriptions/:id', 'Prescription'],
  ['/dashboard/medical-history', 'Medical history'],
  ['/dashboard/support', 'Support'],
  ['/dashboard/payments', 'Payments'],
  ['/dashboard/video/:id', 'Video visit'],
];

function matches(pattern: string, path: string): boolean {
  const p = pattern.split('/');
  const s = path.split('/');
  return p.length === s.length && p.every((part, i) => part.startsWith(':') ? s[i] !== '' : part === s[i]);
}

/** The page title for a path ('/dashboard/appointments/book' → 'Book appointment'); null when unknown. */
export function titleForPath(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return ROUTE_TITLES.find(([pattern]) => matches(pattern, path))?.[1] ?? null;
}
