import { App as AntApp, ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useSession } from '../session';
import { buildTheme } from './theme';
import { ToastHost } from './toast';

/** antd ConfigProvider in light or dark mode from the session's darkMode flag. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const darkMode = useSession((s) => s.darkMode);
  const theme = useMemo(() => buildTheme(darkMode), [darkMode]);
  return (
    <ConfigProvider theme={theme}>
      <AntApp>
        <ToastHost />
        <div className={darkMode ? 'afya-dark' : 'afya-light'} data-theme={darkMode ? 'dark' : 'light'}>
          {children}
        </div>
      </AntApp>
    </ConfigProvider>
  );
}
