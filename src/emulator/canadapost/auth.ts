/**
 * Canada Post authentication: every call carries `Authorization: Basic base64(username:password)`
 * of an API key the carrier issued (credentials.ts). A missing, unreadable or unknown pair is its
 * 401 with code E002.
 */
import type { FastifyInstance } from 'fastify';
import type { CanadapostCtx } from './context.js';
import { failures } from './errors.js';

function basicPair(header: string | undefined): { user: string; password: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function registerAuth(app: FastifyInstance, ctx: CanadapostCtx): void {
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.emulator) return;
    const pair = basicPair(request.headers.authorization);
    if (!pair || !ctx.state.credentials.knows('canadapost', pair.user, pair.password)) throw failures.unauthorized();
  });
}
