/** Rating against the recorded mailing scenarios and price quotes. */
import { describe, expect, it } from 'vitest';
import { buildRateRequest, parseRateResponse, sumRates } from '../../../src/carriers/canadapost/rate.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, requestDiff } from '../support.js';
import { account, fixture, request } from './support.js';

const scenario = (overrides: Parameters<typeof request>[0]) =>
  request({
    sender: { ...request().sender, postal_code: 'H8Z 2Z3' },
    recipient: { ...request().recipient, postal_code: 'h8z2v4' },
    ...overrides,
  });

describe.skipIf(fixturesMissing)('rating (POST /rs/ship/price)', () => {
  it('builds the recorded scenario; the differences are our units written with their decimals and the amount with cents', () => {
    const req = scenario({
      packages: [{ weight: 4, length: 10, width: 3, height: 3, value: 1000 }],
      special_services: ['signature', 'insurance'],
      ship_date: '2020-12-18',
    });
    expect(
      requestDiff(
        'mailing-scenario',
        buildRateRequest(req, req.packages[0]!, account),
        fixture('rate_RateRequestXML.json'),
      ),
    ).toEqual([
      '~/mailing-scenario/options/option[1]/option-amount: 1000.00 ≠ 1000',
      '~/mailing-scenario/parcel-characteristics/dimensions/height: 3.0 ≠ 3',
      '~/mailing-scenario/parcel-characteristics/dimensions/length: 10.0 ≠ 10',
      '~/mailing-scenario/parcel-characteristics/dimensions/width: 3.0 ≠ 3',
      '~/mailing-scenario/parcel-characteristics/weight: 4.000 ≠ 4',
    ]);
  });

  it('builds the other recorded scenarios (a preset package, a second parcel with a signature)', () => {
    const preset = scenario({
      service: 'canadapost_xpresspost',
      packages: [{ weight: 0.5, length: 1.5, width: 26, height: 15.9 }],
    });
    expect(
      requestDiff(
        'mailing-scenario',
        buildRateRequest(preset, preset.packages[0]!, account),
        fixture('rate_RateRequestUsingPackagePresetXML.json'),
      ),
    ).toEqual([
      '~/mailing-scenario/parcel-characteristics/dimensions/width: 26.0 ≠ 26',
      '~/mailing-scenario/parcel-characteristics/weight: 0.500 ≠ 0.5',
    ]);
    const second = scenario({
      service: 'canadapost_xpresspost',
      special_services: ['signature'],
      packages: [{ weight: 4, length: 10, width: 3, height: 3 }],
    });
    expect(
      requestDiff(
        'mailing-scenario',
        buildRateRequest(second, second.packages[0]!, account),
        fixture('rate_SecondParcelRateRequestXML.json'),
      ),
    ).toEqual([
      '~/mailing-scenario/parcel-characteristics/dimensions/height: 3.0 ≠ 3',
      '~/mailing-scenario/parcel-characteristics/dimensions/length: 10.0 ≠ 10',
      '~/mailing-scenario/parcel-characteristics/dimensions/width: 3.0 ≠ 3',
      '~/mailing-scenario/parcel-characteristics/weight: 4.000 ≠ 4',
    ]);
  });

  it('reads every recorded quote: the due amount (taxes included) in CAD, transit and delivery date', () => {
    const rates = parseRateResponse(fixture('rate_RateResponseXML.xml'));
    expect(rates.map((r) => [r.service_type, r.total_cost])).toEqual([
      ['canadapost_expedited_parcel', '10.21'],
      ['canadapost_priority', '25.20'],
      ['canadapost_regular_parcel', '10.21'],
      ['canadapost_xpresspost', '13.64'],
    ]);
    expect(rates[0]).toEqual({
      service_type: 'canadapost_expedited_parcel',
      service_name: 'Expedited Parcel',
      total_cost: '10.21',
      currency: 'CAD',
      transit_days: 2,
      estimated_date: '2011-10-24',
    });
  });

  it('reads the recorded refusals as carrier_exception in Canada Post’s words', async () => {
    const missing = await apiErrorOf(() => parseRateResponse(fixture('rate_RatingMissingArgsErrorXML.xml')));
    expect(missing).toMatchObject({ code: 'carrier_exception', detail: 'canadapost HTTP 400; code Server' });
    expect(missing.message).toContain('/rs/ship/price: cvc-particle 3.1');
    const mobo = await apiErrorOf(() => parseRateResponse(fixture('rate_RatingParsingErrorXML.xml')));
    expect(mobo).toMatchObject({
      code: 'carrier_authentication',
      message: 'You cannot mail on behalf of the requested customer.',
    });
  });

  it('sums parcels for the services quoted for every one', () => {
    const a = [
      { service_type: 'x', service_name: 'X', total_cost: '10.10', currency: 'CAD', estimated_date: '2026-12-01' },
      { service_type: 'y', service_name: 'Y', total_cost: '1.00', currency: 'CAD' },
    ];
    const b = [
      { service_type: 'x', service_name: 'X', total_cost: '5.05', currency: 'CAD', estimated_date: '2026-12-02' },
    ];
    expect(sumRates([a, b])).toEqual([
      { service_type: 'x', service_name: 'X', total_cost: '15.15', currency: 'CAD', estimated_date: '2026-12-02' },
    ]);
  });

  it('refuses a sender outside Canada and an unknown service before any call', async () => {
    const req = request({ sender: { ...request().sender, country: 'US' } });
    expect((await apiErrorOf(() => buildRateRequest(req, req.packages[0]!, account))).detail).toBe(
      'shipment.sender.country',
    );
    const other = request({ service: 'carrier_a_ground' });
    expect((await apiErrorOf(() => buildRateRequest(other, other.packages[0]!, account))).code).toBe(
      'schema_validation_error',
    );
  });
});
