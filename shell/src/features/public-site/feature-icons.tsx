import {
  CalendarOutlined,
  CustomerServiceOutlined,
  FileProtectOutlined,
  HeartOutlined,
  TeamOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icon of each feature card in content.ts (home and services pages). */
export const FEATURE_ICONS: Record<string, ReactNode> = {
  booking: <CalendarOutlined />,
  telemedicine: <VideoCameraOutlined />,
  records: <FileProtectOutlined />,
  monitoring: <HeartOutlined />,
  family: <TeamOutlined />,
  billing: <WalletOutlined />,
  support: <CustomerServiceOutlined />,
};
