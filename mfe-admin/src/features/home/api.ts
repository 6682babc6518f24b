import { useQuery } from '@tanstack/react-query';
import { api } from 'shell/api-client';
import { adminKeys } from '../../api/query-keys';

/** The admin home's four figures (SPEC.md section 4, analytics inputs). */
export interface Totals {
  users: number;
  doctors: number;
  appointments: number;
  revenue: number;
}

export async function fetchTotals(): Promise<Totals> {
  const res = await api.get<{ totals: Totals }>('admin/analytics/summary', { fallback: 'Failed to fetch admin stats' });
  return res.totals;
}

/** A failure leaves the figures unknown ('—'), never a made-up 0 (SPEC.md section 8: failures ignored). */
export const useTotals = () => useQuery({ queryKey: adminKeys.totals, queryFn: fetchTotals });
