import { Navigate, type RouteObject } from 'react-router-dom';
import { AppointmentsPage } from '../features/appointments/AppointmentsPage';
import { BookAppointmentPage } from '../features/booking/BookAppointmentPage';
import { FindDoctorsPage } from '../features/find-doctors/FindDoctorsPage';
import { PatientHomePage } from '../features/home/PatientHomePage';
import { MedicalHistoryPage } from '../features/medical-history/MedicalHistoryPage';
import { PaymentHistoryPage } from '../features/payments/PaymentHistoryPage';
import { PrescriptionDetailPage } from '../features/prescriptions/PrescriptionDetailPage';
import { PrescriptionsPage } from '../features/prescriptions/PrescriptionsPage';
import { SupportPage } from '../features/support/SupportPage';

/**
 * mfe_patient's pages under /dashboard/* (paths relative to /dashboard). The shell guards access
 * (SPEC.md section 2) and renders these inside its layout. Each feature lives in src/features/<feature>/;
 * replace a ComingSoon with the feature's page when it lands.
 */
export const routes: RouteObject[] = [
  { index: true, element: <PatientHomePage /> },
  { path: 'appointments', element: <AppointmentsPage /> },
  { path: 'appointments/book', element: <BookAppointmentPage /> },
  { path: 'prescriptions', element: <PrescriptionsPage /> },
  { path: 'prescriptions/:prescriptionId', element: <PrescriptionDetailPage /> },
  { path: 'medical-history', element: <MedicalHistoryPage /> },
  { path: 'support', element: <SupportPage /> },
  { path: 'find-doctors', element: <FindDoctorsPage /> },
  { path: 'payments', element: <PaymentHistoryPage /> },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];

export default routes;
