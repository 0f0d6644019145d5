/** The catalog ↔ UPS code tables, both ways, and every parser against bodies of the wrong shape. */
import { describe, expect, it } from 'vitest';
import { parseCancelResponse } from '../../../src/carriers/carrier_b/cancel.js';
import { PACKAGING_CODES, SERVICE_CODES, serviceCode, serviceSlug } from '../../../src/carriers/carrier_b/codes.js';
import { catalog } from '../../../src/carriers/carrier_b/catalog.js';
import { parseLocationsResponse } from '../../../src/carriers/carrier_b/locations.js';
import {
  parsePickupCancelResponse,
  parsePickupAvailabilityResponse,
  parsePickupResponse,
} from '../../../src/carriers/carrier_b/pickup.js';
import { parseRateResponse } from '../../../src/carriers/carrier_b/rate.js';
import { parseShipResponse } from '../../../src/carriers/carrier_b/ship.js';
import { parseTrackResponse } from '../../../src/carriers/carrier_b/track.js';
import { ApiError } from '../../../src/domain/errors.js';
import { GARBAGE } from '../carrier_a/support.js';

describe('codes', () => {
  it('every catalog service and packaging slug has a UPS code, and nothing else does', () => {
    expect(Object.keys(SERVICE_CODES).sort()).toEqual([...catalog.services].sort());
    expect(Object.keys(PACKAGING_CODES).sort()).toEqual([...catalog.packaging].sort());
  });

  it('a rate’s service slug books the same UPS code', () => {
    for (const slug of catalog.services)
      expect(serviceCode(serviceSlug(serviceCode(slug) ?? '')), slug).toBe(serviceCode(slug));
    expect(serviceSlug('03')).toBe('carrier_b_ground');
    expect(serviceSlug('M4')).toBe('carrier_b_expedited_mail_innovations');
    expect(serviceSlug('T1')).toBe('carrier_b_t1');
  });
});

describe('bodies of the wrong shape → carrier_http_exception, never a TypeError', () => {
  const sync: [string, (b: unknown) => unknown][] = [
    ['rate', (b) => parseRateResponse(b)],
    ['track', (b) => parseTrackResponse(b, '1Z')],
    ['cancel', (b) => parseCancelResponse(b)],
    ['pickup', (b) => parsePickupResponse(b)],
    ['pickup rate', (b) => parsePickupAvailabilityResponse(b, '2026-01-01')],
    ['pickup cancel', (b) => parsePickupCancelResponse(b)],
    ['locations', (b) => parseLocationsResponse(b)],
  ];
  const extra: (readonly [string, unknown])[] = [
    [
      'UPS envelopes of the wrong types',
      {
        RateResponse: 'x',
        ShipmentResponse: [],
        trackResponse: 7,
        VoidShipmentResponse: null,
        PickupCreationResponse: 'x',
        PickupGetServiceCenterFacilitiesResponse: 1,
      },
    ],
  ];
  for (const [name, parse] of sync) {
    it.each([...GARBAGE, ...extra])(`${name}: %s`, (_label, body) => {
      let thrown: unknown;
      try {
        parse(body);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).code).toBe('carrier_http_exception');
    });
  }

  it.each([...GARBAGE, ...extra])('ship: %s', async (_label, body) => {
    await expect(parseShipResponse(body)).rejects.toMatchObject({ code: 'carrier_http_exception' });
  });
});
