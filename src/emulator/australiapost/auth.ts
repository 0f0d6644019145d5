/**
 * Australia Post authentication: every call carries `Authorization: Basic base64(api_key:password)`
 * and the contract account in the `account-number` header. An unknown key or password is the
 * gateway's 401; a call without the account header is refused as an unknown customer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AustraliaPostCtx } from './context.js';
import { failures } from './errors.js';

function basicPair(header: string | undefined): { user: string; password: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The account the call is made for (checked by the auth hook before any handler). */
export function accountOf(request: FastifyRequest): string {
  const raw = request.headers['account-number'];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
}

export function registerAuth(app: FastifyInstance, ctx: AustraliaPostCtx): void {
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.emulator) return;
    const pair = basicPair(request.headers.authorization);
    if (!pair || !ctx.state.credentials.knows('australiapost', pair.user, pair.password)) throw failures.unauthorized();
    if (accountOf(request) === '') throw failures.customer('(none)');
  });
}
