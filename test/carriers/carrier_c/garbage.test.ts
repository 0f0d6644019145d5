/** Every carrier_c parser turns a body of the wrong shape into carrier_http_exception, never a TypeError. */
import { describe, expect, it } from 'vitest';
import { parseValidateCredentialsResponse } from '../../../src/carriers/carrier_c/auth.js';
import { parseLocationsResponse } from '../../../src/carriers/carrier_c/locations.js';
import {
  parsePickupAvailabilityResponse,
  parsePickupCancelResponse,
  parsePickupResponse,
} from '../../../src/carriers/carrier_c/pickup.js';
import { parseRateResponse } from '../../../src/carriers/carrier_c/rate.js';
import { parseShipResponse } from '../../../src/carriers/carrier_c/ship.js';
import { parseTrackManyResponse, parseTrackResponse } from '../../../src/carriers/carrier_c/track.js';
import { apiErrorOf, GARBAGE } from './support.js';

const PARSERS: [string, (body: unknown) => unknown][] = [
  ['rate', (b) => parseRateResponse(b)],
  ['ship', (b) => parseShipResponse(b)],
  ['track', (b) => parseTrackResponse(b, '1')],
  ['track many', (b) => parseTrackManyResponse(b, ['1'])],
  ['pickup availability', (b) => parsePickupAvailabilityResponse(b, '2025-03-05')],
  ['pickup', (b) => parsePickupResponse(b)],
  ['locations', (b) => parseLocationsResponse(b)],
  ['address validation', (b) => parseValidateCredentialsResponse(b)],
];

describe.each(PARSERS)('%s parser', (_name, parse) => {
  it.each(GARBAGE)('%s → carrier_http_exception', (_what, body) => {
    expect(apiErrorOf(() => parse(body)).code).toBe('carrier_http_exception');
  });
});

describe('pickup cancel parser', () => {
  // An empty object is its success (DELETE answers 200 without a body); anything not an object is not.
  it.each(GARBAGE.filter(([what]) => what !== 'an empty object' && what !== 'members of the wrong types'))(
    '%s → carrier_http_exception',
    (_what, body) => {
      expect(apiErrorOf(() => parsePickupCancelResponse(body, 'X')).code).toBe('carrier_http_exception');
    },
  );
});
