/** Rating against the recorded PostageRate(s)Request/Response samples (ELS guide 8-*, 9-*; tehpeh). */
import { describe, expect, it } from 'vitest';
import { buildRateRequest, parseRateResponse, sumPackageRates } from '../../../src/carriers/carrier_d_reseller/rate.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, creds, request, requestDiff, sample } from './support.js';

const guide = { requesterId: 'abcd', accountId: '123456', passPhrase: 'samplePassPhrase' };

describe.skipIf(fixturesMissing)('buildRateRequest against the guide’s requests', () => {
  const req = request({
    packages: [{ weight: 8.7 / 16 }],
    special_services: ['signature_confirmation'],
    sender: { country: 'US', postal_code: '95747' },
    recipient: { country: 'US', postal_code: '94301' },
  });

  it('one class (listing 8-1): we ask for transit information and leave Machinable to its default', () => {
    expect(
      requestDiff(
        'PostageRateRequest',
        buildRateRequest(req, req.packages[0]!, guide),
        sample('els-guide-v7.0-2013__PostageRateRequest__listing-8-1.xml'),
      ),
    ).toEqual([
      '+/PostageRateRequest/DeliveryTimeDays = TRUE',
      '+/PostageRateRequest/EstimatedDeliveryDate = TRUE',
      '-/PostageRateRequest/Machinable = True',
      '-/PostageRateRequest/Services/@DeliveryConfirmation = OFF',
    ]);
  });

  it('every class (listing 9-1): MailClass Domestic', () => {
    const all = {
      ...req,
      service: undefined,
      sender: { country: 'US', postal_code: '94306' },
      recipient: { country: 'US', postal_code: '20260' },
    };
    expect(
      requestDiff(
        'PostageRatesRequest',
        buildRateRequest(all, all.packages[0]!, guide),
        sample('els-guide-v7.0-2013__PostageRatesRequest__listing-9-1.xml'),
      ),
    ).toEqual([
      '+/PostageRatesRequest/DeliveryTimeDays = TRUE',
      '+/PostageRatesRequest/EstimatedDeliveryDate = TRUE',
      '-/PostageRatesRequest/Machinable = True',
      '-/PostageRatesRequest/Services/@DeliveryConfirmation = OFF',
    ]);
  });
});

describe('buildRateRequest', () => {
  it('rates international destinations with the International family, country code and contents type', () => {
    const r = buildRateRequest(
      request({
        service: undefined,
        recipient: { country: 'ca', postal_code: 'V6E 2M6' },
        purpose_of_shipment: 'gift',
      }),
      { weight: 2 },
      creds,
    );
    expect(r).toMatchObject({
      MailClass: 'International',
      ToCountryCode: 'CA',
      ToPostalCode: 'V6E 2M6',
      ContentsType: 'Gift',
      WeightOz: '32',
    });
    expect(r.ResponseOptions).toBeUndefined();
    expect(buildRateRequest(request({ ship_date: '2026-11-23' }), { weight: 0 }, creds)).toMatchObject({
      ShipDate: '11/23/2026',
      WeightOz: '0.1',
      ResponseOptions: { '@_PostagePrice': 'TRUE' },
    });
  });

  it('refuses services and packaging outside the catalog', async () => {
    expect(
      (await apiErrorOf(() => buildRateRequest(request({ service: 'carrier_a_ground' }), { weight: 1 }, creds))).detail,
    ).toBe('shipment.service');
    expect(
      (await apiErrorOf(() => buildRateRequest(request({ packaging: 'tube' }), { weight: 1 }, creds))).detail,
    ).toBe('shipment.packaging');
  });
});

