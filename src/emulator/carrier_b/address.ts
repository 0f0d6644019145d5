/**
 * `POST /api/addressvalidation/{version}/{requestoption}` (vendor/AddressValidation.yaml): the
 * AddressKeyFormat looked up in the shared gazetteer, answered as XAVResponse with
 * ValidAddressIndicator, AmbiguousAddressIndicator (candidates follow) or NoCandidatesIndicator;
 * requestoption 2 and 3 add the AddressClassification (1 commercial, 2 residential).
 */
import type { FastifyInstance } from 'fastify';
import { lookupStreet, type FoundAddress } from '../gazetteer.js';
import { at, isObject, str, strings } from '../json.js';
import { responseHeader, type CarrierBCtx } from './context.js';
import { errors, UpsFailure } from './errors.js';

const classification = (residential: boolean | undefined) =>
  residential === undefined
    ? { Code: '0', Description: 'Unclassified' }
    : residential
      ? { Code: '2', Description: 'Residential' }
      : { Code: '1', Description: 'Commercial' };

function candidate(a: FoundAddress, classify: boolean) {
  return {
    ...(classify ? { AddressClassification: classification(a.residential) } : {}),
    AddressKeyFormat: {
      AddressLine: [a.street1],
      PoliticalDivision2: a.city,
      PoliticalDivision1: a.state,
      PostcodePrimaryLow: a.zip,
      PostcodeExtendedLow: a.plus4,
      Region: `${a.city} ${a.state} ${a.zip}-${a.plus4}`,
      CountryCode: 'US',
    },
  };
}

export function registerAddressRoutes(app: FastifyInstance, ctx: CarrierBCtx): void {
  app.post('/api/addressvalidation/:version/:requestoption', ctx.tag('address'), async (request) => {
    const option = (request.params as { requestoption: string }).requestoption;
    if (!['1', '2', '3'].includes(option)) throw new UpsFailure(400, [errors.invalid('requestoption', option)]);
    const key = at(request.body, 'XAVRequest.AddressKeyFormat');
    if (!isObject(key)) throw new UpsFailure(400, [errors.missing('XAVRequest.AddressKeyFormat')]);
    const country = str(key.CountryCode)?.toUpperCase();
    if (!country) throw new UpsFailure(400, [errors.missing('AddressKeyFormat.CountryCode')]);
    // AddressValidation.yaml: street level validation covers the United States and Puerto Rico.
    if (country !== 'US' && country !== 'PR')
      throw new UpsFailure(400, [errors.invalid('AddressKeyFormat.CountryCode', country)]);
    const lines = Array.isArray(key.AddressLine) ? strings(key.AddressLine) : [str(key.AddressLine) ?? ''];
    const classify = option !== '1';
    const found = lookupStreet({
      street: lines[0],
      city: str(key.PoliticalDivision2),
      state: str(key.PoliticalDivision1),
      zip: str(key.PostcodePrimaryLow),
    });
    const Response = responseHeader(undefined);
    if (found.kind === 'match') {
      return {
        XAVResponse: {
          Response,
          ValidAddressIndicator: '',
          ...(classify ? { AddressClassification: classification(found.address.residential) } : {}),
          Candidate: [candidate(found.address, classify)],
        },
      };
    }
    if (found.kind === 'ambiguous') {
      return {
        XAVResponse: {
          Response,
          AmbiguousAddressIndicator: '',
          ...(classify ? { AddressClassification: classification(undefined) } : {}),
          Candidate: found.candidates.map((c) => candidate(c, classify)),
        },
      };
    }
    return {
      XAVResponse: {
        Response,
        NoCandidatesIndicator: '',
        ...(classify ? { AddressClassification: classification(undefined) } : {}),
      },
    };
  });
}
