/** carrier_c rating: the /rates body against the recorded requests, and every recorded answer parsed. */
import { describe, expect, it } from 'vitest';
import { buildRateRequest, parseRateResponse } from '../../../src/carriers/carrier_c/rate.js';
import { plannedDateAndTime } from '../../../src/carriers/carrier_c/mapping.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture, NOW, request } from './support.js';

const prague = {
  street1: 'V Parku 2308/10',
  street2: 'Floor 2',
  street3: 'Suite 100',
  city: 'Prague',
  state: 'CZ',
  postal_code: '14800',
  country: 'CZ',
};
const newYork = {
  street1: '123 Main Street',
  street2: 'Floor 5',
  street3: 'Apt 501',
  city: 'New York',
  state: 'NY',
  postal_code: '10001',
  country: 'US',
};

describe.skipIf(fixturesMissing)('buildRateRequest against recorded requests', () => {
  it('matches fixtures/rate_RateRequest.json exactly', () => {
    expect(
      matchesRecorded(buildRateRequest(request(), '123456789', NOW), fixture('fixtures/rate_RateRequest.json')),
    ).toEqual([]);
  });

  it('matches samples/rate_request.json but for the options Waybill does not use', () => {
    const req = request({
      sender: prague,
      recipient: newYork,
      service: 'express_worldwide_p',
      special_services: ['insurance'],
      currency: 'USD',
      packages: [{ weight: 5, length: 15, width: 15, height: 15, value: 100 }],
      ship_date: '2024-11-05',
    });
    const body = buildRateRequest(req, 'ACC123456789', new Date('2024-11-05T12:50:00Z'));
    expect(matchesRecorded(body, fixture('samples/rate_request.json'))).toEqual([
      // The spec's addresses have no county.
      '$.customerDetails.shipperDetails.countyName: undefined ≠ "Central Bohemia"',
      '$.customerDetails.receiverDetails.countyName: undefined ≠ "Manhattan"',
      // Optional query refinements the sample shows with their defaults or for other products.
      '$.productsAndServices: expected an array',
      '$.payerCountryCode: undefined ≠ "US"',
      // The sample writes Prague's local time with GMT+00:00; Prague is GMT+01:00.
      '$.plannedShippingDateAndTime: "2024-11-05T14:00:00 GMT+01:00" ≠ "2024-11-05T14:00:00 GMT+00:00"',
      '$.requestAllValueAddedServices: undefined ≠ false',
      '$.estimatedDeliveryDate: expected an object',
      '$.getAdditionalInformation: expected an array',
      '$.returnStandardProductsOnly: undefined ≠ false',
      // your_packaging sends no DHL box type.
      '$.packages[0].typeCode: undefined ≠ "2BP"',
    ]);
  });
});

