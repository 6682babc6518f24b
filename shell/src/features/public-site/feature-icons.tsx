import type { ReactNode } from 'react';
import { Icon } from './icons';

/** The icon of each feature card in content.ts (home and services pages). */
export const FEATURE_ICONS: Record<string, ReactNode> = {
  booking: <Icon name="calendar" />,
  telemedicine: <Icon name="videoCamera" />,
  records: <Icon name="fileProtect" />,
  monitoring: <Icon name="heart" />,
  family: <Icon name="team" />,
  billing: <Icon name="wallet" />,
  support: <Icon name="customerService" />,
};
