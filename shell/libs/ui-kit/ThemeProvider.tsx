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
  // Drawers and dialogs render into document.body, outside the wrapper below: the theme's CSS variables (muted text,
  // links) must reach them too, or a card in a drawer kept the light theme's #5b6b73 on a dark background (3.3:1).
  useEffect(() => {
    document.body.classList.toggle('afya-dark', darkMode);
    return () => document.body.classList.remove('afya-dark');
  }, [darkMode]);
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
