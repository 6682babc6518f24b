import { i18n } from './instance';

// Names of the catalog's fixed values (the appointment contract's lists), in the page's language. The values stay
// English on the wire and in the data; only what is shown changes. A value the catalogue does not know is shown as is.

/** 'Cardiology' → 'Magonjwa ya moyo' in Kiswahili. */
export const specialtyLabel = (value: string | null | undefined): string =>
  value ? i18n.t(`specialty.${value}`, { ns: 'shell', defaultValue: value }) : '';

/** 'Regular Checkup' → 'Uchunguzi wa kawaida' in Kiswahili. */
export const appointmentTypeLabel = (value: string | null | undefined): string =>
  value ? i18n.t(`appointmentType.${value}`, { ns: 'shell', defaultValue: value }) : '';

/** 'in_person' → 'In person' / 'Ana kwa ana'. */
export const visitModeLabel = (value: string | null | undefined): string =>
  value ? i18n.t(`visitMode.${value}`, { ns: 'shell', defaultValue: value }) : '';
