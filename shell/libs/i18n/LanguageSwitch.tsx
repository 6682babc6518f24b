import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES } from './languages';
import { useLanguage } from './useLanguage';

/**
 * English / Kiswahili, for the top bars of the public pages and the dashboard. Plain React (the public pages
 * load no antd); styled by `.afya-language-switch` in the shell's styles.css. Each button is named by its
 * language in that language ("EN" is in "English", "SW" in "Kiswahili": the visible label is in the name).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const { language, setLanguage } = useLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className={['afya-language-switch', className].filter(Boolean).join(' ')}>
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          // The visible code is a word of the name, outside brackets (WCAG 2.5.3 Label in Name: axe's label-content-name-mismatch ignores parentheticals).
          aria-label={`${LANGUAGE_NAMES[l]} · ${l.toUpperCase()}`}
          aria-pressed={language === l}
          className={language === l ? 'is-active' : undefined}
          onClick={() => void setLanguage(l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
