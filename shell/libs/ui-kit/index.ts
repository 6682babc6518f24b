export { countOf, formatKsh, initials } from './format';
export { Money, StatusBadge, EmptyState, ErrorState, PageHeader, WelcomeBanner, confirmDelete } from './components';
export { ComingSoon } from './ComingSoon';
export { toast, ToastHost, TOAST_CONFIG } from './toast';
export { ThemeProvider } from './ThemeProvider';
export { buildTheme, brand } from './theme';
export { StatCard } from './StatCard';
export * from './appointments';
export { AppointmentFilters } from './AppointmentFilters';
export { AppointmentCard, paymentTag } from './AppointmentCard';
export type { AppointmentCardData } from './AppointmentCard';
export { useAppointmentList, AppointmentListBody, APPOINTMENT_CARDS_STEP, type AppointmentFetcher } from './AppointmentList';
export { readKshInput, zeroNeedsConfirmation, type KshInput } from './ksh-input';
export { useDocumentTitle, documentTitle, APP_NAME } from './useDocumentTitle';
export { Logo, ThemeToggle } from './Brand';
// The support screens' kit is its own expose (shell/support-kit); the menu badge needs only this.
export { supportKeys, useUnreadTickets } from './support/unread';
export { downloadPrescriptionPdf, usePrescriptionDownload, type DownloadablePrescription } from './prescriptions/usePrescriptionDownload';
export { lazyPage } from './lazyPage';
