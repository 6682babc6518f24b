import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { pageQuery } from '@afya/service-shared/schema';
import { JsonText, Page, pageOf } from '@afya/service-shared';

/** `?limit=&offset=` of every list call, from the contracts' schema kit. */
export class PageQueryDto extends createZodDto(pageQuery) {}

/** The page a query asks for, as services read it (payload fields `limit`, `offset`). */
export function pageOfQuery(query: { limit?: number; offset?: number } | undefined): Page {
  return pageOf(query);
}

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

/** The paging headers (listHeaders) set on the reply. */
export function setListHeaders(request: FastifyRequest, reply: FastifyReply, total: number, page: Page, rows: number): void {
  for (const [name, value] of Object.entries(listHeaders(request, total, page, rows))) reply.header(name.toLowerCase(), value);
}

/** The rows a JSON-text page holds, from its total (the body is never parsed): the total's share of the page. */
export function rowsOnPage(total: number | undefined, page: Page): number {
  return total === undefined ? 0 : Math.max(Math.min(page.limit, total - page.offset), 0);
}

/** A list reply: the bare array as the body, total and links in the headers. */
export function sendList<T>(request: FastifyRequest, reply: FastifyReply, rows: T[], total: number = rows.length, page: Page = pageOf(undefined)): T[] {
  setListHeaders(request, reply, total, page, rows.length);
  return rows;
}

/**
 * A list built as JSON text by the service (a bare array, with its total beside it): sent on as it is, never
 * parsed and serialized again (the hot read path). The row count for the links is the total's share of the page.
 */
export async function sendJsonList(request: FastifyRequest, reply: FastifyReply, text: Promise<JsonText>, page: Page): Promise<string | Uint8Array> {
  const { body, total } = await text;
  const count = rowsOnPage(total, page);
  setListHeaders(request, reply, total ?? count, page, count);
  reply.header('content-type', 'application/json; charset=utf-8');
  return body;
}
