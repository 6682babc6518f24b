import { badRequest } from '@afya/service-shared';
import { AdminSearchPayload, AppointmentMessages, APPOINTMENT_STATUSES, LIST_PAGE_MAX } from '../../contracts';
import { clinicToday, isCalendarDate } from '../../contracts/booking-rules';

const DEFAULT_LIMIT = 20;

export interface AdminTextSearch {
  /** ILIKE pattern for "first last" of patients and doctors ("Dr." dropped, wildcards escaped). */
  namePattern: string;
  /** The text is an appointment number (#12 or 12). */
  appointmentId?: number;
  /** The text is a status name (Pending…): every appointment in that status matches too. */
  status?: string;
}

export interface AdminSearchQuery {
  /** The status and date filters, ANDed (parameters $1… in `params`); the text search is apart. */
  filters: string[];
  params: unknown[];
  search: AdminTextSearch | null;
  /** The status filter (one status: the list can be read in appointments_status_walk_idx order). */
  status?: string;
  /** The date filter: appointments on, before or after that clinic day. */
  date?: { op: 'on' | 'before' | 'after'; day: string };
  limit: number;
  offset: number;
  page: number;
}

const DATE_OPERATORS = { on: '=', before: '<', after: '>' } as const;

/** The admin list's filters and paging, checked (a bad value is a 400 with what is expected). */
export function adminSearchQuery(payload: AdminSearchPayload, today = clinicToday()): AdminSearchQuery {
  const params: unknown[] = [];
  const filters: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const { status, date } = payload;
  if (status) {
    if (!(APPOINTMENT_STATUSES as readonly string[]).includes(status)) throw badRequest(AppointmentMessages.status);
    filters.push(`a.appointment_status = ${param(status)}`);
  }
  let dateFilter: AdminSearchQuery['date'];
  if (date) {
    if (date === 'today') dateFilter = { op: 'on', day: today };
    else if (date === 'upcoming') dateFilter = { op: 'after', day: today };
    else if (date === 'past') dateFilter = { op: 'before', day: today };
    else if (isCalendarDate(date)) dateFilter = { op: 'on', day: date };
    else throw badRequest('date must be today, upcoming, past or a date (YYYY-MM-DD)');
    filters.push(`a.appointment_date ${DATE_OPERATORS[dateFilter.op]} ${param(dateFilter.day)}::date`);
  }
  const text = payload.search?.trim().slice(0, 100);
  const statusWord = text ? APPOINTMENT_STATUSES.find((s) => s.toLowerCase() === text.toLowerCase()) : undefined;
  const search: AdminTextSearch | null = text
    ? {
        namePattern: `%${text.replace(/^dr\.?\s+/i, '').replace(/[%_\\]/g, (c) => `\\${c}`)}%`,
        ...(/^#?\d{1,9}$/.test(text) ? { appointmentId: Number(text.replace('#', '')) } : {}),
        ...(statusWord ? { status: statusWord } : {}),
      }
    : null;
  const rawLimit = payload.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(rawLimit) || rawLimit < 1 || rawLimit > LIST_PAGE_MAX) throw badRequest(`limit must be from 1 to ${LIST_PAGE_MAX}`);
  const page = payload.page ?? 1;
  if (!Number.isInteger(page) || page < 1) throw badRequest('page must be 1 or more');
  const offset = payload.offset !== undefined && payload.page === undefined ? Math.max(Math.trunc(payload.offset) || 0, 0) : (page - 1) * rawLimit;
  return { filters, params, search, ...(status ? { status } : {}), ...(dateFilter ? { date: dateFilter } : {}), limit: rawLimit, offset, page };
}
