import { i18n, registerCatalogue, useTranslation } from 'shell/i18n';
import en from '../locales/en.json';

// The admin remote's texts (namespace `admin`): English bundled, Kiswahili fetched when first needed.
// Registered here, in the module that gives the remote its translate hook, so it is there whenever one renders.
registerCatalogue('admin', { en, sw: () => import(/* webpackChunkName: "i18n-admin-sw" */ '../locales/sw.json') });

/** t() over the admin remote's catalogue (mfe-admin/locales), for components (re-renders on a language switch). */
export function useAdminTranslation() {
  return useTranslation('admin');
}

/**
 * t() over the same catalogue outside components (rules and labels computed in plain functions), in the page's
 * language at the time of the call: the calling component re-renders on a switch through its own hook.
 */
export function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, { ns: 'admin', ...options }) as string;
}
