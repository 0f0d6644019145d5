/**
 * Canada Post authentication: every call carries `Authorization: Basic base64(username:password)`
 * of an API key the carrier issued (credentials.ts). A missing, unreadable or unknown pair is its
 * 401 with code E002.
 */
import type { FastifyInstance } from 'fastify';
import { basicPair } from '../basic-auth.js';
import type { CanadapostCtx } from './context.js';
import { failures } from './errors.js';

export function registerAuth(app: FastifyInstance, ctx: CanadapostCtx): void {
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.emulator) return;
    const pair = basicPair(request.headers.authorization);
    if (!pair || !ctx.state.credentials.knows('canadapost', pair.user, pair.password)) throw failures.unauthorized();
  });
}
