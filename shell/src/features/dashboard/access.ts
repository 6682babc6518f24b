import { homeForRole } from 'shell/session';

type Role = 'user' | 'doctor' | 'admin';

/**
 * CONTRACT.md §2 route-access table, most specific first. `prefix: true` also covers children.
 */
export const ROUTE_ACCESS: Array<{ path: string; prefix?: boolean; roles: Role[] }> = [
  { path: '/dashboard/doctor', prefix: true, roles: ['doctor'] },
  { path: '/dashboard/admin', prefix: true, roles: ['admin'] },
  { path: '/dashboard/appointments/book', roles: ['user'] },
  { path: '/dashboard/appointments', roles: ['user', 'doctor', 'admin'] },
  { path: '/dashboard/find-doctors', roles: ['user'] },
  // A patient's waitlist entries and the confirmation page of a slot offered to them.
  { path: '/dashboard/waitlist', prefix: true, roles: ['user'] },
  { path: '/dashboard/prescriptions', prefix: true, roles: ['user', 'doctor', 'admin'] },
  { path: '/dashboard/medical-history', roles: ['user', 'doctor', 'admin'] },
  { path: '/dashboard/payments', roles: ['user', 'admin'] },
  // A patient's own blood pressure, glucose and weight readings (issue 39); doctors see theirs under /dashboard/doctor.
  { path: '/dashboard/health-readings', roles: ['user'] },
  // A patient's children and linked adults (issue 36).
  { path: '/dashboard/family', roles: ['user'] },
  // A patient's SHA and insurance covers (issue 38).
  { path: '/dashboard/insurance', roles: ['user'] },
  { path: '/dashboard/support', roles: ['user', 'doctor', 'admin'] },
  // A video visit's call screen: its patient and its doctor (the server checks which visit is whose).
  { path: '/dashboard/video', prefix: true, roles: ['user', 'doctor'] },
  { path: '/dashboard', roles: ['user'] },
];

function normalise(pathname: string): string {
  const p = pathname.replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

/**
 * Decides what a signed-in user may see at `pathname` (under /dashboard).
 * Returns null when allowed, else the path to redirect to (the role's home).
 * Roles other than user/doctor/admin only get /dashboard.
 */
export function dashboardRedirect(pathname: string, role: string | null | undefined): string | null {
  const path = normalise(pathname);
  const home = homeForRole(role);
  if (role !== 'user' && role !== 'doctor' && role !== 'admin') {
    return path === '/dashboard' ? null : '/dashboard';
  }
  const rule = ROUTE_ACCESS.find((r) => path === r.path || (r.prefix && path.startsWith(`${r.path}/`)));
  if (!rule) return home; // unknown dashboard page → the role's home
  if (rule.roles.includes(role)) return null;
  return path === home ? null : home;
}
