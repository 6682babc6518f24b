import type { FastifyRequest } from 'fastify';
import type { Page } from '@afya/service-shared';

/** The request's path and query with `limit` and `offset` set (a Link target). */
function pageUrl(request: FastifyRequest, page: Page): string {
  const url = new URL(request.url, 'http://gateway.invalid');
  url.searchParams.delete('page');
  url.searchParams.set('limit', String(page.limit));
  url.searchParams.set('offset', String(page.offset));
  return `${url.pathname}${url.search}`;
}

/**
 * The paging headers of a list reply: X-Total-Count, and an RFC 8288 Link with rel="next" when rows follow this
 * page and rel="prev" when rows precede it (targets are the same call with `limit` and `offset` set).
 */
export function listHeaders(request: FastifyRequest, total: number, page: Page, rows: number): { 'X-Total-Count': string; Link?: string } {
  const links: string[] = [];
  if (page.offset + rows < total) links.push(`<${pageUrl(request, { limit: page.limit, offset: page.offset + page.limit })}>; rel="next"`);
  if (page.offset > 0) links.push(`<${pageUrl(request, { limit: page.limit, offset: Math.max(page.offset - page.limit, 0) })}>; rel="prev"`);
  return { 'X-Total-Count': String(total), ...(links.length ? { Link: links.join(', ') } : {}) };
}

/** The rows a JSON-text page holds, from its total (the body is never parsed): the total's share of the page. */
export function rowsOnPage(total: number | undefined, page: Page): number {
  return total === undefined ? 0 : Math.max(Math.min(page.limit, total - page.offset), 0);
}
