import type { DeliveryStatus, DeliveryView, MessageChannel } from '@afya/support-service/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, getHttp } from 'shell/api-client';

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
  const searchParams: Record<string, string | number> = { page: filters.page, limit: filters.limit };
  if (filters.search.trim()) searchParams.search = filters.search.trim();
  if (filters.status !== 'all') searchParams.status = filters.status;
  if (filters.channel !== 'all') searchParams.channel = filters.channel;
  try {
    const response = await getHttp().get('admin/deliveries', { searchParams });
    return { rows: (await response.json()) as Delivery[], total: Number(response.headers.get('x-total-count') ?? 0) };
  } catch (error) {
    const status = (error as { response?: Response }).response?.status ?? 0;
    throw new ApiError(DELIVERIES_FAILED, status);
  }
}

export function useDeliveries(filters: DeliveryFilters) {
  return useQuery({ queryKey: ['deliveries', filters], queryFn: () => fetchDeliveries(filters), placeholderData: keepPreviousData });
}
