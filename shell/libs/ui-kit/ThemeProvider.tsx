import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useAntdLocale } from '../i18n/antd-locale';
import { useSession } from '../session';
import { buildTheme } from './theme';
import { ToastHost } from './toast';

/** antd ConfigProvider in light or dark mode from the session's darkMode flag. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const darkMode = useSession((s) => s.darkMode);
  const theme = useMemo(() => buildTheme(darkMode), [darkMode]);
  // antd's own texts (dialog buttons, date picker, pagination, empty tables) in the page's language.
  const locale = useAntdLocale();
  // Static dialogs (Modal.confirm, used by confirmDelete) render outside this tree: without this they took antd's
  // default theme, whose white-on-#ff4d4f danger button is 3.26:1.
  useEffect(() => {
    ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={theme} locale={locale}>{children}</ConfigProvider> });
  }, [theme, locale]);
  return (
    <ConfigProvider theme={theme} locale={locale}>
      <AntApp>
        <ToastHost />
        <div className={darkMode ? 'afya-dark' : 'afya-light'} data-theme={darkMode ? 'dark' : 'light'}>
          {children}
        </div>
      </AntApp>
    </ConfigProvider>
  );
}
