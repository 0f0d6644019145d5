/**
 * carrier_b OAuth (UPS OAuth Client Credentials): `POST /security/v1/oauth/token` with HTTP Basic
 * `client_id:client_secret`, the `x-merchant-id` header and a form body `grant_type=client_credentials`
 * → `{ token_type: "Bearer", issued_at, client_id, access_token, expires_in: "14399", status:
 * "approved" }` (fixtures/authentication_LoginResponse.json: every member a string). Every other
 * tagged route needs `Authorization: Bearer <token>` of an unexpired token, else 401 with UPS's
 * 250002 "Invalid Authentication Information".
 *
 * The emulator accepts the client id and secret pairs it knows (credentials.ts), else UPS's 401.
 */
import type { FastifyInstance } from 'fastify';
import { registerFormParser } from '../forms.js';
import { isObject, str } from '../json.js';
import { requireBearer } from '../tokens.js';
import type { CarrierBCtx } from './context.js';
import { errors, UpsFailure } from './errors.js';
import { TOKEN_TTL_SECONDS } from './state.js';

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0 || i === decoded.length - 1) return undefined;
  return { id: decoded.slice(0, i), secret: decoded.slice(i + 1) };
}

export function registerAuth(app: FastifyInstance, ctx: CarrierBCtx): void {
  registerFormParser(app);

  app.post('/security/v1/oauth/token', ctx.tag('oauth'), async (request) => {
    const form = isObject(request.body) ? request.body : {};
    const credentials = basicCredentials(request.headers.authorization);
    if (
      str(form.grant_type) !== 'client_credentials' ||
      !credentials ||
      !ctx.state.credentials.knows('carrier_b', credentials.id, credentials.secret)
    )
      throw new UpsFailure(401, [errors.badCredentials()]);
    return {
      token_type: 'Bearer',
      issued_at: String(ctx.clock.now().getTime()),
      client_id: credentials.id,
      access_token: ctx.state.tokens.issue(credentials.id),
      scope: '',
      expires_in: String(TOKEN_TTL_SECONDS),
      refresh_count: '0',
      status: 'approved',
    };
  });

  requireBearer(
    app,
    (token) => ctx.state.tokens.status(token),
    () => new UpsFailure(401, [errors.invalidToken()]),
  );
}
