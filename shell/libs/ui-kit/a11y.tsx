import { useTranslation } from 'react-i18next';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';

// Keyboard and screen-reader plumbing shared by the public pages and the dashboard. No antd here: the public
// pages import this file directly and must stay antd-free.

export const MAIN_ID = 'main-content';

/** Moves focus to an element that is not focusable by itself (a heading, the main region) without scrolling away. */
export function focusElement(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: false });
}

/** "Skip to main content": the first Tab stop of every page, shown only while it has focus (WCAG 2.4.1). */
export function SkipLink() {
  const { t } = useTranslation('shell');
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    // Focus the region itself: the router would otherwise treat the #hash as a navigation.
    event.preventDefault();
    focusElement(main.querySelector<HTMLElement>('h1') ?? main);
  };
  return (
    <a className="afya-skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      {t('a11y.skip')}
    </a>
  );
}

/**
 * Waits for the page's `<h1>` in the main region (pages load their code lazily) that is not `previous`, and
 * focuses it; after `timeoutMs` it takes whatever `<h1>` is there (a page that kept its heading element). Does
 * nothing if the user has moved focus meanwhile. Returns a cancel function.
 */
export function focusHeadingWhenShown(previous: Element | null, timeoutMs = 3_000): () => void {
  const startedOn = document.activeElement;
  const heading = (allowPrevious: boolean) => {
    const found = document.querySelector<HTMLElement>(`#${MAIN_ID} h1`);
    return found && (allowPrevious || found !== previous) ? found : null;
  };
  const userMovedFocus = () => {
    const active = document.activeElement;
    return !!active && active !== startedOn && active !== document.body && startedOn?.isConnected === true;
  };
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    observer?.disconnect();
    if (timer) clearTimeout(timer);
  };
  const attempt = (allowPrevious: boolean) => {
    if (userMovedFocus()) {
      stop();
      return true;
    }
    const found = heading(allowPrevious);
    if (!found) return false;
    stop();
    focusElement(found);
    return true;
  };
  if (!attempt(false)) {
    observer = new MutationObserver(() => void attempt(false));
    observer.observe(document.body, { childList: true, subtree: true });
    timer = setTimeout(() => {
      attempt(true);
      stop();
    }, timeoutMs);
  }
  return stop;
}

let lastFocusedHeading: Element | null = null;
let documentPath: string | null = typeof window !== 'undefined' ? window.location.pathname : null;

/**
 * After every route change (sign-in included), focus goes to the new page's `<h1>`, so a keyboard or
 * screen-reader user starts at the new content instead of at the top of the document (WCAG 2.4.3). The first
 * page of a document load keeps the browser's own start. Mounted once, at the top of the app.
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current && pathname === documentPath) {
      first.current = false;
      lastFocusedHeading = document.querySelector(`#${MAIN_ID} h1`);
      return;
    }
    first.current = false;
    documentPath = null;
    return focusHeadingWhenShown(lastFocusedHeading && lastFocusedHeading.isConnected ? lastFocusedHeading : null);
  }, [pathname]);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLHeadingElement && event.target.tagName === 'H1') lastFocusedHeading = event.target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
}

/** Renders nothing: mounts useFocusHeadingOnNavigate inside the router. */
export function FocusOnNavigate() {
  useFocusHeadingOnNavigate();
  return null;
}
