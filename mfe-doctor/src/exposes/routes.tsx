import { Navigate, type RouteObject } from 'react-router-dom';
import { ComingSoon } from 'shell/ui-kit';
import { DoctorAppointmentsPage } from '../features/appointments/DoctorAppointmentsPage';
import { DoctorHomePage } from '../features/home/DoctorHomePage';
import { DoctorSupportPage } from '../features/support/DoctorSupportPage';

/**
 * mfe_doctor's pages under /dashboard/* (paths relative to /dashboard). The shell guards access.
 * Each feature lives in src/features/<feature>/; replace a ComingSoon when the feature lands.
 */
export const routes: RouteObject[] = [
  { path: 'doctor', element: <DoctorHomePage /> },
  { path: 'doctor/appointments', element: <DoctorAppointmentsPage /> },
  { path: 'doctor/prescriptions', element: <ComingSoon title="Issued Prescriptions" /> },
  { path: 'doctor/write-prescription', element: <ComingSoon title="Write Prescription" /> },
  { path: 'doctor/medical-history', element: <ComingSoon title="Medical History" /> },
  { path: 'doctor/support', element: <DoctorSupportPage /> },
  // Shared routes the access table also allows for doctors.
  { path: 'appointments', element: <Navigate to="/dashboard/doctor/appointments" replace /> },
  { path: 'prescriptions', element: <Navigate to="/dashboard/doctor/prescriptions" replace /> },
  { path: 'prescriptions/:prescriptionId', element: <ComingSoon title="Prescription" /> },
  { path: 'medical-history', element: <Navigate to="/dashboard/doctor/medical-history" replace /> },
  { path: 'support', element: <Navigate to="/dashboard/doctor/support" replace /> },
  { path: '*', element: <Navigate to="/dashboard/doctor" replace /> },
];

export default routes;
