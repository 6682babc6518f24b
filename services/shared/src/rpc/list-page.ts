/**
 * Paging of the API's list calls. A list answers with the bare JSON array of one page; its total and the links to
 * the neighbouring pages travel in HTTP headers (X-Total-Count, Link). Without paging parameters a list call gets
 * up to LIST_LIMIT_DEFAULT rows, newest first. Services read a page with pageOf() and reply with the page's rows
 * and the total (a ListPageReply under the list's own key).
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
