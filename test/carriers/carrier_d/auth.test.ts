import { describe, expect, it } from 'vitest';
import {
  buildPaymentAuthorizationRequest,
  parsePaymentAuthorizationResponse,
  paymentAccount,
  PAYMENT_TOKEN_TTL_S,
} from '../../../src/carriers/carrier_d/auth.js';
import { unexpectedBody } from '../../../src/carriers/carrier_d/errors.js';
import { clientCredentialsForm, parseTokenResponse } from '../../../src/carriers/shared/oauth.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

const auth = {
  account_number: '1234',
  client_id: 'c',
  client_secret: 's',
  customer_registration_id: '12345678',
  mailer_id: '123456',
  manifest_mid: '123456',
};

describe.skipIf(fixturesMissing)('carrier_d tokens against the recorded payloads', () => {
  it('reads the recorded token answer, whose expires_in is a string', () => {
    expect(parseTokenResponse(fixture('fixtures/authentication_LoginResponse.json'), unexpectedBody)).toEqual({
      access_token: 'access_token',
      expires_in: 14399,
    });
  });
});

describe('carrier_d credentials', () => {
  it('asks for a client-credentials token, form-encoded', () => {
    expect(new URLSearchParams(clientCredentialsForm('id&1', 's=2')).get('client_secret')).toBe('s=2');
  });

  it('builds payments.yaml MinimumPaymentAuthorizationRequest from the account members', () => {
    expect(buildPaymentAuthorizationRequest(paymentAccount(auth))).toEqual({
      roles: [
        {
          roleName: 'PAYER',
          CRID: '12345678',
          MID: '123456',
          manifestMID: '123456',
          accountType: 'EPS',
          accountNumber: '1234',
        },
        { roleName: 'LABEL_OWNER', CRID: '12345678', MID: '123456', manifestMID: '123456' },
      ],
    });
    expect(paymentAccount({ ...auth, account_type: 'permit' }).accountType).toBe('PERMIT');
  });

  it('reads payments.yaml PaymentAuthorizationResponseWithRateHolder; the token lives eight hours', () => {
    const body = {
      paymentAuthorizationToken: 'header.body.signature',
      roles: [{ roleName: 'PAYER', CRID: '12345678' }],
    };
    expect(parsePaymentAuthorizationResponse(body)).toEqual({
      access_token: 'header.body.signature',
      expires_in: PAYMENT_TOKEN_TTL_S,
    });
    expect(PAYMENT_TOKEN_TTL_S).toBe(28_800);
  });

  it('names a missing member and refuses unknown account types', () => {
    const { mailer_id: _m, ...noMid } = auth;
    expect(apiErrorOf(() => paymentAccount(noMid))).toMatchObject({
      code: 'carrier_authentication',
      detail: 'auth.mailer_id',
    });
    expect(apiErrorOf(() => paymentAccount({ ...auth, account_type: 'CARD' })).detail).toBe('auth.account_type');
    expect(apiErrorOf(() => parseTokenResponse({ token_type: 'Bearer' }, unexpectedBody)).code).toBe(
      'carrier_http_exception',
    );
    expect(apiErrorOf(() => parsePaymentAuthorizationResponse({ roles: [] })).code).toBe('carrier_http_exception');
  });
});
