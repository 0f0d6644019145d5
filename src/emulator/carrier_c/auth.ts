/**
 * MyDHL authentication: every call carries `Authorization: Basic base64(username:password)`
 * (securitySchemes basicAuth). The emulator takes the username and password pairs it knows
 * (credentials.ts); an unknown pair or a missing or unreadable header is DHL's 401 "Invalid Credentials".
 */
import type { FastifyInstance } from 'fastify';
import { basicPair } from '../basic-auth.js';
import type { CarrierCCtx } from './context.js';
import { failures } from './errors.js';

export function basicUser(header: string | undefined): string | undefined {
  return basicPair(header)?.user;
}

export function registerAuth(app: FastifyInstance, ctx: CarrierCCtx): void {
  // Runs after the fault hook (registered on the root), before any handler of this carrier.
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.emulator) return;
    const pair = basicPair(request.headers.authorization);
    if (!pair || !ctx.state.credentials.knows('carrier_c', pair.user, pair.password)) throw failures.unauthorized();
  });
}
