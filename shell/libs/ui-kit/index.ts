export { formatKsh, initials } from './format';
export { Money, StatusBadge, EmptyState, ErrorState, PageHeader, confirmDelete } from './components';
export { ComingSoon } from './ComingSoon';
export { toast, ToastHost, TOAST_CONFIG } from './toast';
export { ThemeProvider } from './ThemeProvider';
export { buildTheme, brand } from './theme';
export { StatCard } from './StatCard';
export * from './appointments';
export { AppointmentFilters } from './AppointmentFilters';
