/**
 * Registers /sw.js (sw.ts) once the page has loaded, so the worker's start never competes with the first view. Only in
 * production builds over HTTPS or localhost (the browser's rule); a browser without service workers just has none.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
