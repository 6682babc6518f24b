import type { PaymentStatus } from '@afya/payment-service/contracts';
import type { Payment } from '../../api/payments';
import { t } from '../../i18n';

export type PaymentPeriod = 'all' | 'today' | 'week' | 'month' | 'year';
export interface PaymentFilters {
  search: string;
  status: PaymentStatus | 'all';
  period: PaymentPeriod;
}
export const NO_PAYMENT_FILTERS: PaymentFilters = { search: '', status: 'all', period: 'all' };

export const PERIOD_OPTIONS: { value: PaymentPeriod; label: string }[] = [
  { value: 'all', label: 'All time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'year', label: 'This year' },
];

/** CONTRACT.md §2: "this week" means the last 7 days; month and year are the calendar ones (local time). */
export function inPeriod(createdAt: string, period: PaymentPeriod, now = new Date()): boolean {
  if (period === 'all') return true;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return false;
  if (period === 'week') return now.getTime() - date.getTime() <= 7 * 24 * 3600 * 1000 && date.getTime() <= now.getTime();
  if (period === 'today') return date.toDateString() === now.toDateString();
  if (period === 'month') return date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth();
  return date.getFullYear() === now.getFullYear();
}

/** Search by transaction id (or M-Pesa receipt) or status, plus the status and period filters. */
export function filterPayments(payments: Payment[], filters: PaymentFilters, now = new Date()): Payment[] {
  const q = filters.search.trim().toLowerCase();
  return payments.filter((p) => {
    if (filters.status !== 'all' && p.payment_status !== filters.status) return false;
    if (!inPeriod(p.created_at, filters.period, now)) return false;
    if (!q) return true;
    return [p.transaction_id, p.mpesa_receipt, p.payment_status, p.patient_name, String(p.payment_id)].some((v) => v && v.toLowerCase().includes(q));
  });
}

export const methodLabel = (p: Pick<Payment, 'method'>) => (p.method === 'mpesa' ? 'M-Pesa' : t('pay.card'));

export function doctorOf(p: Payment): string {
  const { first_name, last_name } = p.appointment.doctor;
  const name = [first_name, last_name].filter(Boolean).join(' ');
  return name ? t('home.doctorName', { name }) : '—';
}
