/**
 * The web pages the service serves, built by `npm run build` (web/) into config.webRoot: static
 * assets under /web/, and one HTML document per page answered for every path below the page, so a
 * deep link loads directly. Every page gets a strict CSP: scripts and styles from this origin only,
 * no inline code, no framing; the pages call only the public API.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import type { Services } from '../../services/index.js';
import { httpStatus } from '../errors.js';
import { registerWebAssets } from './web-assets.js';
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

/**
 * The pages: each is one HTML entry of the web build, answered for its path and everything below.
 * A page opened by a signed link answers 404 or 410 (with the same document, which explains) when
 * the link is tampered or expired, so the status tells the truth to anything that reads it.
 */
const PAGES: readonly {
  path: string;
  entry: string;
  checkLink?: (services: Services, token: string) => Promise<unknown>;
}[] = [
  { path: '/console', entry: 'console/index.html' },
  { path: '/tracking', entry: 'tracking/index.html', checkLink: (s, token) => s.publicTracking.check(token) },
  { path: '/portal', entry: 'portal/index.html', checkLink: (s, token) => s.portal.check(token) },
];

async function linkStatus(check: (token: string) => Promise<unknown>, token: string): Promise<number> {
  try {
    await check(token);
    return 200;
  } catch (err) {
    return err instanceof ApiError ? httpStatus(err) : 200;
  }
}

export function registerWebRoutes(app: App, ctx: RouteContext): void {
  const root = ctx.config.webRoot;
  registerWebAssets(app, { root: join(root, 'assets'), policy: ['content-security-policy', PAGE_CSP] });

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
  // The console's document is the same for everyone: kept, and checked again on each load. A page
  // opened by a signed link keeps the service's no-store (http/security-headers.ts): its address is
  // the capability, and its status says whether the link holds.
  const send = async (reply: FastifyReply, entry: string, status: number | undefined) => {
    if (status === undefined) reply.header('cache-control', 'no-cache');
    return reply
      .status(status ?? 200)
      .header('content-security-policy', PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(await document(entry));
  };

  // The service's root says where to go: a browser is sent to the console, anything else reads the links.
  app.get('/', { config: { public: true }, schema: { hide: true } }, (req, reply) => {
    if (/text\/html/.test(req.headers.accept ?? '')) return reply.redirect('/console/', 302);
    return reply.send({
      name: 'Waybill',
      console: '/console/',
      docs: '/docs',
      openapi: '/openapi.json',
      health: '/healthz',
    });
  });

  for (const page of PAGES) {
    const opts = { config: { public: true }, schema: { hide: true } } as const;
    app.get(page.path, opts, (_req, reply) => reply.redirect(`${page.path}/`, 302));
    const check = page.checkLink;
    app.get(`${page.path}/*`, opts, async (req, reply) => {
      const token = (req.params as { '*': string })['*'].split('/')[0] ?? '';
      return send(reply, page.entry, check ? await linkStatus((t) => check(ctx.services, t), token) : undefined);
    });
  }
}
