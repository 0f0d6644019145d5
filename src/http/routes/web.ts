/**
 * The web pages the service serves, built by `npm run build` (web/) into config.webRoot: static
 * assets under /web/, and one HTML document per page answered for every path below the page, so a
 * deep link loads directly. Every page gets a strict CSP: scripts and styles from this origin only,
 * no inline code, no framing; the pages call only the public API.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import type { App, RouteContext } from '../types.js';

export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The pages: each is one HTML entry of the web build, answered for its path and everything below. */
const PAGES: readonly { path: string; entry: string }[] = [{ path: '/console', entry: 'console/index.html' }];

export function registerWebRoutes(app: App, ctx: RouteContext): void {
  const root = ctx.config.webRoot;
  app.register(fastifyStatic, {
    root: join(root, 'assets'),
    prefix: '/web/assets/',
    decorateReply: false,
    index: false,
    // Hashed file names: a new build has new names, so a year of caching is safe.
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => res.setHeader('content-security-policy', PAGE_CSP),
  });
  // The asset route is registered by a plugin: mark it public like the pages.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/web/assets/')) route.config = { ...(route.config as object), public: true };
  });

  const cache = new Map<string, Buffer>();
  const document = async (entry: string): Promise<Buffer> => {
    const hit = cache.get(entry);
    if (hit) return hit;
    try {
      const bytes = await readFile(join(root, entry));
      cache.set(entry, bytes);
      return bytes;
    } catch {
      throw new ApiError('service_unavailable', 'The web pages are not built; run `npm run build`', entry);
    }
  };
  const send = async (reply: FastifyReply, entry: string) =>
    reply.header('content-security-policy', PAGE_CSP).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(await document(entry));

  for (const page of PAGES) {
    const opts = { config: { public: true }, schema: { hide: true } } as const;
    app.get(page.path, opts, (_req, reply) => reply.redirect(`${page.path}/`, 302));
    app.get(`${page.path}/*`, opts, (_req, reply) => send(reply, page.entry));
  }
}
