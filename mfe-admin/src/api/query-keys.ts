import { callKey, queryKeys } from 'shell/api-client';

/**
 * The admin remote's query keys, in one place because a change on one page refreshes another's data (an
 * approval changes the home's Pending Actions and the doctors page; a deleted appointment the home's totals).
 * Lists sit under the shared prefixes so that changes anywhere in the app reach them too.
 */
export const adminKeys = {
  totals: ['admin', 'totals'] as const,
  /** The admin search's pages (a declared call's key: under queryKeys.appointments). */
  appointments: callKey('appointments', 'adminSearch'),
  doctors: [...queryKeys.doctors, 'admin'] as const,
  /** Analytics and the overview: every key under it refetches after a change an admin makes. */
  analytics: ['admin', 'analytics'] as const,
  /** Under totals: whatever refreshes the home's totals refreshes the whole overview. */
  overview: ['admin', 'totals', 'overview'] as const,
  users: ['admin', 'users'] as const,
};
