import { Alert, Button, Card, Col, ConfigProvider, Empty, Grid, Modal, Row, Space, Tag, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { i18n, useTranslation } from '../i18n';
import { formatKsh } from './format';

export function Money({ value, strong, style }: { value: number | string | null | undefined; strong?: boolean; style?: CSSProperties }) {
  return (
    <Typography.Text strong={strong} style={{ whiteSpace: 'nowrap', ...style }} data-testid="money">
      {formatKsh(value)}
    </Typography.Text>
  );
}

const STATUS_COLORS: Record<string, string> = {
  pending: 'gold',
  confirmed: 'blue',
  scheduled: 'blue',
  'in-progress': 'processing',
  completed: 'green',
  cancelled: 'red',
  canceled: 'red',
  paid: 'green',
  unpaid: 'orange',
  failed: 'red',
  refunded: 'purple',
  open: 'blue',
  resolved: 'green',
  closed: 'default',
  active: 'green',
  inactive: 'default',
  suspended: 'red',
  urgent: 'red',
  high: 'volcano',
  medium: 'gold',
  low: 'default',
};

/** One badge for appointment, payment, ticket, user and priority statuses (case-insensitive). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const s = (status ?? 'unknown').toString();
  const color = STATUS_COLORS[s.toLowerCase()] ?? 'default';
  const { t } = useTranslation('shell');
  // A status the catalogue knows in the page's language; another one as the server wrote it, capitalised.
  const label = t(`status.${s.toLowerCase()}`, { defaultValue: s.charAt(0).toUpperCase() + s.slice(1) });
  return <Tag color={color}>{label}</Tag>;
}

export function EmptyState({
  title,
  description,
  action,
  icon,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Empty
      image={icon ?? Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '32px 16px' }}
      description={
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>{title}</Typography.Text>
          {description ? <Typography.Text type="secondary">{description}</Typography.Text> : null}
        </Space>
      }
    >
      {action}
    </Empty>
  );
}

export function PageHeader({
  title,
  subtitle,
  extra,
  onBack,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
  onBack?: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between', marginBottom: 20 }}>
      <div style={{ minWidth: 0 }}>
        {onBack ? (
          <Button type="link" className="afya-back-link" onClick={onBack} style={{ padding: 0, height: 'auto', marginBottom: 4 }}>
            ← {t('common.back')}
          </Button>
        ) : null}
        {/* The page's one <h1> (focused after a navigation), drawn at the size of antd's level 3. */}
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24, lineHeight: 1.33 }}>
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
      </div>
      {extra ? <Space wrap>{extra}</Space> : null}
    </div>
  );
}

/** Confirmation before deleting; resolves true when confirmed. `content` is the contract question text. */
export function confirmDelete(content: string, opts: { title?: string; okText?: string; cancelText?: string } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: opts.title ?? i18n.t('common.pleaseConfirm', { ns: 'shell' }),
      content,
      okText: opts.okText ?? i18n.t('common.delete', { ns: 'shell' }),
      okButtonProps: { danger: true },
      cancelText: opts.cancelText ?? i18n.t('common.cancel', { ns: 'shell' }),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** A failed load with a Retry button, e.g. 'Error loading appointments: {error}' (CONTRACT.md §8). */
export function ErrorState({ message, onRetry }: { message: ReactNode; onRetry?: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={message}
      style={{ marginBottom: 16 }}
      action={
        onRetry ? (
          <Button size="small" danger onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}

/**
 * The coloured greeting card at the top of a role's home page: an optional small line above the title, the
 * title, a line about today, and the page's main buttons (right-aligned from md up, wrapped under on phones).
 */
export function WelcomeBanner({
  eyebrow,
  title,
  subtitle,
  actions,
  background,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  subtitle: ReactNode;
  actions: ReactNode;
  background: string;
}) {
  const screens = Grid.useBreakpoint();
  return (
    <Card className="afya-welcome" style={{ marginBottom: 20, background, border: 'none' }}>
      <Row gutter={[16, 16]} align="middle">
        <Col xs={24} md={14}>
          {eyebrow ? <Typography.Text style={{ color: 'rgba(255,255,255,0.8)' }}>{eyebrow}</Typography.Text> : null}
          <Typography.Title level={1} style={{ color: '#fff', margin: eyebrow ? '4px 0 8px' : 0, fontSize: 30, lineHeight: 1.27 }}>
            {title}
          </Typography.Title>
          <Typography.Text style={{ color: 'rgba(255,255,255,0.85)' }}>{subtitle}</Typography.Text>
        </Col>
        <Col xs={24} md={10}>
          {/* The banner is a dark gradient in both themes: its ghost buttons are white on it. antd's ghost text is the
              container colour, which in dark mode is near-black (dark grey on teal). */}
          <ConfigProvider theme={{ components: { Button: { defaultGhostColor: '#fff', defaultGhostBorderColor: 'rgba(255,255,255,0.85)' } } }}>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: screens.md ? 'flex-end' : 'flex-start' }}>{actions}</div>
          </ConfigProvider>
        </Col>
      </Row>
    </Card>
  );
}