describe.skipIf(fixturesMissing)('parseRateResponse against recorded responses', () => {
  it('reads every class of tehpeh postage_rates_success by MailClass', () => {
    const rates = parseRateResponse(sample('tehpeh__postage_rates_success.xml'));
    expect(rates.map((r) => [r.service_type, r.total_cost])).toEqual([
      ['first', '1.93'],
      ['priority', '6.51'],
      ['priority_express', '27.68'],
      ['library_mail', '2.56'],
      ['media_mail', '2.69'],
      ['parcel_select', '6.68'],
    ]);
    expect(rates[0]).toEqual({
      service_type: 'first',
      service_name: 'First-Class Mail',
      total_cost: '1.93',
      currency: 'USD',
    });
  });

  it('reads the guide’s listing 9-2, which names classes only by MailService, fees included', () => {
    expect(
      parseRateResponse(sample('els-guide-v7.0-2013__PostageRatesResponse__listing-9-2.xml')).map((r) => [
        r.service_type,
        r.total_cost,
      ]),
    ).toEqual([
      ['first', '4.53'],
      ['priority', '7.39'],
      ['priority_express', '24.97'],
      ['library_mail', '4.21'],
      ['media_mail', '4.33'],
      ['retail_ground', '6.85'],
    ]);
  });

  it('reads a single class from PostagePrice (listing 8-2) and from the older Postage/Rate (tehpeh)', () => {
    expect(parseRateResponse(sample('els-guide-v7.0-2013__PostageRateResponse__listing-8-2.xml'), 'Priority')).toEqual([
      { service_type: 'priority', service_name: 'Priority Mail', total_cost: '7.39', currency: 'USD' },
    ]);
    expect(parseRateResponse(sample('tehpeh__postage_rate_success.xml'), 'PriorityExpress')).toEqual([
      { service_type: 'priority_express', service_name: 'Priority Mail Express', total_cost: '27.68', currency: 'USD' },
    ]);
  });

  it('reads transit days and the estimated date when asked for', () => {
    const body =
      '<PostageRatesResponse xmlns="www.envmgr.com/LabelService"><Status>0</Status><PostagePrice TotalAmount="9.1"><MailClass>GroundAdvantage</MailClass><Postage TotalAmount="9.1"><MailService>USPS Ground Advantage</MailService></Postage><DeliveryTimeDays>4</DeliveryTimeDays><EstimatedDeliveryDate>11/26/2026</EstimatedDeliveryDate></PostagePrice></PostageRatesResponse>';
    expect(parseRateResponse(body)).toEqual([
      {
        service_type: 'ground_advantage',
        service_name: 'USPS Ground Advantage',
        total_cost: '9.10',
        currency: 'USD',
        transit_days: 4,
        estimated_date: '2026-11-26',
      },
    ]);
  });

  it('answers Status ≠ 0 as the carrier’s error and refuses other documents', async () => {
    const err = await apiErrorOf(() =>
      parseRateResponse(
        '<PostageRatesResponse><Status>308</Status><ErrorMessage>Invalid destination ZIP code. Error encountered (Log ID: 1)</ErrorMessage></PostageRatesResponse>',
      ),
    );
    expect(err).toMatchObject({
      code: 'carrier_exception',
      message: 'recipient postal code: Invalid destination ZIP code. Error encountered (Log ID: 1)',
      detail: 'carrier_d_reseller status 308',
    });
    expect((await apiErrorOf(() => parseRateResponse(sample('tehpeh__postage_rate_success.xml')))).code).toBe(
      'carrier_http_exception',
    );
    expect(
      (await apiErrorOf(() => parseRateResponse('<PostageRatesResponse><Status>0</Status></PostageRatesResponse>')))
        .code,
    ).toBe('carrier_http_exception');
  });
});

describe('sumPackageRates', () => {
  it('offers the services every package can take, at the sum, with the slowest transit', () => {
    const a = [
      {
        service_type: 'priority',
        service_name: 'P',
        total_cost: '7.10',
        currency: 'USD',
        transit_days: 2,
        estimated_date: '2026-11-24',
      },
      { service_type: 'first', service_name: 'F', total_cost: '3.00', currency: 'USD' },
    ];
    const b = [
      {
        service_type: 'priority',
        service_name: 'P',
        total_cost: '9.25',
        currency: 'USD',
        transit_days: 3,
        estimated_date: '2026-11-25',
      },
    ];
    expect(sumPackageRates([a, b])).toEqual([
      {
        service_type: 'priority',
        service_name: 'P',
        total_cost: '16.35',
        currency: 'USD',
        transit_days: 3,
        estimated_date: '2026-11-25',
      },
    ]);
    expect(sumPackageRates([])).toEqual([]);
  });
});
