import type { UnreadReply } from '@afya/support-service/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, AUTO_REFRESH_MS } from 'shell/api-client';

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
  unread: ['support', 'unread'] as const,
};

/** The Support menu badge: conversations with a reply the signed-in user has not opened. */
export function useUnreadTickets(enabled: boolean) {
  return useQuery({ queryKey: supportKeys.unread, queryFn: () => api.get<UnreadReply>('support/unread').then((r) => r.count), enabled, refetchInterval: enabled ? AUTO_REFRESH_MS : false });
}

