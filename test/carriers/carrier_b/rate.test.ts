/** carrier_b rating: the request against the recorded one, the answers against every recorded response. */
import { describe, expect, it } from 'vitest';
import { buildRateRequest, parseRateResponse } from '../../../src/carriers/carrier_b/rate.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { NOW, apiErrorOf, fixture, recordedRate } from './support.js';

describe.skipIf(fixturesMissing)('buildRateRequest against fixtures/rate_RateRequestData.json', () => {
  it('differs from the recorded request only where documented', () => {
    const { requestOption, body } = buildRateRequest(recordedRate, 'Your Account Number', NOW);
    expect(requestOption).toBe('Ratetimeintransit');
    // The recorded integration shops even with a service, prices every request with taxes and
    // declares an invoice total and package-level delivery confirmation domestically; we rate the
    // asked service, put DeliveryConfirmation at shipment level (Rating.yaml ShipmentServiceOptions),
    // declare InvoiceLineTotal only across borders, and name things by their Shipping.yaml names.
    expect(matchesRecorded(body, fixture('fixtures/rate_RateRequestData.json'))).toEqual([
      '$.RateRequest.Request.RequestOption: "Ratetimeintransit" ≠ "Shoptimeintransit"',
      '$.RateRequest.Request.TransactionReference.CustomerContext: "rate" ≠ "Your Customer Context"',
      '$.RateRequest.Shipment.DeliveryTimeInformation.Pickup.Date: "20261123" ≠ "20230227"',
      '$.RateRequest.Shipment.InvoiceLineTotal: expected an object',
      '$.RateRequest.Shipment.Package[0].PackageServiceOptions: expected an object',
      '$.RateRequest.Shipment.RatingMethodRequestedIndicator: undefined ≠ "Y"',
      '$.RateRequest.Shipment.Service.Description: "UPS Standard" ≠ "Weight"',
      '$.RateRequest.Shipment.ShipmentServiceOptions.AvailableServicesOption: undefined ≠ "3"',
      '$.RateRequest.Shipment.ShipmentTotalWeight.UnitOfMeasurement.Description: "Weight" ≠ "Dimension"',
      '$.RateRequest.Shipment.TaxInformationIndicator: undefined ≠ "Y"',
    ]);
  });

  it('fixtures/rate_RateRequestWithPackagePresetData.json (CA → US): the same choices, and no contact names for rating', () => {
    const req = {
      ...recordedRate,
      sender: { street1: 'Address Line', city: 'Montreal', postal_code: 'H3N1S4', country: 'CA', name: 'Shipper Name' },
      recipient: {
        street1: 'Address Line',
        city: 'Las Vegas',
        state: 'StateProvinceCode',
        postal_code: '89109',
        country: 'US',
        name: 'Ship To Name',
      },
      packages: [{ weight: 4, length: 1.5, width: 16, height: 11.75 }],
      packaging: 'your_packaging',
      dim_units: 'IN' as const,
      weight_units: 'LB' as const,
      special_services: [],
      currency: 'USD',
    };
    expect(
      matchesRecorded(
        buildRateRequest(req, 'Your Account Number', NOW).body,
        fixture('fixtures/rate_RateRequestWithPackagePresetData.json'),
      ),
    ).toEqual([
      '$.RateRequest.Request.RequestOption: "Ratetimeintransit" ≠ "Shoptimeintransit"',
      '$.RateRequest.Request.TransactionReference.CustomerContext: "rate" ≠ "Your Customer Context"',
      // No declared value: we declare what the packages are worth, nothing.
      '$.RateRequest.Shipment.InvoiceLineTotal.MonetaryValue: "0.0" ≠ "1.0"',
      '$.RateRequest.Shipment.RatingMethodRequestedIndicator: undefined ≠ "Y"',
      '$.RateRequest.Shipment.Service.Description: "UPS Standard" ≠ "Weight"',
      '$.RateRequest.Shipment.ShipFrom.AttentionName: undefined ≠ "Shipper Name"',
      '$.RateRequest.Shipment.ShipTo.AttentionName: undefined ≠ "Ship To Name"',
      '$.RateRequest.Shipment.ShipmentTotalWeight.UnitOfMeasurement.Description: "Weight" ≠ "Dimension"',
      '$.RateRequest.Shipment.Shipper.AttentionName: undefined ≠ "Shipper Name"',
      '$.RateRequest.Shipment.TaxInformationIndicator: undefined ≠ "Y"',
    ]);
  });

  it('shops without a service, without transit times on no_transit_times, and refuses foreign slugs', () => {
    expect(buildRateRequest({ ...recordedRate, service: undefined }, '1', NOW).requestOption).toBe('Shoptimeintransit');
    const plain = buildRateRequest(
      { ...recordedRate, service: undefined, special_services: ['no_transit_times'] },
      '1',
      NOW,
    );
    expect(plain.requestOption).toBe('Shop');
    expect(plain.body.RateRequest.Shipment.DeliveryTimeInformation).toBeUndefined();
    expect(apiErrorOf(() => buildRateRequest({ ...recordedRate, service: 'carrier_a_ground' }, '1', NOW)).code).toBe(
      'schema_validation_error',
    );
    expect(apiErrorOf(() => buildRateRequest({ ...recordedRate, packaging: 'carrier_a_box' }, '1', NOW)).detail).toBe(
      'shipment.packaging',
    );
    expect(apiErrorOf(() => buildRateRequest({ ...recordedRate, special_services: ['cod'] }, '1', NOW)).detail).toBe(
      'shipment.special_services',
    );
  });

  it('writes indicators, restricted articles and money as UPS strings', () => {
    const { body } = buildRateRequest(
      {
        ...recordedRate,
        recipient: { ...recordedRate.recipient, country: 'US', residential: true },
        special_services: ['saturday_delivery', 'tobacco'],
        packages: [{ weight: 1.234, value: 12.5 }],
        currency: 'CAD',
      },
      '1',
      NOW,
    );
    const s = body.RateRequest.Shipment;
    expect(s.ShipmentServiceOptions).toEqual({
      SaturdayDeliveryIndicator: '',
      RestrictedArticles: { TobaccoIndicator: '' },
    });
    expect(s.Package[0]?.PackageWeight.Weight).toBe('1.23');
    expect(s.Package[0]?.PackageServiceOptions?.DeclaredValue).toEqual({ CurrencyCode: 'CAD', MonetaryValue: '12.5' });
    expect(s.InvoiceLineTotal).toEqual({ CurrencyCode: 'CAD', MonetaryValue: '12.5' });
    expect(s.ShipTo.Address.ResidentialAddressIndicator).toBe('Y');
    expect(s.Shipper.Address.AddressLine?.[1]).toHaveLength(35);
  });
});

