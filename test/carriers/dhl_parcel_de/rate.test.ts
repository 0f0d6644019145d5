/** dhl_parcel_de rating from the published price list: the list against the carrier's own, and the bands it picks. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_PRICES } from '../../../src/carriers/dhl_parcel_de/codes-prices.js';
import { buildRateRequest, parseRateResponse } from '../../../src/carriers/dhl_parcel_de/rate.js';
import { fixturePath, fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, request } from './support.js';

const rate = (overrides: Parameters<typeof request>[0] = {}) =>
  parseRateResponse(PUBLISHED_PRICES, buildRateRequest(request({ service: undefined, ...overrides })));

describe.skipIf(fixturesMissing)('the published price list', () => {
  it('holds every row of vendor/services.csv, in its order', () => {
    const [, ...rows] = readFileSync(fixturePath('dhl_parcel_de', 'vendor/services.csv'), 'utf8').trim().split('\n');
    // service_code, …, min_weight, max_weight, max_length, max_width, max_height, rate, currency, transit_days
    const parsed = rows.map((row) => {
      const cells = [...row.matchAll(/"([^"]*)"|([^,]+)|(?<=,)(?=,|$)/g)].map((m) => m[1] ?? m[2] ?? '');
      const [code, , , countries, min, max, l, w, h, price, currency, days] = cells;
      return {
        code,
        countries: countries ? countries.split(',') : [],
        band: [Number(min), Number(max)],
        cm: [Number(l), Number(w), Number(h)],
        price,
        currency,
        days,
      };
    });
    expect(
      PUBLISHED_PRICES.map((b) => ({
        code: b.product,
        countries: b.zone === 'world' ? [] : [...b.countries],
        band: [b.minKg, b.maxKg],
        cm: [...b.maxCm],
        price: b.price,
        currency: b.currency,
        days: b.transitDays.join('-'),
      })),
    ).toEqual(parsed.map((p) => ({ ...p, price: Number(p.price).toFixed(2) })));
  });
});

describe('parseRateResponse', () => {
  it('prices each parcel in its band, a band meeting the next at its limit taking the weight', () => {
    expect(rate({ packages: [{ weight: 5 }] }).map((r) => [r.service_type, r.total_cost])).toEqual([
      ['dhl_parcel_de_paket', '7.50'],
    ]);
    expect(rate({ packages: [{ weight: 5.001 }] }).map((r) => r.total_cost)).toEqual(['10.30']);
    expect(rate({ packages: [{ weight: 31.5 }] }).map((r) => r.total_cost)).toEqual(['19.97']);
  });

  it('offers a service only when every parcel fits it, and adds up the parcels', () => {
    const two = rate({
      packages: [
        { weight: 0.5, length: 20, width: 15, height: 4 },
        { weight: 0.9, length: 30, width: 20, height: 5 },
      ],
    });
    expect(two.map((r) => [r.service_type, r.total_cost])).toEqual([
      ['dhl_parcel_de_kleinpaket', '6.78'],
      ['dhl_parcel_de_paket', '15.00'],
    ]);
    const mixed = rate({ packages: [{ weight: 0.5, length: 20, width: 15, height: 4 }, { weight: 3 }] });
    expect(mixed.map((r) => r.service_type)).toEqual(['dhl_parcel_de_paket']);
  });

  it('names the list that priced it, in the service name and in price_list', () => {
    const [r] = parseRateResponse(PUBLISHED_PRICES, buildRateRequest(request({ service: 'dhl_parcel_de_paket' })));
    expect(r).toEqual({
      service_type: 'dhl_parcel_de_paket',
      service_name: 'DHL Paket (published price list)',
      total_cost: '7.50',
      currency: 'EUR',
      transit_days: 2,
      price_list: { source: 'published' },
    });
  });

  it('refuses a parcel over every band, a sender outside Germany and a country no zone serves', () => {
    const heavy = apiErrorOf(() => rate({ packages: [{ weight: 32 }] }));
    expect([heavy.code, heavy.detail]).toEqual(['schema_validation_error', 'packages[0]']);
    expect(heavy.message).toBe(
      "packages[0] (32 kg) is over every weight band or size limit of dhl_parcel_de's published price list to DE (at most 31.5 kg)",
    );
    expect(apiErrorOf(() => rate({ sender: { country: 'AT', city: 'Wien' } })).detail).toBe('sender.country');
    const domestic = PUBLISHED_PRICES.filter((b) => b.zone === 'domestic');
    const noZone = apiErrorOf(() =>
      parseRateResponse(
        domestic,
        buildRateRequest(request({ service: undefined, recipient: { country: 'FR', city: 'Paris' } })),
      ),
    );
    expect([noZone.code, noZone.message]).toEqual([
      'carrier_exception',
      "dhl_parcel_de's published price list has no service to FR",
    ]);
  });
});
