/**
 * MyDHL authentication: every call carries `Authorization: Basic base64(username:password)`
 * (securitySchemes basicAuth). The emulator takes the username and password pairs it knows
 * (credentials.ts); an unknown pair or a missing or unreadable header is DHL's 401 "Invalid Credentials".
 */
import type { FastifyInstance } from 'fastify';
import type { CarrierCCtx } from './context.js';
import { failures } from './errors.js';

export function basicUser(header: string | undefined): string | undefined {
  return basicPair(header)?.user;
}

function basicPair(header: string | undefined): { user: string; password: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function registerAuth(app: FastifyInstance, ctx: CarrierCCtx): void {
  // Runs after the fault hook (registered on the root), before any handler of this carrier.
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.emulator) return;
    const pair = basicPair(request.headers.authorization);
    if (!pair || !ctx.state.credentials.knows('carrier_c', pair.user, pair.password)) throw failures.unauthorized();
  });
}
