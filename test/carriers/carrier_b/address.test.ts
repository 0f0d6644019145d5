/**
 * carrier_b validate_address wire mapping, against vendor/AddressValidation.yaml (the only record of
 * UPS street-level validation in the carriers folder: its request example and response schema; no
 * recorded reply). The replies here are built from that schema.
 */
import { describe, expect, it } from 'vitest';
import { buildAddressRequest, parseAddressResponse } from '../../../src/carriers/carrier_b/address.js';
import { fixturesMissing, readFixtureText } from '../../support/fixtures.js';

// The yaml's request example, in our terms.
const given = {
  company: 'RITZ CAMERA CENTERS-1749',
  street1: '26601 ALISO CREEK ROAD',
  street2: 'STE D',
  city: 'ALISO VIEJO',
  state: 'CA',
  postal_code: '92656-1521',
  country: 'US',
};
const header = { ResponseStatus: { Code: '1', Description: 'Success' } };
const key = {
  AddressLine: ['26601 ALISO CREEK RD', 'STE D'],
  PoliticalDivision2: 'ALISO VIEJO',
  PoliticalDivision1: 'CA',
  PostcodePrimaryLow: '92656',
  PostcodeExtendedLow: '1521',
  CountryCode: 'US',
};

describe('carrier_b address', () => {
  it('sends XAVRequest.AddressKeyFormat like the description’s example, asking validation and classification', () => {
    const { path, body } = buildAddressRequest(given);
    expect(path).toBe('/addressvalidation/v2/3?maximumcandidatelistsize=10');
    expect(body).toEqual({
      XAVRequest: {
        AddressKeyFormat: {
          ConsigneeName: 'RITZ CAMERA CENTERS-1749',
          AddressLine: ['26601 ALISO CREEK ROAD', 'STE D'],
          PoliticalDivision2: 'ALISO VIEJO',
          PoliticalDivision1: 'CA',
          PostcodePrimaryLow: '92656',
          PostcodeExtendedLow: '1521',
          CountryCode: 'US',
        },
      },
    });
  });

  it.skipIf(fixturesMissing)('uses only members and path the vendor description defines', () => {
    const yaml = readFixtureText('carrier_b', 'vendor/AddressValidation.yaml');
    expect(yaml).toContain('"/addressvalidation/{version}/{requestoption}"');
    expect(yaml).toContain('- 3 - Address Validation and Address Classification.');
    for (const member of Object.keys(buildAddressRequest(given).body.XAVRequest.AddressKeyFormat))
      expect(yaml).toContain(`        ${member}:`);
    for (const member of [
      'ValidAddressIndicator',
      'AmbiguousAddressIndicator',
      'NoCandidatesIndicator',
      'AddressClassification',
      'Candidate',
    ])
      expect(yaml).toContain(`        ${member}:`);
  });

  it('reads ValidAddressIndicator with the first candidate: corrected street and ZIP+4, residential from the classification', () => {
    const reply = {
      XAVResponse: {
        Response: header,
        ValidAddressIndicator: '',
        AddressClassification: { Code: '1', Description: 'Commercial' },
        Candidate: [{ AddressClassification: { Code: '1', Description: 'Commercial' }, AddressKeyFormat: key }],
      },
    };
    expect(parseAddressResponse(reply, given)).toEqual({
      status: 'corrected',
      address: {
        street1: '26601 ALISO CREEK RD',
        street2: 'STE D',
        city: 'ALISO VIEJO',
        state: 'CA',
        postal_code: '92656-1521',
        country: 'US',
      },
      candidates: [],
      residential: false,
      messages: [],
    });
    const exact = { ...given, street1: '26601 Aliso Creek Rd', postal_code: '92656' };
    expect(parseAddressResponse(reply, exact).status).toBe('valid');
    const home = {
      XAVResponse: {
        ...reply.XAVResponse,
        Candidate: [
          { AddressClassification: { Code: '2' }, AddressKeyFormat: { ...key, AddressLine: '26601 ALISO CREEK RD' } },
        ],
      },
    };
    expect(parseAddressResponse(home, exact)).toMatchObject({
      status: 'valid',
      residential: true,
      address: { street1: '26601 ALISO CREEK RD' },
    });
  });

  it('reads AmbiguousAddressIndicator with its candidates, and NoCandidatesIndicator as invalid', () => {
    const two = {
      XAVResponse: {
        Response: header,
        AmbiguousAddressIndicator: '',
        Candidate: [
          { AddressKeyFormat: key },
          { AddressKeyFormat: { ...key, PostcodePrimaryLow: '92698', PostcodeExtendedLow: undefined } },
        ],
      },
    };
    const ambiguous = parseAddressResponse(two, given);
    expect(ambiguous.status).toBe('ambiguous');
    expect(ambiguous.candidates.map((c) => c.postal_code)).toEqual(['92656-1521', '92698']);
    expect(parseAddressResponse({ XAVResponse: { Response: header, NoCandidatesIndicator: '' } }, given)).toMatchObject(
      { status: 'invalid', residential: null, address: given },
    );
  });

  it('refuses a body that is not an XAVResponse', () => {
    expect(() => parseAddressResponse({ response: {} }, given)).toThrow();
  });
});
