import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

// No antd here: the public pages (which load no antd) import this file directly, the dashboard through the ui-kit.

/** The Afya mark and name, linking home. */
export function Logo() {
  const { t } = useTranslation('shell');
  return (
    <Link to="/" className="afya-logo" aria-label={t('a11y.home')}>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden>
        <rect width="32" height="32" rx="8" fill="#0f766e" />
        <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
      </svg>
      <span>Afya</span>
    </Link>
  );
}
