/** carrier_c validate_credentials: GET /address-validate as the cheapest authenticated call. */
import { describe, expect, it } from 'vitest';
import {
  buildValidateCredentialsRequest,
  credentialsOf,
  parseValidateCredentialsResponse,
} from '../../../src/carriers/carrier_c/auth.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

describe('credentials', () => {
  it('uses my_carrier_c_username/password when both are present, else site_id/password', () => {
    expect(
      credentialsOf({ site_id: 's', password: 'p', my_carrier_c_username: 'u', my_carrier_c_password: 'q' }),
    ).toEqual({ username: 'u', password: 'q' });
    expect(credentialsOf({ site_id: 's', password: 'p', my_carrier_c_username: 'u' })).toEqual({
      username: 's',
      password: 'p',
    });
    expect(apiErrorOf(() => credentialsOf({ account_number: '1' }))).toMatchObject({
      code: 'carrier_authentication',
      detail: 'auth.site_id',
    });
  });

  it.skipIf(fixturesMissing)(
    'probes like fixtures/address_AddressValidationRequest.json, with a known address of the account’s country',
    () => {
      const recorded = fixture<Record<string, unknown>>('fixtures/address_AddressValidationRequest.json');
      const sent = Object.fromEntries(buildValidateCredentialsRequest('US').query);
      expect(sent).toEqual({
        type: recorded.type,
        countryCode: recorded.countryCode,
        postalCode: '10001',
        cityName: 'New York',
        strictValidation: 'false',
      });
      expect(Object.fromEntries(buildValidateCredentialsRequest('NL').query)).toEqual({
        type: 'delivery',
        countryCode: 'NL',
        strictValidation: 'false',
      });
    },
  );

  it.skipIf(fixturesMissing)('reads the recorded answers', () => {
    expect(parseValidateCredentialsResponse(fixture('fixtures/address_AddressValidationResponse.json'))).toEqual({
      addresses: 1,
    });
    expect(parseValidateCredentialsResponse(fixture('samples/address_validation_response.json'))).toEqual({
      addresses: 1,
    });
    expect(
      apiErrorOf(() => parseValidateCredentialsResponse(fixture('fixtures/address_ErrorResponse.json'))).code,
    ).toBe('carrier_exception');
  });
});
