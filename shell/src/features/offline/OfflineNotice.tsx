import { useSyncExternalStore } from 'react';
import { useTranslation } from 'shell/i18n';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network (navigator.onLine and its online/offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * "You are offline" and what still works, on every page while the browser has no network (issue 35): a phone on a
 * mobile link loses it often, and a screen waiting on the network must not look like a spinner that never ends. Plain
 * React and the shell's CSS (no antd): it shows on the public pages too. Lists load again by themselves when the link
 * is back (TanStack Query resumes paused loads).
 */
export function OfflineNotice() {
  const online = useOnline();
  const { t } = useTranslation('shell');
  return (
    <div className="afya-offline-notice" role="status" aria-live="polite" hidden={online}>
      {online ? null : (
        <>
          <strong>{t('common.offline.title')}</strong> <span>{t('common.offline.detail')}</span>
        </>
      )}
    </div>
  );
}
