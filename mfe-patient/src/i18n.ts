import { i18n, registerCatalogue, useTranslation } from 'shell/i18n';
import en from '../locales/en.json';

// The patient remote's texts (namespace `patient`): English bundled, Kiswahili fetched when first needed.
// Registered here, in the module that gives the remote its translate hook, so it is there whenever one renders.
registerCatalogue('patient', { en, sw: () => import(/* webpackChunkName: "i18n-patient-sw" */ '../locales/sw.json') });

/** t() over the patient remote's catalogue (mfe-patient/locales). */
export function usePatientTranslation() {
  return useTranslation('patient');
}

/**
 * t() outside React (rules and helpers that return text): the page's language at the time of the call. Components
 * use the hook, which re-renders them on a switch.
 */
export function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, { ns: 'patient', ...options });
}
