import {
  AppstoreOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
  HistoryOutlined,
  MedicineBoxOutlined,
  SearchOutlined,
  TeamOutlined,
  DownloadOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface MenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
}

/** Sidebar menus per role (SPEC.md section 2). */
export const MENUS: Record<'user' | 'doctor' | 'admin', MenuEntry[]> = {
  user: [
    { path: '/dashboard', label: 'Dashboard', icon: <AppstoreOutlined /> },
    { path: '/dashboard/appointments', label: 'Appointments', icon: <CalendarOutlined /> },
    { path: '/dashboard/prescriptions', label: 'Prescriptions', icon: <MedicineBoxOutlined /> },
    { path: '/dashboard/medical-history', label: 'Medical History', icon: <HistoryOutlined /> },
    { path: '/dashboard/support', label: 'Support', icon: <CustomerServiceOutlined /> },
    { path: '/dashboard/find-doctors', label: 'Find Doctors', icon: <SearchOutlined /> },
    { path: '/dashboard/payments', label: 'Payments', icon: <CreditCardOutlined /> },
  ],
  doctor: [
    { path: '/dashboard/doctor', label: 'Dashboard', icon: <AppstoreOutlined /> },
    { path: '/dashboard/doctor/appointments', label: 'Appointments', icon: <CalendarOutlined /> },
    { path: '/dashboard/doctor/prescriptions', label: 'Prescriptions', icon: <MedicineBoxOutlined /> },
    { path: '/dashboard/doctor/medical-history', label: 'Medical History', icon: <HistoryOutlined /> },
    { path: '/dashboard/doctor/support', label: 'Support', icon: <CustomerServiceOutlined /> },
  ],
  admin: [
    { path: '/dashboard/admin', label: 'Dashboard', icon: <AppstoreOutlined /> },
    { path: '/dashboard/admin/users', label: 'User Management', icon: <TeamOutlined /> },
    { path: '/dashboard/admin/analytics', label: 'Analytics', icon: <BarChartOutlined /> },
    { path: '/dashboard/admin/reports', label: 'Reports', icon: <DownloadOutlined /> },
    { path: '/dashboard/admin/appointments', label: 'Appointments', icon: <CalendarOutlined /> },
    { path: '/dashboard/admin/support', label: 'Support', icon: <FileTextOutlined /> },
  ],
};

export function menuForRole(role: string | null | undefined): MenuEntry[] {
  if (role === 'user' || role === 'doctor' || role === 'admin') return MENUS[role];
  return [{ path: '/dashboard', label: 'Dashboard', icon: <AppstoreOutlined /> }];
}

/** The menu entry to highlight: the longest path that prefixes the current one. */
export function activeMenuKey(entries: MenuEntry[], pathname: string): string | undefined {
  return entries
    .filter((e) => pathname === e.path || pathname.startsWith(`${e.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;
}
