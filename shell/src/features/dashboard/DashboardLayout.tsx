import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Avatar, Button, Drawer, Grid, Layout, Menu, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { fullName, useSession } from 'shell/session';
import { LanguageSwitch, translateMessage, useTranslation } from 'shell/i18n';
import { brand, initials, Logo, MAIN_ID, SkipLink, ThemeToggle, toast } from 'shell/ui-kit';
import type { AuthNotice } from '../auth/notices';
import { RouteTitle } from '../page-titles/RouteTitle';
import { ProfileDialog } from '../profile/ProfileDialog';
import { SetNewPasswordDialog } from '../profile/SetNewPasswordDialog';
import { dashboardRedirect } from './access';
import { activeMenuKey, menuForRole } from './menus';

/** Each role's name (catalogue keys). */
const ROLE_LABEL: Record<string, string> = { user: 'roles.user', doctor: 'roles.doctor', admin: 'roles.admin' };

function SidebarContent({ onNavigate, onProfile }: { onNavigate?: () => void; onProfile: () => void }) {
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = menuForRole(user?.role);
  const selected = activeMenuKey(entries, pathname);
  const { t } = useTranslation('shell');
  return (
    <div className="afya-sider-inner">
      <div className="afya-sider-logo">
        <Logo />
      </div>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        items={entries.map((e) => ({ key: e.path, icon: e.icon, label: typeof e.label === 'string' ? t(e.label) : e.label }))}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
        style={{ borderInlineEnd: 'none', flex: 1, overflowY: 'auto' }}
      />
      <div className="afya-sider-footer">
        {/* Its name is what it shows (WCAG 2.5.3: a voice user says the name they see), then what it does. */}
        <button type="button" className="afya-user-chip" onClick={onProfile}>
          <Avatar aria-hidden src={user?.profilePictureUrl || undefined} style={{ background: brand.primary, flex: 'none' }}>
            {initials(user?.firstname, user?.lastname)}
          </Avatar>
          <span className="afya-user-chip-text">
            <Typography.Text strong ellipsis>
              {fullName(user)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {ROLE_LABEL[user?.role ?? ''] ? t(ROLE_LABEL[user?.role ?? '']) : user?.role}
            </Typography.Text>
          </span>
          <span className="afya-visually-hidden">{t('dashboard.openProfile')}</span>
        </button>
        <Button block icon={<LogoutOutlined />} onClick={() => logout()} style={{ marginTop: 8 }}>
          {t('dashboard.logout')}
        </Button>
      </div>
    </div>
  );
}

/** /dashboard frame: sidebar (drawer on small screens), guards, blocking password dialog, content. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const isDesktop = screens.lg ?? true;
  const [drawer, setDrawer] = useState(false);
  const [profile, setProfile] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('shell');

  // 'Login successful!' from the sign-in page (which has no antd toasts), shown once: the state is then dropped so
  // a reload or Back does not show it again.
  const notice = (location.state as AuthNotice | null)?.notice;
  useEffect(() => {
    if (!notice) return;
    toast.success(translateMessage(notice));
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [notice, navigate, location.pathname, location.search]);

  const redirect = dashboardRedirect(pathname, user?.role);
  if (redirect && redirect !== pathname) return <Navigate to={redirect} replace />;

  return (
    <Layout style={{ minHeight: '100vh' }} className="afya-dashboard">
      <RouteTitle />
      <SkipLink />
      {isDesktop ? (
        <Layout.Sider width={brand.sidebarWidth} theme="light" className="afya-sider">
          <SidebarContent onProfile={() => setProfile(true)} />
        </Layout.Sider>
      ) : (
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          placement="left"
          size={brand.sidebarWidth + 24}
          styles={{ body: { padding: 0 } }}
          closable={false}
        >
          <SidebarContent onNavigate={() => setDrawer(false)} onProfile={() => setProfile(true)} />
        </Drawer>
      )}
      <Layout>
        <Layout.Header className="afya-dash-header">
          {!isDesktop ? (
            <Button type="text" className="afya-nav-toggle" icon={<MenuOutlined />} aria-label={t('dashboard.openNavigation')} onClick={() => setDrawer(true)} />
          ) : (
            <span />
          )}
          {!isDesktop ? <Logo /> : null}
          <div className="afya-dash-header-actions">
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </Layout.Header>
        <Layout.Content id={MAIN_ID} className="afya-dash-content">
          {user?.must_change_password ? <SetNewPasswordDialog /> : children}
        </Layout.Content>
      </Layout>
      <ProfileDialog open={profile} onClose={() => setProfile(false)} />
    </Layout>
  );
}