describe('buildRateRequest', () => {
  it('sends one unit system: pounds make it imperial and centimetres become whole inches', () => {
    const body = buildRateRequest(
      request({ weight_units: 'LB', packages: [{ weight: 2.5, length: 30, width: 20, height: 10 }] }),
      '1',
      NOW,
    );
    expect(body.unitOfMeasurement).toBe('imperial');
    expect(body.packages).toEqual([{ weight: 2.5, dimensions: { length: 12, width: 8, height: 4 } }]);
  });

  it('repeats a package of quantity n, maps services and packaging, and declares international goods', () => {
    const body = buildRateRequest(
      request({
        recipient: { ...newYork, country: 'GB' },
        packages: [{ weight: 1, quantity: 2, value: 30 }],
        packaging: 'jumbo_box',
        special_services: ['saturday_delivery', 'paperless_trade'],
        service: 'express_1200_t',
        currency: 'EUR',
      }),
      '1',
      NOW,
    );
    expect(body.packages).toEqual([
      { weight: 1, typeCode: '8BX' },
      { weight: 1, typeCode: '8BX' },
    ]);
    expect(body.productCode).toBe('T');
    expect(body.valueAddedServices).toEqual([{ serviceCode: 'AA' }, { serviceCode: 'WY' }]);
    expect(body.isCustomsDeclarable).toBe(true);
    expect(body.monetaryAmount).toEqual([{ typeCode: 'declaredValue', value: 60, currency: 'EUR' }]);
    expect(
      buildRateRequest(request({ recipient: { ...newYork, country: 'GB' }, packaging: 'express_document' }), '1', NOW)
        .isCustomsDeclarable,
    ).toBe(false);
  });

  it('refuses services, packaging and special services carrier_c cannot book', () => {
    expect(apiErrorOf(() => buildRateRequest(request({ service: 'carrier_a_ground' }), '1', NOW)).detail).toBe(
      'shipment.service',
    );
    expect(apiErrorOf(() => buildRateRequest(request({ packaging: 'tube' }), '1', NOW)).detail).toBe(
      'shipment.packaging',
    );
    expect(apiErrorOf(() => buildRateRequest(request({ special_services: ['cod'] }), '1', NOW)).message).toContain(
      'cash on delivery',
    );
    expect(apiErrorOf(() => buildRateRequest(request({ special_services: ['insurance'] }), '1', NOW)).code).toBe(
      'schema_field_required',
    );
  });

  it('plans in the origin’s local time and zone: today a little after now, later days at 10:00', () => {
    const ny = { country: 'US', postal_code: '10001' };
    expect(plannedDateAndTime(ny, undefined, NOW)).toBe('2025-03-04T10:10:00 GMT-05:00');
    expect(plannedDateAndTime(ny, '2025-03-04', NOW)).toBe('2025-03-04T10:10:00 GMT-05:00');
    expect(plannedDateAndTime(ny, '2025-03-01', NOW)).toBe('2025-03-04T10:10:00 GMT-05:00');
    expect(plannedDateAndTime(ny, '2025-03-06', NOW)).toBe('2025-03-06T10:00:00 GMT-05:00');
    expect(plannedDateAndTime(ny, '2025-03-06', NOW, '14:30')).toBe('2025-03-06T14:30:00 GMT-05:00');
    // 20:00 UTC is already the next morning in Tokyo.
    expect(plannedDateAndTime({ country: 'JP' }, '2025-03-04', new Date('2025-03-04T20:00:00Z'))).toBe(
      '2025-03-05T05:10:00 GMT+09:00',
    );
  });
});

describe.skipIf(fixturesMissing)('parseRateResponse', () => {
  it('reads fixtures/rate_RateResponse.json: both products, BILLC prices, dates', () => {
    expect(parseRateResponse(fixture('fixtures/rate_RateResponse.json'))).toEqual([
      {
        service_type: 'express_worldwide_p',
        service_name: 'EXPRESS WORLDWIDE',
        total_cost: '25.99',
        currency: 'USD',
        estimated_date: '2024-01-15',
        delivery_day: 'MON',
      },
      {
        service_type: 'express_1200_y',
        service_name: 'EXPRESS 12:00',
        total_cost: '35.99',
        currency: 'USD',
        estimated_date: '2024-01-14',
        delivery_day: 'SUN',
      },
    ]);
  });

  it('reads samples/rate_response.json: the billing price, or the asked currency when DHL quotes it', () => {
    const body = fixture('samples/rate_response.json');
    expect(parseRateResponse(body)).toEqual([
      {
        service_type: 'express_worldwide_p',
        service_name: 'EXPRESS WORLDWIDE',
        total_cost: '89.25',
        currency: 'EUR',
        transit_days: 4,
        estimated_date: '2024-11-07',
        delivery_day: 'THU',
      },
    ]);
    expect(parseRateResponse(body, { currency: 'CZK' })[0]).toMatchObject({ total_cost: '2450.00', currency: 'CZK' });
    expect(parseRateResponse(body, { currency: 'GBP' })[0]).toMatchObject({ total_cost: '89.25', currency: 'EUR' });
  });

  it('turns a problem body answered with 200 into the carrier error', () => {
    const err = apiErrorOf(() => parseRateResponse(fixture('fixtures/rate_ErrorResponse.json')));
    expect(err).toMatchObject({ code: 'carrier_exception', message: 'Invalid postal code provided' });
  });

  it('answers no rates for an empty product list and keeps unknown products bookable by code', () => {
    expect(parseRateResponse({ products: [] })).toEqual([]);
    expect(
      parseRateResponse({
        products: [{ productCode: 'Z', totalPrice: [{ currencyType: 'BILLC', priceCurrency: 'EUR', price: 1 }] }],
      })[0],
    ).toMatchObject({ service_type: 'carrier_c_z', service_name: 'Z' });
    expect(parseRateResponse({ products: [{ productCode: 'P', totalPrice: [] }] })).toEqual([]);
  });
});
