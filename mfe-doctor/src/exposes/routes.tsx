import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from 'shell/ui-kit';
import { DoctorAppointmentsPage } from '../features/appointments/DoctorAppointmentsPage';
import { DoctorHomePage } from '../features/home/DoctorHomePage';
import { DoctorMedicalHistoryPage } from '../features/prescriptions/DoctorMedicalHistoryPage';
import { DoctorPrescriptionPage } from '../features/prescriptions/DoctorPrescriptionPage';
import { IssuedPrescriptionsPage } from '../features/prescriptions/IssuedPrescriptionsPage';
import { WritePrescriptionPage } from '../features/prescriptions/WritePrescriptionPage';
import remotePackage from '../../package.json';

/**
 * mfe_doctor's pages under /dashboard/* (paths relative to /dashboard). The shell guards access.
 * Each feature lives in src/features/<feature>/; replace a ComingSoon when the feature lands.
 */
export const routes: RouteObject[] = [
  { path: 'doctor', element: <DoctorHomePage /> },
  { path: 'doctor/appointments', element: <DoctorAppointmentsPage /> },
  { path: 'doctor/prescriptions', element: <IssuedPrescriptionsPage /> },
  { path: 'doctor/write-prescription', element: <WritePrescriptionPage /> },
  { path: 'doctor/medical-history', element: <DoctorMedicalHistoryPage /> },
  { path: 'doctor/queue', element: lazyPage(() => import('../features/queue/QueuePage').then((m) => m.QueuePage)) },
  { path: 'doctor/hours', element: lazyPage(() => import('../features/hours/MyHoursPage').then((m) => m.MyHoursPage)) },
  { path: 'doctor/support', element: lazyPage(() => import('../features/support/DoctorSupportPage').then((m) => m.DoctorSupportPage)) },
  { path: 'doctor/vital-alerts', element: lazyPage(() => import('../features/vitals/VitalAlertsPage').then((m) => m.VitalAlertsPage)) },
  { path: 'doctor/patients/:patientId/readings', element: lazyPage(() => import('../features/vitals/PatientReadingsPage').then((m) => m.PatientReadingsPage)) },
  { path: 'video/:appointmentId', element: lazyPage(() => import('../features/video/DoctorVideoVisitPage').then((m) => m.DoctorVideoVisitPage)) },
  // Shared routes the access table also allows for doctors.
  { path: 'appointments', element: <Navigate to="/dashboard/doctor/appointments" replace /> },
  { path: 'prescriptions', element: <Navigate to="/dashboard/doctor/prescriptions" replace /> },
  { path: 'prescriptions/:prescriptionId', element: <DoctorPrescriptionPage /> },
  { path: 'medical-history', element: <Navigate to="/dashboard/doctor/medical-history" replace /> },
  { path: 'support', element: <Navigate to="/dashboard/doctor/support" replace /> },
  { path: '*', element: <Navigate to="/dashboard/doctor" replace /> },
];

/**
 * The shell versions this remote works with (package.json "requiredShell", a semver range over shell/package.json
 * "version"): the shell checks it before mounting these routes, and asks for a reload when it is too old.
 */
export const requiredShell: string = remotePackage.requiredShell;

export default routes;
