import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { useSession } from 'shell/session';

// The shell's chrome shared by its public and dashboard layouts (here rather than in one layout's file, so
// neither layout imports the other).

/** The Afya mark and name, linking home. */
export function Logo() {
  return (
    <Link to="/" className="afya-logo" aria-label="Afya home">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden>
        <rect width="32" height="32" rx="8" fill="#0f766e" />
        <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
      </svg>
      <span>Afya</span>
    </Link>
  );
}

export function ThemeToggle() {
  const darkMode = useSession((s) => s.darkMode);
  const toggle = useSession((s) => s.toggleDarkMode);
  return (
    <Button
      type="text"
      shape="circle"
      aria-label={darkMode ? 'Switch to light theme' : 'Switch to dark theme'}
      icon={darkMode ? <SunOutlined /> : <MoonOutlined />}
      onClick={toggle}
    />
  );
}
