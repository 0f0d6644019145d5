/** Every carrier_d parser turns bodies of the wrong shape into carrier_http_exception, never a crash. */
import { describe, expect, it } from 'vitest';
import { parseCancelResponse } from '../../../src/carriers/carrier_d/cancel.js';
import { parsePaymentAuthorizationResponse } from '../../../src/carriers/carrier_d/auth.js';
import { unexpectedBody } from '../../../src/carriers/carrier_d/errors.js';
import { parseTokenResponse } from '../../../src/carriers/shared/oauth.js';
import { parseLocationsResponse } from '../../../src/carriers/carrier_d/locations.js';
import { parseManifestResponse } from '../../../src/carriers/carrier_d/manifest.js';
import { parsePickupResponse } from '../../../src/carriers/carrier_d/pickup.js';
import { pricedOptions } from '../../../src/carriers/carrier_d/rate.js';
import { parseShipResponse } from '../../../src/carriers/carrier_d/ship.js';
import { parseTrackResponse } from '../../../src/carriers/carrier_d/track.js';
import { ApiError } from '../../../src/domain/errors.js';

const GARBAGE: readonly (readonly [string, unknown])[] = [
  ['null', null],
  ['undefined', undefined],
  ['a string', 'not json'],
  ['a number', 42],
  [
    'an object of wrong members',
    { rateOptions: 7, labelMetadata: 'x', trackingEvents: {}, confirmationNumber: 5, status: [], SCANFormMetadata: 1 },
  ],
];

const bytes = (v: unknown) => ({ contentType: 'application/json', bytes: Buffer.from(JSON.stringify(v) ?? '') });

const PARSERS: [string, (body: unknown) => unknown][] = [
  ['rate', (b) => pricedOptions(b)],
  ['label', (b) => parseShipResponse(bytes(b), 'PDF')],
  ['track', (b) => parseTrackResponse(b, 'n')],
  ['cancel', (b) => parseCancelResponse(b)],
  ['pickup', (b) => parsePickupResponse(b)],
  ['locations', (b) => parseLocationsResponse(b)],
  ['manifest', (b) => parseManifestResponse(bytes(b), [])],
  ['token', (b) => parseTokenResponse(b, unexpectedBody)],
  ['payment', (b) => parsePaymentAuthorizationResponse(b)],
];

describe.each(PARSERS)('carrier_d %s parser', (_name, parse) => {
  it.each(GARBAGE)('answers %s as a carrier fault', (_label, body) => {
    let thrown: unknown;
    try {
      parse(body);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(['carrier_http_exception', 'carrier_no_shipment_found']).toContain((thrown as ApiError).code);
  });
});
