/**
 * MyDHL authentication: every call carries `Authorization: Basic base64(username:password)`
 * (securitySchemes basicAuth). The emulator has no accounts to check, so any non-empty username
 * and password pass; a missing or unreadable header is DHL's 401 "Invalid Credentials".
 */
import type { FastifyInstance } from 'fastify';
import { failures } from './errors.js';

export function basicUser(header: string | undefined): string | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return decoded.slice(0, colon);
}

export function registerAuth(app: FastifyInstance): void {
  // Runs after the fault hook (registered on the root), before any handler of this carrier.
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.emulator) return;
    if (basicUser(request.headers.authorization) === undefined) throw failures.unauthorized();
  });
}
