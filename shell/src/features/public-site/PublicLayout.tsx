import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { LanguageSwitch, useTranslation } from 'shell/i18n';
import { homeForRole, useSession } from 'shell/session';
import { MAIN_ID, SkipLink } from '../../../libs/ui-kit/a11y';
import { Logo } from '../../../libs/ui-kit/Logo';
import { RouteTitle } from '../page-titles/RouteTitle';
import { Icon } from './icons';

// Plain React and the afya-* classes of styles.css: `/`, /about and /services load no antd (issue 8 §5).
// For the antd pages shown in this layout (sign-in, contact...), App.tsx wraps it in AntdShell (antd-shell.tsx:
// antd's ThemeProvider), loaded with them.

/** The top bar's pages and their labels' catalogue keys. */
const LINKS = [
  { to: '/', label: 'public.nav.home' },
  { to: '/about', label: 'public.nav.about' },
  { to: '/services', label: 'public.nav.services' },
  { to: '/contact', label: 'public.nav.contact' },
];

/** Light/dark switch: the session's persisted darkMode, which the dashboard's antd theme follows too. */
export function PublicThemeToggle() {
  const darkMode = useSession((s) => s.darkMode);
  const toggle = useSession((s) => s.toggleDarkMode);
  const { t } = useTranslation('shell');
  return (
    <button
      type="button"
      className="afya-btn afya-btn-text afya-btn-icon"
      aria-label={darkMode ? t('theme.toLight') : t('theme.toDark')}
      onClick={toggle}
    >
      <Icon name={darkMode ? 'sun' : 'moon'} />
    </button>
  );
}

function AccountActions({ vertical, onClick }: { vertical?: boolean; onClick?: () => void }) {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const role = useSession((s) => s.user?.role);
  const block = vertical ? ' afya-btn-block' : '';
  const { t } = useTranslation('shell');
  if (isAuthenticated) {
    return (
      <Link to={homeForRole(role)} onClick={onClick} className={`afya-btn afya-btn-primary${block}`}>
        {t('public.dashboard')}
      </Link>
    );
  }
  return (
    <>
      <Link to="/login" onClick={onClick} className={`afya-btn${block}`}>
        {t('public.login')}
      </Link>
      <Link to="/register" onClick={onClick} className={`afya-btn afya-btn-primary${block}`}>
        {t('public.register')}
      </Link>
    </>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * The small-screen menu: a panel from the right over a dimmed page. Escape, the close button and a click
 * beside it close it; focus moves into it on opening, stays inside while it is open (Tab wraps) and goes
 * back to the menu button on closing.
 */
function MobileMenu({ id, onClose }: { id: string; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const titleId = `${id}-title`;
  const { t } = useTranslation('shell');

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <div className="afya-drawer-mask" onClick={onClose} aria-hidden />
      <div id={id} ref={panel} className="afya-drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="afya-drawer-head">
          <button type="button" className="afya-btn afya-btn-text afya-btn-icon" aria-label={t('public.closeMenu')} onClick={onClose}>
            <Icon name="close" />
          </button>
          <h2 id={titleId}>{t('public.menu')}</h2>
        </div>
        <div className="afya-drawer-body">
          <nav className="afya-drawer-nav" aria-label={t('public.mobileNav')}>
            {LINKS.map((l) => (
              <Link
                key={l.to}
                to={l.to}
                onClick={onClose}
                className={pathname === l.to ? 'active' : undefined}
                aria-current={pathname === l.to ? 'page' : undefined}
              >
                {t(l.label)}
              </Link>
            ))}
          </nav>
          <div className="afya-drawer-actions">
            <AccountActions vertical onClick={onClose} />
          </div>
        </div>
      </div>
    </>
  );
}

/** In place of a page whose code is still loading. */
export function PublicPageLoading() {
  const { t } = useTranslation('shell');
  return (
    <div className="afya-page-loading" role="status" aria-label={t('common.loading')}>
      <span className="afya-spinner" aria-hidden />
    </div>
  );
}

/**
 * Top bar on every page outside /dashboard (a menu button on small screens), the page, the footer.
 * `children` replaces the routed page (App.tsx shows a spinner there while an antd page's code loads).
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const darkMode = useSession((s) => s.darkMode);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  const { t } = useTranslation('shell');

  // A page change (a link in the menu, the browser's back button) closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  const closeMenu = () => {
    setOpen(false);
    menuButton.current?.focus();
  };

  return (
    <div className={`afya-public ${darkMode ? 'afya-dark' : 'afya-light'}`} data-theme={darkMode ? 'dark' : 'light'}>
      <RouteTitle />
      <SkipLink />
      <header className="afya-topbar">
        <Logo />
        <nav className="afya-topnav" aria-label={t('public.mainNav')}>
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end className={({ isActive }) => (isActive ? 'active' : undefined)}>
              {t(l.label)}
            </NavLink>
          ))}
        </nav>
        <div className="afya-topbar-actions">
          <LanguageSwitch />
          <PublicThemeToggle />
          <span className="afya-desktop-only">
            <AccountActions />
          </span>
          <button
            ref={menuButton}
            type="button"
            className="afya-btn afya-btn-text afya-btn-icon afya-mobile-only"
            aria-label={t('public.openMenu')}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? menuId : undefined}
            onClick={() => setOpen(true)}
          >
            <Icon name="menu" />
          </button>
        </div>
      </header>
      {open && <MobileMenu id={menuId} onClose={closeMenu} />}
      <main id={MAIN_ID} className="afya-public-main">{children ?? <Outlet />}</main>
      <footer className="afya-footer">
        <div className="afya-container afya-footer-grid">
          <div>
            <Logo />
            <p>{t('public.footer.tagline')}</p>
          </div>
          <div>
            <strong>{t('public.footer.platform')}</strong>
            <Link to="/services">{t('public.nav.services')}</Link>
            <Link to="/about">{t('public.footer.aboutUs')}</Link>
            <Link to="/contact">{t('public.nav.contact')}</Link>
          </div>
          <div>
            <strong>{t('public.footer.reachUs')}</strong>
            <a href="tel:+254709123456">+254 709 123 456</a>
            <a href="mailto:hello@afya.co.ke">hello@afya.co.ke</a>
            <span>{t('contact.hours.emergency')}</span>
          </div>
        </div>
        <div className="afya-container afya-footer-bottom">{t('public.footer.copyright', { year: new Date().getFullYear() })}</div>
      </footer>
    </div>
  );
}
