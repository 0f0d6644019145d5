/** australiapost rating: the prices body against the recorded requests, and every recorded answer parsed. */
import { describe, expect, it } from 'vitest';
import { buildRateRequest, parseRateResponse } from '../../../src/carriers/australiapost/rate.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture, request } from './support.js';

describe.skipIf(fixturesMissing)('buildRateRequest against recorded requests', () => {
  it('matches fixtures/rate_RateRequest.json exactly (suburb and state ride beside it)', () => {
    const body = buildRateRequest(
      request({
        packages: [{ weight: 2, length: 5, width: 10, height: 1, value: 1000 }],
        special_services: ['transit_cover'],
      }),
    );
    expect(matchesRecorded(body, fixture('fixtures/rate_RateRequest.json'))).toEqual([]);
    // Waybill's addresses carry the suburb and state too; the recording sends country and postcode only.
    expect(body.to).toEqual({ country: 'AU', postcode: '2000', suburb: 'Sydney', state: 'NSW' });
  });

  it('matches samples/rate_request.json but for the sample’s own product and empty features', () => {
    const body = buildRateRequest(
      request({
        sender: { ...request().sender, postal_code: '3207', city: undefined },
        recipient: { country: 'AU', postal_code: '2001' },
        service: 'australiapost_express_post',
      }),
    );
    expect(matchesRecorded(body, fixture('samples/rate_request.json'))).toEqual([
      '$.items[0].item_reference: "1" ≠ "string"',
      // The sample asks for a contract product (7D55) of its own account; the catalog's Express Post is E34.
      '$.items[0].product_id: undefined ≠ "7D55"',
      '$.items[0].product_ids[0]: "E34" ≠ "7D55"',
      '$.items[0].features: expected an array',
    ]);
  });
});

describe('buildRateRequest', () => {
  it('sends kg and cm, each package once per its quantity, and refuses what the carrier cannot book', () => {
    const body = buildRateRequest(
      request({
        weight_units: 'LB',
        dim_units: 'IN',
        packages: [{ weight: 10, length: 10, width: 5, height: 2, quantity: 2 }],
        packaging: 'satchel',
      }),
    );
    expect(body.items).toEqual([
      { item_reference: '1', weight: 4.536, length: 25.4, width: 12.7, height: 5.1, packaging_type: 'SAT' },
      { item_reference: '2', weight: 4.536, length: 25.4, width: 12.7, height: 5.1, packaging_type: 'SAT' },
    ]);
    expect(apiErrorOf(() => buildRateRequest(request({ service: 'carrier_a_ground' }))).detail).toBe(
      'shipment.service',
    );
    expect(apiErrorOf(() => buildRateRequest(request({ packaging: 'jumbo_box' }))).detail).toBe('shipment.packaging');
  });
});

describe.skipIf(fixturesMissing)('parseRateResponse against recorded answers', () => {
  it('parses fixtures/rate_RateResponse.json: the price with GST, plus unbundled transit cover', () => {
    expect(parseRateResponse(fixture('fixtures/rate_RateResponse.json'))).toEqual([
      // 42.70 with GST + 210.00 of transit cover (not bundled).
      {
        service_type: 'australiapost_express_post',
        service_name: 'EXPRESS POST',
        total_cost: '252.70',
        currency: 'AUD',
        transit_days: 1,
      },
      // Contract products outside the catalog keep their id.
      {
        service_type: 'australiapost_t28s',
        service_name: 'PARCEL POST + SIGNATURE',
        total_cost: '9.00',
        currency: 'AUD',
      },
      {
        service_type: 'australiapost_e34s',
        service_name: 'EXPRESS POST + SIGNATURE',
        total_cost: '34.94',
        currency: 'AUD',
      },
    ]);
  });

  it('parses samples/rate_response.json alike', () => {
    expect(parseRateResponse(fixture('samples/rate_response.json'))).toEqual(
      parseRateResponse(fixture('fixtures/rate_RateResponse.json')),
    );
  });

  it('keeps only the products that priced every item, summed', () => {
    const item = (prices: { product_id: string; calculated_price: number }[]) => ({
      prices: prices.map((p) => ({ ...p, product_type: p.product_id })),
    });
    const body = {
      items: [
        item([
          { product_id: 'T28', calculated_price: 10 },
          { product_id: 'E34', calculated_price: 15 },
        ]),
        item([{ product_id: 'T28', calculated_price: 12.5 }]),
      ],
    };
    expect(parseRateResponse(body)).toEqual([
      {
        service_type: 'australiapost_parcel_post',
        service_name: 'T28',
        total_cost: '22.50',
        currency: 'AUD',
        transit_days: 3,
      },
    ]);
  });

  it('turns an answer of errors or of the wrong shape into an ApiError, never a TypeError', () => {
    expect(apiErrorOf(() => parseRateResponse(fixture('samples/error_response.json'))).code).toBe(
      'carrier_authentication',
    );
    for (const body of [null, 'x', [], { items: 'x' }, {}])
      expect(apiErrorOf(() => parseRateResponse(body)).code).toBe('carrier_http_exception');
  });
});
