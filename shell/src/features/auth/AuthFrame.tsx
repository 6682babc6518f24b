import type { ReactNode } from 'react';
import { Icon } from '../public-site/icons';

const POINTS = [
  'Book verified doctors across 50+ specialties',
  'Pay in Ksh by M-Pesa or card',
  'Prescriptions and records in one secure place',
];

/** The sign-in and registration pages' frame (plain React, no antd): a welcome beside the page's form. */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="afya-auth">
      <aside className="afya-auth-aside">
        <h2>Care that fits your day</h2>
        <p className="afya-auth-lead">From Nairobi to Kisumu, Afya connects you with trusted doctors in minutes.</p>
        <ul>
          {POINTS.map((p) => (
            <li key={p}>
              <Icon name="checkCircleFilled" /> {p}
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
