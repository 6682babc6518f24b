import type { ReactNode } from 'react';
import { useTranslation } from 'shell/i18n';
import { SPECIALTY_COUNT } from '../public-site/content';
import { Icon } from '../public-site/icons';

const POINTS = ['auth.frame.points.doctors', 'auth.frame.points.pay', 'auth.frame.points.records'];

/** The sign-in and registration pages' frame (plain React, no antd): a welcome beside the page's form. */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <div className="afya-auth">
      <aside className="afya-auth-aside">
        <h2>{t('auth.frame.title')}</h2>
        <p className="afya-auth-lead">{t('auth.frame.lead')}</p>
        <ul>
          {POINTS.map((p) => (
            <li key={p}>
              <Icon name="checkCircleFilled" /> {t(p, { count: SPECIALTY_COUNT })}
            </li>
          ))}
        </ul>
      </aside>
      {/* The public layout's <main> holds this page: one main region per page. */}
      <div className="afya-auth-main">
        <div className="afya-auth-column">
          <h1>{title}</h1>
          <p className="afya-muted afya-auth-subtitle">{subtitle}</p>
          {children}
        </div>
      </div>
    </div>
  );
}
