import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export function StatCard({ label, value, icon, note, color = '#0f766e' }: { label: ReactNode; value: ReactNode; icon?: ReactNode; note?: ReactNode; color?: string }) {
  return (
    <Card styles={{ body: { padding: 18 } }} style={{ height: '100%' }}>
      <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
        <div>
          <Typography.Text type="secondary">{label}</Typography.Text>
          <div style={{ fontSize: 26, fontWeight: 700, lineHeight: 1.3 }}>{value}</div>
          {note ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{note}</Typography.Text> : null}
        </div>
        {icon ? (
          <div style={{ width: 44, height: 44, borderRadius: 12, display: 'grid', placeItems: 'center', fontSize: 20, color, background: `${color}1a` }}>
            {icon}
          </div>
        ) : null}
      </Space>
    </Card>
  );
}
