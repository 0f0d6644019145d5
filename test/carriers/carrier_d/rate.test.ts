import { describe, expect, it } from 'vitest';
import { buildRateRequest, parseRateResponse, pricedOptions } from '../../../src/carriers/carrier_d/rate.js';
import type { ShipmentRequest } from '../../../src/domain/types.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture, NOW, recordedShipment } from './support.js';

const account = { accountNumber: 'Your Account Number', accountType: 'EPS' };
const all: ShipmentRequest = { ...recordedShipment, service: undefined, packaging: 'your_packaging' };

describe.skipIf(fixturesMissing)('carrier_d rates against the recorded payloads', () => {
  it('differs from the recorded request as the two APIs differ, and only so', () => {
    // The recording is a shipping-options search (pricingOptions + packageDescription); we use
    // total-rates/search, whose TotalRatesQuery has the same ingredients flat (domestic-prices.yaml).
    const [search] = buildRateRequest(
      { ...recordedShipment, service: 'parcel_select', special_services: ['certified_mail'] },
      account,
      NOW,
    );
    expect(search?.international).toBe(false);
    expect(matchesRecorded(search?.body, fixture<unknown[]>('fixtures/rate_RateRequest.json')[0])).toEqual([
      '$.destinationEntryFacilityType: undefined ≠ "NONE"',
      '$.packageDescription: expected an object',
      '$.pricingOptions: expected an array',
    ]);
    expect(search?.body).toEqual({
      originZIPCode: '29440',
      destinationZIPCode: '73108',
      weight: 44.09,
      length: 19.69,
      width: 4.72,
      height: 19.69,
      mailClass: 'PARCEL_SELECT',
      priceType: 'COMMERCIAL',
      mailingDate: '2024-07-28',
      accountType: 'EPS',
      accountNumber: 'Your Account Number',
      extraServices: [910],
    });
  });

  it('reads every priced option of the recorded answer, with its four price inputs', () => {
    const options = pricedOptions(fixture('fixtures/rate_RateResponse.json'));
    expect(options).toHaveLength(12);
    expect(options[0]).toEqual({
      mailClass: 'LIBRARY_MAIL',
      processingCategory: 'NONSTANDARD',
      rateIndicator: 'SP',
      destinationEntryFacilityType: 'NONE',
      price: 42.74,
      transitDays: 7,
      estimatedDate: '2025-06-06',
    });
  });

  it('answers the cheapest option per mail class, named by the composite that books it exactly', () => {
    const rates = parseRateResponse([{ packageIndex: 0, body: fixture('fixtures/rate_RateResponse.json') }], all);
    expect(rates.map((r) => [r.service_type, r.total_cost, r.transit_days, r.estimated_date])).toEqual([
      ['priority_mail_express|padded_flat_rate_envelope|machinable|none', '32.25', 2, '2025-05-31'],
      ['library_mail', '42.74', 7, '2025-06-06'],
      ['media_mail', '45.13', 7, '2025-06-06'],
      ['carrier_d_ground_advantage|your_packaging|nonmachinable|none', '151.85', 4, '2025-06-03'],
      ['priority_mail|your_packaging|nonmachinable|none', '184.00', 2, '2025-06-02'],
    ]);
    for (const r of rates) expect(r.currency).toBe('USD');
  });

  it('reads the sample answer (samples/rate_response.json)', () => {
    const rates = parseRateResponse([{ packageIndex: 0, body: fixture('samples/rate_response.json') }], all);
    expect(rates).toEqual([
      {
        service_type: 'library_mail',
        service_name: 'Library Mail',
        total_cost: '5.82',
        currency: 'USD',
        transit_days: 7,
        estimated_date: '2025-06-04',
        delivery_day: 'WED',
      },
    ]);
  });

  it('keeps only the exact option for a composite, and none when USPS did not price it', () => {
    const body = fixture('fixtures/rate_RateResponse.json');
    const pme = parseRateResponse([{ packageIndex: 0, body }], {
      ...all,
      service: 'priority_mail_express|padded_flat_rate_envelope|machinable|none',
    });
    expect(pme.map((r) => r.total_cost)).toEqual(['32.25']);
    expect(
      parseRateResponse([{ packageIndex: 0, body }], {
        ...all,
        service: 'parcel_select|your_packaging|machinable|ddu',
      }),
    ).toEqual([]);
  });

  it('turns USPS error bodies into the carrier’s error', () => {
    expect(apiErrorOf(() => pricedOptions(fixture('samples/error_response.json'))).code).toBe('carrier_exception');
  });
});

describe('carrier_d rate requests', () => {
  const domestic: ShipmentRequest = {
    ...recordedShipment,
    service: undefined,
    packages: [{ weight: 1 }, { weight: 2 }],
    dim_units: 'IN',
    weight_units: 'LB',
  };

  it('asks for every domestic class in one search per package', () => {
    const searches = buildRateRequest(domestic, account, NOW);
    expect(searches.map((s) => s.packageIndex)).toEqual([0, 1]);
    expect((searches[0]?.body as { mailClasses?: string[] }).mailClasses).toContain('USPS_GROUND_ADVANTAGE');
  });

  it('asks international prices per mail class, with list prices when asked', () => {
    const searches = buildRateRequest(
      {
        ...domestic,
        packages: [{ weight: 1 }],
        recipient: { city: 'Toronto', postal_code: 'M5V 2T6', country: 'CA' },
        special_services: ['list_rates'],
      },
      account,
      NOW,
    );
    expect(searches.map((s) => (s.body as { mailClass: string }).mailClass)).toEqual([
      'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE',
      'PRIORITY_MAIL_INTERNATIONAL',
      'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
    ]);
    expect(searches[0]).toMatchObject({
      international: true,
      body: { destinationCountryCode: 'CA', foreignPostalCode: 'M5V 2T6', priceType: 'RETAIL' },
    });
  });

  it('sums the packages and drops services not priced for all of them', () => {
    const option = (mailClass: string, price: number) => ({
      totalPrice: price,
      rates: [
        { mailClass, processingCategory: 'MACHINABLE', rateIndicator: 'SP', destinationEntryFacilityType: 'NONE' },
      ],
    });
    const rates = parseRateResponse(
      [
        { packageIndex: 0, body: { rateOptions: [option('PRIORITY_MAIL', 10), option('MEDIA_MAIL', 4)] } },
        { packageIndex: 1, body: { rateOptions: [option('PRIORITY_MAIL', 12.5)] } },
      ],
      domestic,
    );
    expect(rates.map((r) => [r.service_type, r.total_cost])).toEqual([['priority_mail', '22.50']]);
  });

  it('refuses ZIP-less addresses, services of the wrong kind and values it cannot price', () => {
    expect(
      apiErrorOf(() =>
        buildRateRequest({ ...domestic, sender: { ...domestic.sender, postal_code: 'SW1' } }, account, NOW),
      ).detail,
    ).toBe('shipment.sender.postal_code');
    expect(
      apiErrorOf(() => buildRateRequest({ ...domestic, service: 'priority_mail_international' }, account, NOW)).code,
    ).toBe('schema_validation_error');
    expect(
      apiErrorOf(() => buildRateRequest({ ...domestic, service: 'priority_mail|tube|machinable|none' }, account, NOW))
        .code,
    ).toBe('schema_validation_error');
  });
});
