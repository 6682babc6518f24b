import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSession } from 'shell/session';
import { useTranslation } from '../i18n';

// The dashboard layout's chrome, in the ui-kit so that no layout imports another's file. The Logo has no antd
// and is shared with the public pages; their theme switch is an antd-free button of their own.

export { Logo } from './Logo';

export function ThemeToggle() {
  const darkMode = useSession((s) => s.darkMode);
  const toggle = useSession((s) => s.toggleDarkMode);
  const { t } = useTranslation('shell');
  return (
    <Button
      type="text"
      shape="circle"
      aria-label={darkMode ? t('theme.toLight') : t('theme.toDark')}
      icon={darkMode ? <SunOutlined /> : <MoonOutlined />}
      onClick={toggle}
    />
  );
}
