/**
 * carrier_a OAuth (FedEx API Authorization): `POST /oauth/token`, form-encoded grant_type,
 * client_id, client_secret → `{ access_token, token_type: "bearer", expires_in: 3599, scope: "CXS" }`.
 * Every other tagged route needs `Authorization: Bearer <token>` of an unexpired token.
 *
 * The emulator accepts the client_id/client_secret pairs it knows (credentials.ts) and the three
 * grant types the Authorization API documents; anything else is the API's 401
 * NOT.AUTHORIZED.ERROR "The given client credentials were not valid…".
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerFormParser } from '../forms.js';
import { isObject, str } from '../json.js';
import { requireBearer } from '../tokens.js';
import type { CarrierACtx } from './context.js';
import { errors, FedexFailure } from './errors.js';
import { TOKEN_TTL_SECONDS } from './state.js';

const GRANT_TYPES = ['client_credentials', 'csp_credentials', 'client_pc_credentials'];

export function registerAuth(app: FastifyInstance, ctx: CarrierACtx): void {
  // The token endpoint is form-encoded (Authorization API: "Request Body schema:
  // application/x-www-form-urlencoded").
  registerFormParser(app);

  app.post('/oauth/token', ctx.tag('oauth'), async (request: FastifyRequest, reply: FastifyReply) => {
    const type = request.headers['content-type'] ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded'))
      throw new FedexFailure(400, [errors.invalidInput('content-type')]);
    const form = isObject(request.body) ? request.body : {};
    const grant = str(form.grant_type);
    const clientId = str(form.client_id);
    if (
      !grant ||
      !GRANT_TYPES.includes(grant) ||
      !clientId ||
      !ctx.state.credentials.knows('carrier_a', clientId, str(form.client_secret))
    ) {
      throw new FedexFailure(401, [errors.badCredentials()]);
    }
    return reply.send({
      access_token: ctx.state.issueToken(clientId),
      token_type: 'bearer',
      expires_in: TOKEN_TTL_SECONDS,
      scope: 'CXS',
    });
  });

  requireBearer(
    app,
    (token) => ctx.state.tokenStatus(token),
    (status) => new FedexFailure(401, [status === 'expired' ? errors.tokenExpired() : errors.tokenInvalid()]),
  );
}
