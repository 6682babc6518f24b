import helmet, { HelmetOptions } from 'helmet';

/** What the gateway's pages and API may load and run (helmet's defaults otherwise). */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd writes its styles at runtime (CSS-in-JS).
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * helmet's response headers, computed once. They never vary per request here (no CSP nonces), and
 * @fastify/helmet rebuilt helmet's middleware, parsing the CSP again, on every request (measured: ~3% of the
 * gateway's CPU on the appointment list).
 */
export function securityHeaders(options: HelmetOptions = SECURITY_HEADER_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
