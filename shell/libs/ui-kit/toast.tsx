import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect, type ReactNode } from 'react';
import { translateMessage } from '../i18n';

/** CONTRACT.md §9: top-right, at most 20, 4000 ms for blank/error, 2000 ms for success, loading without limit. */
export const TOAST_CONFIG = { placement: 'topRight' as const, maxCount: 20, errorMs: 4000, blankMs: 4000, successMs: 2000 };

/**
 * On a phone a top-right toast is as wide as the screen and covered the page's header and Back link for its 2 s:
 * there toasts come up from the bottom, where they hide nothing one needs right after an action.
 */
export const PHONE_SCREEN = '(max-width: 767px)';
const placement = () => (typeof window !== 'undefined' && window.matchMedia?.(PHONE_SCREEN).matches ? ('bottom' as const) : TOAST_CONFIG.placement);

let instance: NotificationInstance | null = null;

function api(): Pick<NotificationInstance, 'open' | 'destroy'> {
  return instance ?? notification;
}

let seq = 0;
function show(type: 'success' | 'error' | 'info' | 'warning' | undefined, text: ReactNode, ms: number | false, key?: string): string {
  const k = key ?? `toast-${++seq}`;
  api().open({
    key: k,
    type,
    // A known English message (ours, a contract's or the server's) in the page's language.
    title: typeof text === 'string' ? translateMessage(text) : text,
    duration: ms === false ? false : ms / 1000,
    placement: placement(),
    className: `afya-toast afya-toast-${type ?? 'blank'}`,
  });
  return k;
}

/** The one toast helper for the shell and every remote. */
export const toast = Object.assign((text: ReactNode) => show(undefined, text, TOAST_CONFIG.blankMs), {
  success: (text: ReactNode, key?: string) => show('success', text, TOAST_CONFIG.successMs, key),
  error: (text: ReactNode, key?: string) => show('error', text, TOAST_CONFIG.errorMs, key),
  info: (text: ReactNode) => show('info', text, TOAST_CONFIG.blankMs),
  loading: (text: ReactNode) => show('info', text, false),
  dismiss: (key?: string) => api().destroy(key),
});

/** Rendered once inside the ConfigProvider so toasts follow the theme. */
export function ToastHost() {
  const [apiInstance, holder] = notification.useNotification({
    placement: TOAST_CONFIG.placement,
    maxCount: TOAST_CONFIG.maxCount,
    top: 16,
  });
  instance = apiInstance;
  useEffect(() => {
    instance = apiInstance;
    return () => {
      if (instance === apiInstance) instance = null;
    };
  }, [apiInstance]);
  return holder;
}

notification.config({ placement: TOAST_CONFIG.placement, maxCount: TOAST_CONFIG.maxCount });
