// shell/i18n: English and Kiswahili for the shell and every remote (one i18next instance for the page).
// antd's locale (antd-locale.ts) is not exported here: the public pages load no antd; the ui-kit's
// ThemeProvider wires it.
export { i18n, initI18n, registerCatalogue, loadCataloguePart, loadShellTexts, setLanguage, currentLanguage, onLanguageChosen, initialLanguage, translateMessage } from './instance';
export type { Catalogue, CatalogueSource, CataloguePart } from './instance';
export { LANGUAGES, LOCALES, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, DEFAULT_LANGUAGE, isLanguage, languageOfTag, detectLanguage } from './languages';
export type { Language } from './languages';
export { formatKsh, formatNumber, formatDate, formatSlot, CLINIC_TIME_ZONE, DATE_STYLES } from './format';
export type { DateStyle } from './format';
export { useLanguage } from './useLanguage';
export { LanguageSwitch } from './LanguageSwitch';
export { useTranslation, Trans } from 'react-i18next';
export { specialtyLabel, appointmentTypeLabel, visitModeLabel } from './labels';
