import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { homeForRole, useSession } from 'shell/session';
import { Logo, ThemeToggle } from 'shell/ui-kit';
import { RouteTitle } from '../page-titles/RouteTitle';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/services', label: 'Services' },
  { to: '/contact', label: 'Contact' },
];

function AccountActions({ vertical, onClick }: { vertical?: boolean; onClick?: () => void }) {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const role = useSession((s) => s.user?.role);
  if (isAuthenticated) {
    return (
      <Link to={homeForRole(role)} onClick={onClick}>
        <Button type="primary" block={vertical}>
          Dashboard
        </Button>
      </Link>
    );
  }
  return (
    <Space orientation={vertical ? 'vertical' : 'horizontal'} style={vertical ? { width: '100%' } : undefined}>
      <Link to="/login" onClick={onClick}>
        <Button block={vertical}>Login</Button>
      </Link>
      <Link to="/register" onClick={onClick}>
        <Button type="primary" block={vertical}>
          Register
        </Button>
      </Link>
    </Space>
  );
}

/** Top bar on every page outside /dashboard (collapsible on small screens). */
export function PublicLayout() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  return (
    <Layout className="afya-public">
      <RouteTitle />
      <Layout.Header className="afya-topbar">
        <Logo />
        <nav className="afya-topnav" aria-label="Main">
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end className={({ isActive }) => (isActive ? 'active' : undefined)}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="afya-topbar-actions">
          <ThemeToggle />
          <span className="afya-desktop-only">
            <AccountActions />
          </span>
          <Button className="afya-mobile-only" type="text" icon={<MenuOutlined />} aria-label="Open menu" onClick={() => setOpen(true)} />
        </div>
      </Layout.Header>
      <Drawer open={open} onClose={() => setOpen(false)} placement="right" size={280} title="Menu">
        <nav className="afya-drawer-nav" aria-label="Mobile">
          {LINKS.map((l) => (
            <Link key={l.to} to={l.to} onClick={() => setOpen(false)} className={pathname === l.to ? 'active' : undefined}>
              {l.label}
            </Link>
          ))}
        </nav>
        <div style={{ marginTop: 24 }}>
          <AccountActions vertical onClick={() => setOpen(false)} />
        </div>
      </Drawer>
      <Layout.Content>
        <Outlet />
      </Layout.Content>
      <footer className="afya-footer">
        <div className="afya-container afya-footer-grid">
          <div>
            <Logo />
            <Typography.Paragraph style={{ marginTop: 12, color: 'inherit', opacity: 0.8 }}>
              Afya Health Ltd, Upper Hill, Nairobi. Quality care, booked in minutes.
            </Typography.Paragraph>
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
    </Layout>
  );
}
