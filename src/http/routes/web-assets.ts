/**
 * The web build's hashed assets (/web/assets/*), served by @fastify/static loaded with the first
 * request for one, not at start: the plugin and what it requires (glob, mime, send and theirs) were
 * some 190 kB of the bundle that every start compiled and evaluated (bench/README.md) for files only
 * a browser opening a page asks for. The route is this app's from the start, so the hooks, the 404
 * and 405 answers are as they were; a request is handed to a Fastify instance of its own, built once,
 * that holds only the plugin, and its answer is sent as this app's, its headers in the same order.
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { onFirstUse } from '../../foundations/on-first-use.js';
import { NOT_COPIED } from '../docs-ui.js';
import type { App } from '../types.js';

export const ASSETS_PREFIX = '/web/assets/';

/** Of the connection, not of the request: the inner instance is handed none. */
/** Carries the request's URL as sent to the inner instance, which routes every request to the plugin. */
const SENT_URL = 'x-waybill-sent-url';
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'content-length', 'transfer-encoding', 'upgrade']);

export interface AssetOptions {
  /** The folder the assets are read from. */
  root: string;
  /** A header every file answer carries, set as the plugin's `setHeaders` did: before the others. */
  policy: [name: string, value: string];
}

export function registerWebAssets(app: App, { root, policy }: AssetOptions): void {
  // What the plugin failed with, by the request it was handed: answered by this app's error handler.
  const failures = new WeakMap<object, unknown>();
  const load = onFirstUse(async () => {
    const { default: fastifyStatic } = await import('@fastify/static');
    const inner = Fastify({ logger: false });
    inner.setErrorHandler((err, req, reply) => {
      failures.set(req.raw, err);
      return reply.status(500).send();
    });
    // The plugin reads the path from the raw request: the one sent, dot segments and all (an
    // injected URL is resolved first, and `/web/assets/../x` would not be refused as it was).
    inner.addHook('onRequest', (req, _reply, done) => {
      const url = req.headers[SENT_URL];
      if (typeof url === 'string') req.raw.url = url;
      delete req.raw.headers[SENT_URL];
      done();
    });
    await inner.register(fastifyStatic, {
      root,
      prefix: ASSETS_PREFIX,
      decorateReply: false,
      index: false,
      // Hashed file names: a new build has new names, so a year of caching is safe.
      immutable: true,
      maxAge: '365d',
    });
    await inner.ready();
    return inner;
  });

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const inner = await load();
    // Every header the file's answer may depend on (conditions, ranges, a request's no-cache), as sent.
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
    headers[SENT_URL] = req.raw.url ?? req.url;
    const head = req.method === 'HEAD';
    const res = await inner.inject({ method: head ? 'HEAD' : 'GET', url: ASSETS_PREFIX, headers });
    const failure = failures.get(res.raw.req);
    // A file the build does not have, or a path the plugin will not serve (a folder, dot segments:
    // its 403), is this app's 404 in its error shape; a refused precondition or range is its own.
    if (res.statusCode === 404 || statusOf(failure) === 403) return reply.callNotFound();
    if (failure !== undefined) throw failure;
    reply.raw.setHeader(policy[0], policy[1]);
    for (const [name, value] of Object.entries(res.headers))
      // A HEAD's length is the file's, as the plugin says it; any other is the payload's.
      if (value !== undefined && (!NOT_COPIED.has(name) || (head && name === 'content-length')))
        reply.header(name, value);
    // An empty answer (a 304) is sent as none: a buffer would be typed octet-stream.
    return reply.status(res.statusCode).send(res.rawPayload.length > 0 ? res.rawPayload : undefined);
  };
  // The plugin's own route: both methods, hidden from the document, and public like the pages.
  app.route({
    method: ['HEAD', 'GET'],
    url: `${ASSETS_PREFIX}*`,
    config: { public: true },
    schema: { hide: true },
    handler,
  });
}

/** The status an error of the plugin's carries (http-errors' `statusCode`), if any. */
const statusOf = (err: unknown): number | undefined => (err as { statusCode?: number } | undefined)?.statusCode;
