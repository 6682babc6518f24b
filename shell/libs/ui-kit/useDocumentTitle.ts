import { useEffect } from 'react';

/** What every tab shows after a page's own title. */
export const APP_NAME = 'Afya';

/** 'Book appointment' → 'Book appointment · Afya'; no title → 'Afya'. */
export function documentTitle(title?: string | null): string {
  const t = title?.trim();
  return t ? `${t} · ${APP_NAME}` : APP_NAME;
}

/**
 * Sets the browser tab's title while the calling page is shown, so tabs, history and screen readers tell
 * pages apart (the shell sets it per route; a page with a more precise title may call this too).
 */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
