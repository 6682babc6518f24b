import { useQuery } from '@tanstack/react-query';
import { AUTO_REFRESH_MS, callKey, calls } from 'shell/api-client';

/*
 * The part of support every dashboard page needs (the menu badge), kept apart from the support screens' kit
 * (`shell/support-kit`), which loads only with a support page.
 */

/** Everything under ['support'] is refreshed by any ticket change (lists, conversations, the badge). */
export const supportKeys = {
  all: ['support'] as const,
  list: (kind: 'own' | 'doctor') => ['support', 'list', kind] as const,
  admin: (query: object) => ['support', 'admin', query] as const,
  messages: (id: number) => ['support', 'messages', id] as const,
  unread: callKey('support', 'unread'),
};

/** The Support menu badge: conversations with a reply the signed-in user has not opened. */
export function useUnreadTickets(enabled: boolean) {
  return useQuery({ queryKey: supportKeys.unread, queryFn: () => calls.support.unread({}).then((r) => r.count), enabled, refetchInterval: enabled ? AUTO_REFRESH_MS : false });
}

