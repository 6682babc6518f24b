import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { Public } from '../auth/access.decorators';

/** The route config key (Fastify's `config`, set through Nest's RouteConfig) that marks a provider callback. */
const PROVIDER_CALLBACK = 'afyaProviderCallback';

/**
 * A route a payment or messaging provider calls (Stripe's webhook, M-Pesa's callbacks, Africa's Talking's delivery
 * reports). Public: a provider has no token; it authenticates with a signature or with a secret in the URL it was
 * given. The rule that follows from the declaration: every path parameter of such a route is a secret, so what stands
 * there (the right secret or a near miss) is never written to a log line or a span (`redactPath`). A new callback
 * declared with this is redacted without anyone having to remember a list.
 */
export const ProviderCallback = () => applyDecorators(Public(), RouteConfig({ [PROVIDER_CALLBACK]: true }));

interface SecretRoute {
  route: string;
  pattern: RegExp;
  /** The route's segments up to its last parameter; a parameter is null (its value is the secret). */
  segments: (string | null)[];
}

/**
 * The provider callback routes, as Fastify registered them (the same for every gateway app in a process: they run the
 * same code). Filled by `registerProviderCallbacks` from each route's own declaration.
 */
const secretRoutes = new Map<string, SecretRoute>();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Declares `route` (`/api/mpesa/callback/:token`) as a provider callback: its parameters are redacted from paths. */
export function declareProviderCallback(route: string): void {
  if (secretRoutes.has(route)) return;
  const all = route.split('/');
  const last = all.findLastIndex((segment) => segment.startsWith(':'));
  const segments = all.slice(0, last + 1).map((segment) => (segment.startsWith(':') ? null : segment));
  // Matched on any path, routed or not (a near miss with an extra segment is a 404 but still names the secret);
  // case-insensitively, and up to the segment's end.
  const source = segments.map((segment) => (segment === null ? '[^/]*' : `(${escape(segment)})`)).join('/');
  secretRoutes.set(route, { route, segments, pattern: new RegExp(`^${source}(?=/|$)`, 'i') });
}

/** Every route declared as a provider callback. */
export function providerCallbackRoutes(): string[] {
  return [...secretRoutes.keys()];
}

/** The path with every provider callback's parameters replaced by `[redacted]`. */
export function redactPath(path: string): string {
  for (const { pattern, segments } of secretRoutes.values()) {
    if (segments.length === 0) continue;
    const redacted = path.replace(pattern, (...match: string[]) => {
      const statics = match.slice(1, 1 + segments.filter((s) => s !== null).length);
      return segments.map((segment) => (segment === null ? '[redacted]' : statics.shift())).join('/');
    });
    if (redacted !== path) return redacted;
  }
  return path;
}

/** Collects the routes declared with @ProviderCallback() as Fastify registers them (call before the app's init). */
export function registerProviderCallbacks(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if ((route.config as Record<string, unknown> | undefined)?.[PROVIDER_CALLBACK] === true) declareProviderCallback(route.url);
  });
}
