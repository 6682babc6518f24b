import { i18n } from 'shell/i18n';

/**
 * The browser tab's title of every page, by path (catalogue keys): the public site, sign-in and registration, and every
 * role's dashboard pages (the remotes' pages included, listed here: the route-access table covers them only
 * by prefix). A path matches a pattern segment for segment, so the order does not matter; `:param` matches
 * one non-empty segment.
 */
export const ROUTE_TITLES: ReadonlyArray<readonly [pattern: string, titleKey: string]> = [
  // Public site and sign-in
  ['/', 'titles.bookDoctor'],
  ['/about', 'titles.about'],
  ['/services', 'titles.services'],
  ['/contact', 'titles.contact'],
  ['/payment-cancel', 'titles.paymentCancelled'],
  ['/payment-success', 'titles.paymentReceived'],
  ['/login', 'titles.signIn'],
  ['/register', 'titles.register'],
  // Doctor
  ['/dashboard/doctor', 'titles.doctorDashboard'],
  ['/dashboard/doctor/appointments', 'titles.myAppointments'],
  ['/dashboard/doctor/prescriptions', 'titles.issuedPrescriptions'],
  ['/dashboard/doctor/write-prescription', 'titles.writePrescription'],
  ['/dashboard/doctor/medical-history', 'titles.medicalHistory'],
  ['/dashboard/doctor/support', 'titles.supportTickets'],
  ['/dashboard/doctor/hours', 'titles.myHours'],
  ['/dashboard/doctor/queue', 'titles.queue'],
  ['/dashboard/doctor/vital-alerts', 'titles.readingAlerts'],
  ['/dashboard/doctor/patients/:id/readings', 'titles.patientReadings'],
  // Admin
  ['/dashboard/admin', 'titles.adminDashboard'],
  ['/dashboard/admin/users', 'titles.users'],
  ['/dashboard/admin/analytics', 'titles.analytics'],
  ['/dashboard/admin/reports', 'titles.reports'],
  ['/dashboard/admin/appointments', 'titles.allAppointments'],
  ['/dashboard/admin/doctors', 'titles.doctors'],
  ['/dashboard/admin/support', 'titles.supportTickets'],
  ['/dashboard/admin/calendar', 'titles.clinicCalendar'],
  ['/dashboard/admin/desk', 'titles.frontDesk'],
  ['/dashboard/admin/desk/display', 'titles.waitingRoom'],
  // Patient (and the pages several roles share)
  ['/dashboard', 'titles.dashboard'],
  ['/dashboard/appointments', 'titles.appointments'],
  ['/dashboard/appointments/book', 'titles.bookAppointment'],
  ['/dashboard/find-doctors', 'titles.findDoctors'],
  ['/dashboard/waitlist', 'titles.waitlist'],
  ['/dashboard/waitlist/offers/:id', 'titles.waitlistOffer'],
  ['/dashboard/prescriptions', 'titles.prescriptions'],
  ['/dashboard/prescriptions/:id', 'titles.prescription'],
  ['/dashboard/medical-history', 'titles.medicalHistory'],
  ['/dashboard/health-readings', 'titles.healthReadings'],
  ['/dashboard/family', 'titles.family'],
  ['/dashboard/insurance', 'titles.insurance'],
  ['/dashboard/support', 'titles.support'],
  ['/dashboard/payments', 'titles.payments'],
  ['/dashboard/video/:id', 'titles.videoVisit'],
];

function matches(pattern: string, path: string): boolean {
  const p = pattern.split('/');
  const s = path.split('/');
  return p.length === s.length && p.every((part, i) => part.startsWith(':') ? s[i] !== '' : part === s[i]);
}

/** The page title for a path in the page's language ('/dashboard/appointments/book' → 'Book appointment'); null when unknown. */
export function titleForPath(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const key = ROUTE_TITLES.find(([pattern]) => matches(pattern, path))?.[1];
  return key ? i18n.t(key, { ns: 'shell' }) : null;
}
