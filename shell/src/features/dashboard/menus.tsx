import {
  AppstoreOutlined,
  BarChartOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  FieldTimeOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
  HistoryOutlined,
  MailOutlined,
  MedicineBoxOutlined,
  SearchOutlined,
  TeamOutlined,
  InsuranceOutlined,
  DownloadOutlined,
  ScheduleOutlined,
  HeartOutlined,
  AlertOutlined,
  OrderedListOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import { QueryClientContext } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'shell/i18n';
import { useUnreadTickets } from 'shell/ui-kit';

export interface MenuEntry {
  path: string;
  /** A catalogue key (shell/locales), or the label itself. */
  label: ReactNode;
  icon: ReactNode;
  /** Other pages that belong to this entry though their path is not under it (Write Prescription → Prescriptions). */
  alsoFor?: string[];
}

/** 'Support' with the number of conversations that have a reply the user has not opened (refreshed every 30 s). */
export function SupportMenuLabel() {
  // Rendered without the page's query client (a layout test), the entry is just its label.
  const { t } = useTranslation('shell');
  return useContext(QueryClientContext) ? <UnreadSupportLabel /> : <span>{t('menu.support')}</span>;
}

function UnreadSupportLabel() {
  const unread = useUnreadTickets(true).data ?? 0;
  const { t } = useTranslation('shell');
  return (
    <span aria-label={unread ? t('menu.supportUnread', { count: unread }) : undefined}>
      {t('menu.support')}{' '}
      <Badge count={unread} size="small" offset={[4, -2]} aria-hidden />
    </span>
  );
}

/** Sidebar menus per role (CONTRACT.md §2). */
export const MENUS: Record<'user' | 'doctor' | 'admin', MenuEntry[]> = {
  user: [
    { path: '/dashboard', label: 'menu.dashboard', icon: <AppstoreOutlined /> },
    { path: '/dashboard/appointments', label: 'menu.appointments', icon: <CalendarOutlined /> },
    { path: '/dashboard/prescriptions', label: 'menu.prescriptions', icon: <MedicineBoxOutlined /> },
    { path: '/dashboard/medical-history', label: 'menu.medicalHistory', icon: <HistoryOutlined /> },
    { path: '/dashboard/health-readings', label: 'menu.healthReadings', icon: <HeartOutlined /> },
    { path: '/dashboard/family', label: 'menu.family', icon: <TeamOutlined /> },
    { path: '/dashboard/insurance', label: 'menu.insurance', icon: <InsuranceOutlined /> },
    { path: '/dashboard/support', label: <SupportMenuLabel />, icon: <CustomerServiceOutlined /> },
    { path: '/dashboard/waitlist', label: 'menu.waitlist', icon: <FieldTimeOutlined /> },
    { path: '/dashboard/find-doctors', label: 'menu.findDoctors', icon: <SearchOutlined /> },
    { path: '/dashboard/payments', label: 'menu.payments', icon: <CreditCardOutlined /> },
  ],
  doctor: [
    { path: '/dashboard/doctor', label: 'menu.dashboard', icon: <AppstoreOutlined /> },
    { path: '/dashboard/doctor/appointments', label: 'menu.appointments', icon: <CalendarOutlined /> },
    { path: '/dashboard/doctor/queue', label: 'menu.queue', icon: <OrderedListOutlined /> },
    {
      path: '/dashboard/doctor/prescriptions',
      label: 'menu.prescriptions',
      icon: <MedicineBoxOutlined />,
      alsoFor: ['/dashboard/doctor/write-prescription', '/dashboard/prescriptions'],
    },
    { path: '/dashboard/doctor/medical-history', label: 'menu.medicalHistory', icon: <HistoryOutlined /> },
    { path: '/dashboard/doctor/hours', label: 'menu.myHours', icon: <ClockCircleOutlined /> },
    { path: '/dashboard/doctor/vital-alerts', label: 'menu.readingAlerts', icon: <AlertOutlined />, alsoFor: ['/dashboard/doctor/patients'] },
    { path: '/dashboard/doctor/support', label: <SupportMenuLabel />, icon: <CustomerServiceOutlined /> },
  ],
  admin: [
    { path: '/dashboard/admin', label: 'menu.dashboard', icon: <AppstoreOutlined /> },
    { path: '/dashboard/admin/users', label: 'menu.users', icon: <TeamOutlined /> },
    { path: '/dashboard/admin/desk', label: 'menu.frontDesk', icon: <SolutionOutlined /> },
    { path: '/dashboard/admin/analytics', label: 'menu.analytics', icon: <BarChartOutlined /> },
    { path: '/dashboard/admin/reports', label: 'menu.reports', icon: <DownloadOutlined /> },
    { path: '/dashboard/admin/appointments', label: 'menu.appointments', icon: <CalendarOutlined /> },
    { path: '/dashboard/admin/calendar', label: 'menu.clinicCalendar', icon: <ScheduleOutlined /> },
    { path: '/dashboard/prescriptions', label: 'menu.prescriptions', icon: <MedicineBoxOutlined /> },
    { path: '/dashboard/medical-history', label: 'menu.medicalHistory', icon: <HistoryOutlined /> },
    { path: '/dashboard/admin/support', label: <SupportMenuLabel />, icon: <FileTextOutlined /> },
    { path: '/dashboard/admin/messages', label: 'menu.messages', icon: <MailOutlined /> },
  ],
};

export function menuForRole(role: string | null | undefined): MenuEntry[] {
  if (role === 'user' || role === 'doctor' || role === 'admin') return MENUS[role];
  return [{ path: '/dashboard', label: 'menu.dashboard', icon: <AppstoreOutlined /> }];
}

const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The menu entry to highlight: the one with the longest path (its own or one it is also for) that prefixes the current one. */
export function activeMenuKey(entries: MenuEntry[], pathname: string): string | undefined {
  return entries
    .flatMap((e) => [e.path, ...(e.alsoFor ?? [])].filter((p) => under(pathname, p)).map((p) => ({ key: e.path, length: p.length })))
    .sort((a, b) => b.length - a.length)[0]?.key;
}
