/**
 * The Parcel DE authentication API: `POST /parcel/de/account/auth/ropc/v1/token`, form-encoded
 * grant_type=password with the API app (client_id, client_secret) and the portal user (username,
 * password) → `{ access_token, token_type: "Bearer", expires_in: 1799 }`. Every Shipping API route
 * needs `Authorization: Bearer <token>` of an unexpired token; the tracking API needs the API app
 * as HTTP Basic instead (its user comes inside the request document, track.ts).
 */
import type { FastifyInstance } from 'fastify';
import { registerFormParser } from '../forms.js';
import { isObject, str } from '../json.js';
import type { DhlParcelDeCtx } from './context.js';
import { DhlFailure, errors } from './errors.js';
import { TOKEN_TTL_SECONDS } from './state.js';

/** The client id and secret of an `Authorization: Basic` header. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function registerAuth(app: FastifyInstance, ctx: DhlParcelDeCtx): void {
  const { state } = ctx;
  registerFormParser(app);

  app.post('/parcel/de/account/auth/ropc/v1/token', ctx.tag('oauth'), async (request, reply) => {
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      throw new DhlFailure(400, errors.badRequest());
    const form = isObject(request.body) ? request.body : {};
    if (str(form.grant_type) !== 'password') throw new DhlFailure(400, errors.unsupportedGrant());
    const clientId = str(form.client_id);
    if (!clientId || !state.credentials.knows('dhl_parcel_de', clientId, str(form.client_secret)))
      throw new DhlFailure(401, errors.invalidClient());
    if (!state.credentials.knows('dhl_parcel_de', str(form.username), str(form.password)))
      throw new DhlFailure(400, errors.invalidGrant());
    return reply.send({
      access_token: state.issueToken(clientId),
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_SECONDS,
    });
  });

  app.addHook('onRequest', async (request) => {
    const tag = request.routeOptions.config.emulator;
    if (!tag || tag.operation === 'oauth') return;
    if (tag.operation === 'track') {
      const basic = basicCredentials(request.headers.authorization);
      if (!basic || !state.credentials.knows('dhl_parcel_de', basic.id, basic.secret))
        throw new DhlFailure(401, errors.unauthorized());
      return;
    }
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || state.tokenStatus(bearer) !== 'valid') throw new DhlFailure(401, errors.unauthorized());
  });
}
