import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

export function StatCard({ label, value, icon, note, color = '#0f766e' }: { label: ReactNode; value: ReactNode; icon?: ReactNode; note?: ReactNode; color?: string }) {
  return (
    <Card styles={{ body: { padding: 16 } }} style={{ height: '100%' }}>
      <div style={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 8 }}>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text type="secondary" style={{ display: 'block', wordBreak: 'normal', overflowWrap: 'normal' }}>
            {label}
          </Typography.Text>
          <div style={{ fontSize: 'clamp(18px, 2.2vw, 26px)', fontWeight: 700, lineHeight: 1.3, whiteSpace: 'nowrap' }}>{value}</div>
          {note ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{note}</Typography.Text> : null}
        </div>
        {icon ? (
          <div style={{ flex: 'none', width: 40, height: 40, borderRadius: 12, display: 'grid', placeItems: 'center', fontSize: 18, color, background: `${color}1a` }}>
            {icon}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
