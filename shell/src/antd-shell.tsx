import { Outlet } from 'react-router-dom';
import { ThemeProvider } from 'shell/ui-kit';

/**
 * antd's ConfigProvider, App and toasts in the session's light or dark theme, around the antd routes
 * (App.tsx). Its own small chunk, loaded with the first antd route: `/`, /about and /services never fetch
 * it, antd or the ui-kit.
 */
export function AntdShell() {
  return (
    <ThemeProvider>
      <Outlet />
    </ThemeProvider>
  );
}
