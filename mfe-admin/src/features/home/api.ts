import { api } from 'shell/api-client';

export interface Totals {
  users: number;
  doctors: number;
  appointments: number;
  revenue: number;
}

export async function fetchTotals(): Promise<Totals> {
  const res = await api.get<{ totals?: Partial<Totals> }>('admin/analytics/summary', { fallback: 'Failed to fetch admin stats' });
  const t = res?.totals ?? {};
  return { users: t.users ?? 0, doctors: t.doctors ?? 0, appointments: t.appointments ?? 0, revenue: Number(t.revenue ?? 0) };
}
