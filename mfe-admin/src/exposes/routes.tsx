import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from 'shell/ui-kit';
import { AnalyticsPage } from '../features/analytics/AnalyticsPage';
import { AdminAppointmentsPage } from '../features/appointments/AdminAppointmentsPage';
import { AdminDoctorsPage } from '../features/doctors/AdminDoctorsPage';
import { AdminHomePage } from '../features/home/AdminHomePage';
import { AdminPaymentsPage } from '../features/payments/AdminPaymentsPage';
import { AdminMedicalHistoryPage } from '../features/prescriptions/AdminMedicalHistoryPage';
import { AdminPrescriptionPage } from '../features/prescriptions/AdminPrescriptionPage';
import { AllPrescriptionsPage } from '../features/prescriptions/AllPrescriptionsPage';
import { ReportsPage } from '../features/reports/ReportsPage';
import { UsersPage } from '../features/users/UsersPage';
import remotePackage from '../../package.json';

/**
 * mfe_admin's pages under /dashboard/* (paths relative to /dashboard). The shell guards access.
 * Each feature lives in src/features/<feature>/; replace a ComingSoon when the feature lands.
 */
export const routes: RouteObject[] = [
  { path: 'admin', element: <AdminHomePage /> },
  { path: 'admin/users', element: <UsersPage /> },
  { path: 'admin/analytics', element: <AnalyticsPage /> },
  { path: 'admin/reports', element: <ReportsPage /> },
  { path: 'admin/appointments', element: <AdminAppointmentsPage /> },
  { path: 'admin/doctors', element: <AdminDoctorsPage /> },
  { path: 'admin/support', element: lazyPage(() => import('../features/support/AdminSupportPage').then((m) => m.AdminSupportPage)) },
  { path: 'admin/desk', element: lazyPage(() => import('../features/desk/FrontDeskPage').then((m) => m.FrontDeskPage)) },
  { path: 'admin/desk/display', element: lazyPage(() => import('../features/desk/WaitingRoomPage').then((m) => m.WaitingRoomPage)) },
  { path: 'admin/calendar', element: lazyPage(() => import('../features/calendar/ClinicCalendarPage').then((m) => m.ClinicCalendarPage)) },
  { path: 'admin/messages', element: lazyPage(() => import('../features/messages/DeliveryLogPage').then((m) => m.DeliveryLogPage)) },
  // Shared routes the access table also allows for admins.
  { path: 'appointments', element: <Navigate to="/dashboard/admin/appointments" replace /> },
  { path: 'prescriptions', element: <AllPrescriptionsPage /> },
  { path: 'prescriptions/:prescriptionId', element: <AdminPrescriptionPage /> },
  { path: 'medical-history', element: <AdminMedicalHistoryPage /> },
  { path: 'payments', element: <AdminPaymentsPage /> },
  { path: 'support', element: <Navigate to="/dashboard/admin/support" replace /> },
  { path: '*', element: <Navigate to="/dashboard/admin" replace /> },
];

/**
 * The shell versions this remote works with (package.json "requiredShell", a semver range over shell/package.json
 * "version"): the shell checks it before mounting these routes, and asks for a reload when it is too old.
 */
export const requiredShell: string = remotePackage.requiredShell;

export default routes;
