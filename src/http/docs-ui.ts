/**
 * /docs (Swagger UI) loaded by its first request, not at start: the UI's plugin and what it requires
 * (its own copy of @fastify/static, yaml) took some 50 ms of CPU from every start (bench/README.md)
 * for a page most instances never serve. The routes are this app's from the start, at the paths the
 * plugin answers, so the router, the hooks (security headers, version) and the 404 and 405 answers
 * are as they were; a request is handed to a Fastify instance of its own, built once on first use,
 * that holds only the plugin, and its answer is sent as this app's.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { onFirstUse } from '../foundations/on-first-use.js';
import { docsUi } from './docs-theme.js';
import type { App } from './types.js';

/** The paths the UI's plugin answers, its prefix included (test/docs/docs-ui.test.ts holds them to it). */
export function docsPaths(): string[] {
  const prefix = docsUi.routePrefix ?? '/docs';
  const theme = docsUi.theme ?? {};
  const themeFiles = [...(theme.css ?? []), ...(theme.js ?? []), ...(theme.favicon ?? [])].map(
    (f) => `/static/theme/${f.filename}`,
  );
  const own = ['', '/', '/static/index.html', '/static/swagger-initializer.js', '/json', '/yaml', '/static/*'];
  return [...own, ...themeFiles].map((p) => prefix + p);
}

/** Request headers the UI's answer depends on (conditional and partial requests of its files). */
const FORWARDED = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since', 'range', 'if-range'];
/** Set by this app from the payload it sends, or hop by hop. */
export const NOT_COPIED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

export function registerDocsUi(app: App): void {
  const load = onFirstUse(async () => {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    const inner = Fastify({ logger: false });
    // The plugin asks for @fastify/swagger in its instance; this one lends it the app's document.
    await inner.register(lentDocument(app));
    await inner.register(swaggerUi, docsUi);
    await inner.ready();
    return inner;
  });

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const inner = await load();
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // A HEAD is answered from the whole GET: this app's HEAD route sends its length and no body.
    const res = await inner.inject({ method: 'GET', url: req.url, headers });
    // A file the UI does not have is this app's 404, in its error shape.
    if (res.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined && !NOT_COPIED.has(name)) reply.header(name, value);
    // An empty answer (a redirect, a 304) is sent as none: a buffer would be typed octet-stream.
    return reply.status(res.statusCode).send(res.rawPayload.length > 0 ? res.rawPayload : undefined);
  };
  for (const url of docsPaths()) app.get(url, { schema: { hide: true } }, handler);
}

/** A stand-in of @fastify/swagger for the UI's instance: `swagger()` answers the app's document. */
function lentDocument(app: App) {
  const plugin = (inner: FastifyInstance, _opts: unknown, done: () => void) => {
    inner.decorate('swagger', ((opts?: { yaml: boolean }) =>
      app.swagger(opts ?? { yaml: false })) as FastifyInstance['swagger']);
    done();
  };
  // What fastify-plugin sets: the decoration is the instance's own, under the name the UI depends on.
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('plugin-meta')]: { name: '@fastify/swagger' },
  });
}
