import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from 'shell/ui-kit';
import { PatientHomePage } from '../features/home/PatientHomePage';
import remotePackage from '../../package.json';

/**
 * mfe_patient's pages under /dashboard/* (paths relative to /dashboard). The shell guards access
 * (CONTRACT.md §2) and renders these inside its layout. Each feature lives in src/features/<feature>/.
 * The home loads with the table; every other page loads on its first visit (lazyPage), which keeps them off the
 * dashboard's first load (infra/bench/frontend-size.js measures it).
 */
export const routes: RouteObject[] = [
  { index: true, element: <PatientHomePage /> },
  { path: 'appointments', element: lazyPage(() => import('../features/appointments/AppointmentsPage').then((m) => m.AppointmentsPage)) },
  { path: 'appointments/book', element: lazyPage(() => import('../features/booking/BookAppointmentPage').then((m) => m.BookAppointmentPage)) },
  { path: 'prescriptions', element: lazyPage(() => import('../features/prescriptions/PrescriptionsPage').then((m) => m.PrescriptionsPage)) },
  { path: 'prescriptions/:prescriptionId', element: lazyPage(() => import('../features/prescriptions/PrescriptionDetailPage').then((m) => m.PrescriptionDetailPage)) },
  { path: 'medical-history', element: lazyPage(() => import('../features/medical-history/MedicalHistoryPage').then((m) => m.MedicalHistoryPage)) },
  { path: 'health-readings', element: lazyPage(() => import('../features/health-readings/HealthReadingsPage').then((m) => m.HealthReadingsPage)) },
  { path: 'insurance', element: lazyPage(() => import('../features/insurance/InsurancePage').then((m) => m.InsurancePage)) },
  { path: 'family', element: lazyPage(() => import('../features/family/FamilyPage').then((m) => m.FamilyPage)) },
  { path: 'support', element: lazyPage(() => import('../features/support/SupportPage').then((m) => m.SupportPage)) },
  { path: 'waitlist', element: lazyPage(() => import('../features/waitlist/WaitlistPage').then((m) => m.WaitlistPage)) },
  { path: 'waitlist/offers/:offerId', element: lazyPage(() => import('../features/waitlist/OfferPage').then((m) => m.OfferPage)) },
  { path: 'find-doctors', element: lazyPage(() => import('../features/find-doctors/FindDoctorsPage').then((m) => m.FindDoctorsPage)) },
  { path: 'video/:appointmentId', element: lazyPage(() => import('../features/video/VideoVisitPage').then((m) => m.VideoVisitPage)) },
  { path: 'payments', element: lazyPage(() => import('../features/payments/PaymentHistoryPage').then((m) => m.PaymentHistoryPage)) },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];

/**
 * The shell versions this remote works with (package.json "requiredShell", a semver range over shell/package.json
 * "version"): the shell checks it before mounting these routes, and asks for a reload when it is too old.
 */
export const requiredShell: string = remotePackage.requiredShell;

export default routes;
