import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { LanguageSwitch } from 'shell/i18n';
import { homeForRole, useSession } from 'shell/session';
import { MAIN_ID, SkipLink } from '../../../libs/ui-kit/a11y';
import { Logo } from '../../../libs/ui-kit/Logo';
import { RouteTitle } from '../page-titles/RouteTitle';
import { Icon } from './icons';

// Plain React and the afya-* classes of styles.css: `/`, /about and /services load no antd (issue 8 §5).
// For the antd pages shown in this layout (sign-in, contact...), App.tsx wraps it in AntdShell (antd-shell.tsx:
// antd's ThemeProvider), loaded with them.

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/services', label: 'Services' },
  { to: '/contact', label: 'Contact' },
];

/** Light/dark switch: the session's persisted darkMode, which the dashboard's antd theme follows too. */
export function PublicThemeToggle() {
  const darkMode = useSession((s) => s.darkMode);
  const toggle = useSession((s) => s.toggleDarkMode);
  return (
    <button
      type="button"
      className="afya-btn afya-btn-text afya-btn-icon"
      aria-label={darkMode ? 'Switch to light theme' : 'Switch to dark theme'}
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
  if (isAuthenticated) {
    return (
      <Link to={homeForRole(role)} onClick={onClick} className={`afya-btn afya-btn-primary${block}`}>
        Dashboard
      </Link>
    );
  }
  return (
    <>
      <Link to="/login" onClick={onClick} className={`afya-btn${block}`}>
        Login
      </Link>
      <Link to="/register" onClick={onClick} className={`afya-btn afya-btn-primary${block}`}>
        Register
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
          <button type="button" className="afya-btn afya-btn-text afya-btn-icon" aria-label="Close menu" onClick={onClose}>
            <Icon name="close" />
          </button>
          <h2 id={titleId}>Menu</h2>
        </div>
        <div className="afya-drawer-body">
          <nav className="afya-drawer-nav" aria-label="Mobile">
            {LINKS.map((l) => (
              <Link
                key={l.to}
                to={l.to}
                onClick={onClose}
                className={pathname === l.to ? 'active' : undefined}
                aria-current={pathname === l.to ? 'page' : undefined}
              >
                {l.label}
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
  return (
    <div className="afya-page-loading" role="status" aria-label="Loading">
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
        <nav className="afya-topnav" aria-label="Main">
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end className={({ isActive }) => (isActive ? 'active' : undefined)}>
              {l.label}
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
            aria-label="Open menu"
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
            <p>Afya Health Ltd, Upper Hill, Nairobi. Quality care, booked in minutes.</p>
          </div>
          <div>
            <strong>Platform</strong>
            <Link to="/services">Services</Link>
            <Link to="/about">About us</Link>
            <Link to="/contact">Contact</Link>
          </div>
          <div>
            <strong>Reach us</strong>
            <a href="tel:+254709123456">+254 709 123 456</a>
            <a href="mailto:hello@afya.co.ke">hello@afya.co.ke</a>
            <span>Emergency support 24/7</span>
          </div>
        </div>
        <div className="afya-container afya-footer-bottom">© {new Date().getFullYear()} Afya Health Ltd. All rights reserved.</div>
      </footer>
    </div>
  );
}
