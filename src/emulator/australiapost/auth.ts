/**
 * Australia Post authentication: every call carries `Authorization: Basic base64(api_key:password)`
 * and the contract account in the `account-number` header. An unknown key or password is the
 * gateway's 401; a call without the account header is refused as an unknown customer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { basicPair } from '../basic-auth.js';
import type { AustraliaPostCtx } from './context.js';
import { failures } from './errors.js';

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
