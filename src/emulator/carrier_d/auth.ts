/**
 * carrier_d OAuth and payments: `POST /oauth2/v3/token` (client credentials, form-encoded or JSON)
 * → `{ access_token, token_type: "Bearer", expires_in, ... }` shaped like
 * fixtures/authentication_LoginResponse.json; issuing a token revokes the client's previous one.
 * `POST /payments/v3/payment-authorization` (payments.yaml Parties, PAYER and LABEL_OWNER roles)
 * → `{ paymentAuthorizationToken, roles }`, valid eight hours.
 *
 * The token endpoint takes the client id and secret pairs the emulator knows (credentials.ts) and
 * refuses others as USPS does. Payment roles take any value except those starting with "invalid",
 * which it refuses as USPS refuses parties not enrolled (so that refusals can be tested).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerFormParser } from '../forms.js';
import { arr, isObject, str } from '../json.js';
import { requireBearer } from '../tokens.js';
import type { CarrierDCtx } from './context.js';
import { errors, UspsFailure } from './errors.js';
import { TOKEN_TTL_SECONDS, type PaymentParties } from './state.js';

const refused = (v: string | undefined) => v === undefined || v.toLowerCase().startsWith('invalid');

export function registerAuth(app: FastifyInstance, ctx: CarrierDCtx): void {
  registerFormParser(app);

  app.post('/oauth2/v3/token', ctx.tag('oauth'), async (request) => {
    const form = isObject(request.body) ? request.body : {};
    if (str(form.grant_type) !== 'client_credentials') throw new UspsFailure(400, [errors.unsupportedGrant()], true);
    const clientId = str(form.client_id);
    if (!clientId || !ctx.state.credentials.knows('carrier_d', clientId, str(form.client_secret)))
      throw new UspsFailure(401, [errors.invalidClient()], true);
    const now = ctx.clock.now().getTime();
    return {
      token_type: 'Bearer',
      issued_at: String(now),
      client_id: clientId,
      access_token: ctx.state.issueToken(clientId),
      scope:
        'addresses international-prices prices labels international-labels tracking pickup scan-forms locations payments',
      expires_in: String(TOKEN_TTL_SECONDS),
      refresh_count: '0',
      status: 'approved',
    };
  });

  app.post('/payments/v3/payment-authorization', ctx.tag('payment_authorization'), async (request) => {
    const roles = (arr(isObject(request.body) ? request.body.roles : undefined) ?? []).filter(isObject);
    const payer = roles.find((r) => str(r.roleName) === 'PAYER');
    const owner = roles.find((r) => str(r.roleName) === 'LABEL_OWNER');
    if (!payer || !owner)
      throw new UspsFailure(400, [errors.paymentRefused('The PAYER and LABEL_OWNER roles are required.', 'roles')]);
    for (const [role, member] of [
      [payer, 'CRID'],
      [payer, 'accountNumber'],
      [owner, 'CRID'],
      [owner, 'MID'],
      [owner, 'manifestMID'],
    ] as const) {
      if (refused(str(role[member]))) {
        throw new UspsFailure(400, [
          errors.paymentRefused(`${str(role.roleName)} ${member} is not enrolled or not valid.`, `roles.${member}`),
        ]);
      }
    }
    const type = str(payer.accountType) ?? '';
    if (type !== 'EPS' && type !== 'PERMIT')
      throw new UspsFailure(400, [errors.invalid('roles.accountType', 'accountType must be EPS or PERMIT.')]);
    const parties: PaymentParties = {
      crid: str(owner.CRID) ?? '',
      mid: str(owner.MID) ?? '',
      manifestMid: str(owner.manifestMID) ?? '',
      accountNumber: str(payer.accountNumber) ?? '',
    };
    return { paymentAuthorizationToken: ctx.state.issuePaymentToken(parties), roles };
  });

  requireBearer(
    app,
    (token) => ctx.state.tokenStatus(token),
    (status) => new UspsFailure(401, [status === 'expired' ? errors.tokenExpired() : errors.tokenInvalid()]),
  );
}

/** The parties of the request's payment token; labels, refunds and SCAN forms need one. */
export function requirePayment(ctx: CarrierDCtx, request: FastifyRequest): PaymentParties {
  const header = request.headers['x-payment-authorization-token'];
  const token = typeof header === 'string' ? header : undefined;
  if (!token) throw new UspsFailure(403, [errors.paymentTokenMissing()]);
  const parties = ctx.state.paymentParties(token);
  if (!parties) throw new UspsFailure(403, [errors.paymentTokenInvalid()]);
  return parties;
}
