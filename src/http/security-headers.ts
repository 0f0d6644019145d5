/**
 * Headers every answer carries: `X-Content-Type-Options: nosniff`, so that a browser never runs a
 * label or an error as something else than its declared type. The API docs (/docs) are the one HTML
 * page: a content security policy limits them to their own scripts and styles and forbids framing.
 *
 * `Cache-Control: no-store` on every answer, decided here once: shipments, accounts, webhook
 * signing secrets, events, label bytes and what a signed link shows are for the caller alone, and
 * no browser, proxy or CDN may keep a copy. Set before the route runs, so a route that answers
 * something everyone may keep says so itself and replaces it: the web build's hashed assets
 * (a year, routes/web.ts), the console's page and the carrier marks.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Swagger UI sets inline style attributes from its scripts.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The first onRequest step (app.ts): every answer, errors and unknown routes included, has these. */
export function securityHeaders(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'no-store');
  if (req.url === '/docs' || req.url.startsWith('/docs/') || req.url.startsWith('/docs?')) {
    reply.header('content-security-policy', DOCS_CSP);
    reply.header('x-frame-options', 'DENY');
  }
}
