/**
 * `POST /address/v1/addresses/resolve` (FedEx Address Validation API): each address of
 * addressesToValidate looked up in the shared gazetteer and answered as a resolvedAddresses entry
 * with FedEx's attributes (Resolved, DPV, MultipleMatches, …) and classification. Addresses outside
 * the US are echoed unresolved with CountrySupported "false", as FedEx does for countries it
 * cannot validate.
 */
import type { FastifyInstance } from 'fastify';
import { lookupStreet } from '../gazetteer.js';
import { at, str, strings } from '../json.js';
import type { CarrierACtx } from './context.js';
import { errors, FedexFailure } from './errors.js';

const flags = (set: Record<string, boolean>) => Object.fromEntries(Object.entries(set).map(([k, v]) => [k, String(v)]));

function resolve(address: unknown) {
  const streetLines = strings(at(address, 'streetLines')) ?? [];
  const country = str(at(address, 'countryCode'))?.toUpperCase() ?? '';
  const given = {
    streetLinesToken: streetLines,
    city: str(at(address, 'city')),
    stateOrProvinceCode: str(at(address, 'stateOrProvinceCode')),
    postalCode: str(at(address, 'postalCode')),
    countryCode: country,
  };
  if (country !== 'US') {
    return {
      ...given,
      classification: 'UNKNOWN',
      customerMessages: [],
      attributes: flags({ Resolved: false, DPV: false, CountrySupported: false, MultipleMatches: false }),
    };
  }
  const found = lookupStreet({
    street: streetLines[0],
    city: given.city,
    state: given.stateOrProvinceCode,
    zip: given.postalCode,
  });
  if (found.kind === 'match') {
    const a = found.address;
    return {
      streetLinesToken: [a.street1, ...streetLines.slice(1).map((l) => l.toUpperCase())],
      city: a.city,
      stateOrProvinceCode: a.state,
      postalCode: `${a.zip}-${a.plus4}`,
      parsedPostalCode: { base: a.zip, addOn: a.plus4, deliveryPoint: '01' },
      countryCode: 'US',
      classification: a.residential ? 'RESIDENTIAL' : 'BUSINESS',
      customerMessages: [],
      attributes: flags({
        Resolved: true,
        DPV: true,
        Matched: true,
        StreetValidated: true,
        ZIP4Match: true,
        CountrySupported: true,
        MultipleMatches: false,
        InvalidSuiteNumber: false,
        SuiteRequiredButMissing: false,
      }),
    };
  }
  const ambiguous = found.kind === 'ambiguous';
  return {
    ...given,
    classification: 'UNKNOWN',
    customerMessages: [
      {
        code: ambiguous ? 'STANDARDIZED.ADDRESS.MULTIPLEMATCHES' : 'STANDARDIZED.ADDRESS.NOTFOUND',
        message: found.reason,
      },
    ],
    attributes: flags({
      Resolved: false,
      DPV: false,
      Matched: false,
      StreetValidated: false,
      CountrySupported: true,
      MultipleMatches: ambiguous,
    }),
  };
}

export function registerAddressRoutes(app: FastifyInstance, ctx: CarrierACtx): void {
  app.post('/address/v1/addresses/resolve', ctx.tag('address'), async (request) => {
    const list = at(request.body, 'addressesToValidate');
    if (!Array.isArray(list) || list.length === 0)
      throw new FedexFailure(400, [errors.invalidInput('addressesToValidate')]);
    for (const [i, entry] of list.entries()) {
      if (!str(at(entry, 'address.countryCode')))
        throw new FedexFailure(400, [errors.invalidInput(`addressesToValidate[${i}].address.countryCode`)]);
    }
    return ctx.envelope(request, { resolvedAddresses: list.map((entry) => resolve(at(entry, 'address'))), alerts: [] });
  });
}
