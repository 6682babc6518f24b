/** Marketing copy for the public pages (CONTRACT.md §1). */
import { SPECIALIZATIONS } from '@afya/appointment-service/contracts/catalog';

/** The 12 specialties of CONTRACT.md §1: the appointment service's list. */
export const SPECIALTIES: readonly string[] = SPECIALIZATIONS;

/**
 * How many specialties a patient can book: the copy says this number ({{count}} in the texts that name it), never a
 * figure of its own, so it stays true when the list changes.
 */
export const SPECIALTY_COUNT = SPECIALTIES.length;

/** Figures and their labels' catalogue keys (shell/locales). */
export const STATS = [
  { value: '10,000+', label: 'home.stats.patients' },
  { value: '500+', label: 'home.stats.doctors' },
  { value: String(SPECIALTY_COUNT), label: 'home.stats.specialties' },
  { value: '99.9%', label: 'home.stats.uptime' },
  { value: '99%', label: 'home.stats.satisfaction' },
];

/** The platform's features; `key` names the icon and the texts (home.features.<key>.title / .text). */
export const FEATURES = [
  { key: 'booking', title: 'home.features.booking.title', text: 'home.features.booking.text' },
  { key: 'telemedicine', title: 'home.features.telemedicine.title', text: 'home.features.telemedicine.text' },
  { key: 'records', title: 'home.features.records.title', text: 'home.features.records.text' },
  { key: 'monitoring', title: 'home.features.monitoring.title', text: 'home.features.monitoring.text' },
  { key: 'family', title: 'home.features.family.title', text: 'home.features.family.text' },
  { key: 'billing', title: 'home.features.billing.title', text: 'home.features.billing.text' },
  { key: 'support', title: 'home.features.support.title', text: 'home.features.support.text' },
];

export const CONTACT = {
  phone: '+254 709 123 456',
  phoneHref: 'tel:+254709123456',
  email: 'hello@afya.co.ke',
  address: 'Afya House, 4th Floor, Upper Hill Road, Nairobi',
  /** Catalogue keys of the opening hours. */
  hours: ['contact.hours.weekdays', 'contact.hours.weekends', 'contact.hours.emergency'],
};
