import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from './instance';
import { LOCALES, type Language } from './languages';

/** The page's language (re-renders on a switch), its Intl locale, and the switch itself. */
export function useLanguage(): { language: Language; locale: string; setLanguage: (language: Language) => Promise<void> } {
  useTranslation('shell'); // subscribes to languageChanged
  const language = currentLanguage();
  return { language, locale: LOCALES[language], setLanguage };
}
