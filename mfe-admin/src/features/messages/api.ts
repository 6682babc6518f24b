import type { DeliveryStatus, DeliveryView, MessageChannel } from '@afya/support-service/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, calls, listPage } from 'shell/api-client';

export type Delivery = DeliveryView;

export interface DeliveryFilters {
  search: string;
  status: DeliveryStatus | 'all';
  channel: MessageChannel | 'all';
  page: number;
  limit: number;
}

export const DELIVERIES_FAILED = 'Failed to load the delivery log';

/** One page of the delivery log, searched and paged by the server: the rows, and the total from X-Total-Count. */
export async function fetchDeliveries(filters: DeliveryFilters): Promise<{ rows: Delivery[]; total: number }> {
  const query = {
    page: filters.page,
    limit: filters.limit,
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.status !== 'all' ? { status: filters.status } : {}),
    ...(filters.channel !== 'all' ? { channel: filters.channel } : {}),
  };
  try {
    const { items, total } = listPage(await calls.support.deliveries({ query }));
    return { rows: items, total };
  } catch (error) {
    // The page says its own words whatever the server answered.
    throw new ApiError(DELIVERIES_FAILED, error instanceof ApiError ? error.status : 0);
  }
}

export function useDeliveries(filters: DeliveryFilters) {
  return useQuery({ queryKey: ['deliveries', filters], queryFn: () => fetchDeliveries(filters), placeholderData: keepPreviousData });
}
