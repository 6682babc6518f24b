// The session lives outside React; it asks the router to navigate through this hook-up.
// The shell registers the router's navigate at start; before that (or in tests) we fall back to location.
type Navigate = (to: string, opts?: { replace?: boolean }) => void;
let navigateImpl: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigateImpl = fn;
}

export function navigateTo(to: string): void {
  if (navigateImpl) {
    navigateImpl(to, { replace: true });
    return;
  }
  if (typeof window !== 'undefined' && window.location.pathname !== to) {
    window.location.assign(to);
  }
}