describe.skipIf(fixturesMissing)('parseRateResponse', () => {
  it('fixtures/rate_RateResponseJSON.json: negotiated totals with taxes, transit and arrival', () => {
    const rates = parseRateResponse(fixture('fixtures/rate_RateResponseJSON.json'));
    expect(
      rates.map((r) => [r.service_type, r.total_cost, r.currency, r.transit_days, r.estimated_date, r.delivery_day]),
    ).toEqual([
      ['carrier_b_next_day_air_early', '344.00', 'CAD', 1, '2025-05-27', 'TUE'],
      ['carrier_b_next_day_air', '303.48', 'CAD', 1, '2025-05-27', 'TUE'],
      ['carrier_b_next_day_air_saver', '271.07', 'CAD', 1, '2025-05-27', 'TUE'],
      ['carrier_b_second_day_air', '257.41', 'CAD', 2, '2025-05-28', 'WED'],
      ['carrier_b_standard', '132.84', 'CAD', 6, '2025-06-04', 'WED'],
    ]);
    // UPS codes name other products outside the US (01 is "UPS Express" from Canada): the name is
    // UPS's own, the slug is the code's, so the rate books as it is.
    expect(rates.map((r) => r.service_name)).toEqual([
      'UPS Express Early',
      'UPS Express',
      'UPS Express Saver',
      'UPS Expedited',
      'UPS Standard',
    ]);
  });

  it('fixtures/rate_RateResponseJSON.json with list_rates: UPS’s published totals', () => {
    const rates = parseRateResponse(fixture('fixtures/rate_RateResponseJSON.json'), { preferList: true });
    expect(rates[0]?.total_cost).toBe('347.47');
  });

  it('fixtures/rate_FRRateResponseJSON.json: EUR negotiated totals with TVA (single objects inside)', () => {
    const rates = parseRateResponse(fixture('fixtures/rate_FRRateResponseJSON.json'));
    expect(rates.map((r) => [r.service_type, r.total_cost, r.currency])).toEqual([
      ['carrier_b_express', '18.13', 'EUR'],
      ['carrier_b_saver', '14.96', 'EUR'],
      ['carrier_b_standard', '11.25', 'EUR'],
    ]);
  });

  it('samples/rating_responses.json: priced answers parse, schema placeholders ("string") give no rate', () => {
    const samples = fixture<unknown[]>('samples/rating_responses.json');
    expect(samples.map((s) => parseRateResponse(s).length)).toEqual([0, 4, 0, 6, 0, 5]);
    expect(parseRateResponse(samples[1])[0]).toMatchObject({
      service_type: 'carrier_b_next_day_air',
      total_cost: '29.50',
      currency: 'CAD',
      estimated_date: '2024-09-12',
      delivery_day: 'THU',
    });
  });

  it('reads one RatedShipment object, a missing TotalCharges, and never turns a missing amount into 0.00', () => {
    const one = {
      RateResponse: {
        Response: { ResponseStatus: { Code: '1' } },
        RatedShipment: {
          Service: { Code: '03' },
          NegotiatedRateCharges: { TotalCharge: { CurrencyCode: 'USD', MonetaryValue: '9.10' } },
        },
      },
    };
    expect(parseRateResponse(one)).toEqual([
      { service_type: 'carrier_b_ground', service_name: 'Ground', total_cost: '9.10', currency: 'USD' },
    ]);
    const negotiatedOnlyAmount = {
      RateResponse: {
        RatedShipment: [
          {
            Service: { Code: '03' },
            TotalCharges: { CurrencyCode: 'USD', MonetaryValue: '12.00' },
            NegotiatedRateCharges: { TotalCharge: { MonetaryValue: '10.00' } },
          },
        ],
      },
    };
    expect(parseRateResponse(negotiatedOnlyAmount)[0]).toMatchObject({ total_cost: '10.00', currency: 'USD' });
    const nothing = { RateResponse: { RatedShipment: [{ Service: { Code: '03' }, NegotiatedRateCharges: {} }] } };
    expect(parseRateResponse(nothing)).toEqual([]);
  });

  it('UPS errors and failed statuses become ApiErrors', () => {
    expect(apiErrorOf(() => parseRateResponse(fixture('samples/error_response.json'))).code).toBe(
      'carrier_authentication',
    );
    expect(
      apiErrorOf(() =>
        parseRateResponse({ RateResponse: { Response: { ResponseStatus: { Code: '0', Description: 'Failure' } } } }),
      ).message,
    ).toBe('Failure');
    expect(apiErrorOf(() => parseRateResponse({ RateResponse: {} })).code).toBe('carrier_http_exception');
  });
});
