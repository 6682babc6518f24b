import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES } from './languages';
import { useLanguage } from './useLanguage';

/**
 * English / Kiswahili, for the top bars of the public pages and the dashboard. Plain React (the public pages
 * load no antd); styled by `.afya-language-switch` in the shell's styles.css. Each button shows its language's
 * name in that language, which is also its accessible name (no abbreviation: a voice user says what they see).
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
          aria-pressed={language === l}
          className={language === l ? 'is-active' : undefined}
          onClick={() => void setLanguage(l)}
        >
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
