import { CheckCircleFilled } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';

const POINTS = [
  'Book verified doctors across 50+ specialties',
  'Pay in Ksh by M-Pesa or card',
  'Prescriptions and records in one secure place',
];

export function AuthFrame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="afya-auth">
      <aside className="afya-auth-aside">
        <Typography.Title level={2} style={{ color: '#fff', marginTop: 0 }}>
          Care that fits your day
        </Typography.Title>
        <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16 }}>
          From Nairobi to Kisumu, Afya connects you with trusted doctors in minutes.
        </Typography.Paragraph>
        <ul>
          {POINTS.map((p) => (
            <li key={p}>
              <CheckCircleFilled /> {p}
            </li>
          ))}
        </ul>
      </aside>
      {/* The public layout's <main> holds this page: one main region per page. */}
      <div className="afya-auth-main">
        <div style={{ width: '100%', maxWidth: 440 }}>
          <Typography.Title level={1} style={{ marginBottom: 4, fontSize: 30, lineHeight: 1.27 }}>
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>
          {children}
        </div>
      </div>
    </div>
  );
}
