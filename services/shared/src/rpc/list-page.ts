/**
 * Paging of the API's list calls. A list answers with the bare JSON array of one page; its total and the links to
 * the neighbouring pages travel in HTTP headers (X-Total-Count, Link). Without paging parameters a list call gets
 * up to LIST_LIMIT_DEFAULT rows, newest first. Services read a page with pageOf() and answer a declared list call
 * (`listOf`, @afya/service-shared/calls) with the page: JSON text built by PostgreSQL with its total (JsonText), or
 * the rows as values with the total (RowsPage, rowsPage()).
 */
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '../schema';

export { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX };

/** The paging part of a list call's payload (query parameters `limit` and `offset`). */
export interface PageRequest {
  limit?: number;
  offset?: number;
}

export interface Page {
  limit: number;
  offset: number;
}

/** The page a payload asks for, defaulted and clamped (the gateway has already refused out-of-range values). */
export function pageOf(request: PageRequest | null | undefined, defaultLimit = LIST_LIMIT_DEFAULT): Page {
  const limit = Math.trunc(Number(request?.limit));
  const offset = Math.trunc(Number(request?.offset));
  return {
    limit: Number.isFinite(limit) && limit >= 1 ? Math.min(limit, LIST_LIMIT_MAX) : defaultLimit,
    offset: Number.isFinite(offset) && offset > 0 ? offset : 0,
  };
}

/**
 * A list call's page as values: the rows of one page and the whole list's total (a list answered whole: its row
 * count). The gateway sends the rows as the bare array, serialized like any reply (so the reply's language hook sees
 * them: a payment's reasons in the reader's language), with X-Total-Count and Link from the total.
 */
export interface RowsPage<T> {
  rows: T[];
  total: number;
}

/** The page of `rows` (all of them unless `total` says the list has more). */
export function rowsPage<T>(rows: T[], total: number = rows.length): RowsPage<T> {
  return { rows, total };
}

/** A service's answer to a list call that is a RowsPage (not JsonText). */
export function isRowsPage(value: unknown): value is RowsPage<unknown> {
  return typeof value === 'object' && value !== null && Array.isArray((value as RowsPage<unknown>).rows) && typeof (value as RowsPage<unknown>).total === 'number';
}
