/** dhl_parcel_de pickups: the Pickup API v3 bodies against the recorded requests, the recorded answers parsed, dates under a fixed clock. */
import { describe, expect, it } from 'vitest';
import type { PickupRequest } from '../../../src/domain/types.js';
import {
  buildPickupCancelRequest,
  buildPickupRequest,
  parsePickupCancelResponse,
  parsePickupResponse,
  pickupDateOf,
} from '../../../src/carriers/dhl_parcel_de/pickup.js';
import { parseErrorResponse } from '../../../src/carriers/dhl_parcel_de/errors.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture, fixtureText, NOW } from './support.js';

/** The recorded pickups' place and contact as Waybill takes them. */
const pickup = (date: string, overrides: Partial<PickupRequest> = {}): PickupRequest => ({
  shipping_account: 'sa_1',
  carrier: 'dhl_parcel_de',
  location: {
    name: 'Maxi Mustermann',
    street1: 'Charles-de-Gaulle-Str. 20',
    city: 'Bonn',
    postal_code: '53113',
    country: 'DE',
    phone: '015155555',
    email: 'maxi@post.de',
  },
  shipments: [{ packages: [{ weight: 5 }] }],
  time: { date, ready_time: '09:00', close_time: '17:00' },
  dim_units: 'CM',
  weight_units: 'KG',
  description: 'Test API pickup',
  ...overrides,
});
const BILLING = '22222222220801';

describe.skipIf(fixturesMissing)('buildPickupRequest against recorded requests', () => {
  it('matches fixtures/pickup_PickupRequest.json exactly (a fixed date)', () => {
    const body = buildPickupRequest(pickup('2099-04-21'), BILLING, NOW);
    expect(matchesRecorded(body, fixture('fixtures/pickup_PickupRequest.json'))).toEqual([]);
    expect(body).toEqual(fixture('fixtures/pickup_PickupRequest.json'));
  });

  it('matches fixtures/pickup_PickupRequestASAP.json exactly: a pickup for today goes as ASAP', () => {
    // NOW is Friday 2026-11-27, 11:00 in Germany.
    const body = buildPickupRequest(
      pickup('2026-11-27', { shipments: [{ packages: [{ weight: 2 }] }], description: 'Test API pickup ASAP' }),
      BILLING,
      NOW,
    );
    expect(body).toEqual(fixture('fixtures/pickup_PickupRequestASAP.json'));
  });

  it('sends one PAKET per parcel, the company as name1, and no contact notifications without an email', () => {
    const location = {
      company: 'Shop GmbH',
      name: 'Max',
      street1: 'Sträßchensweg 10',
      city: 'Bonn',
      postal_code: '53113',
      country: 'DE',
      phone: '0228 1234567',
    };
    const body = buildPickupRequest(
      pickup('2026-11-30', {
        location,
        shipments: [
          {
            packages: [
              { weight: 1, quantity: 2 },
              { weight: 500, quantity: 1 },
            ],
          },
        ],
        weight_units: 'LB',
        description: undefined,
      }),
      BILLING,
      NOW,
    );
    expect(body.shipmentDetails.shipments).toHaveLength(3);
    expect(body.pickupLocation.pickupAddress).toEqual({
      name1: 'Shop GmbH',
      name2: 'Max',
      addressStreet: 'Sträßchensweg',
      addressHouse: '10',
      postalCode: '53113',
      city: 'Bonn',
      country: 'DE',
    });
    expect(body.contactPerson).toEqual([{ name: 'Max', phone: '0228 1234567' }]);
    expect(body.pickupDetails).toEqual({
      pickupDate: { type: 'Date', value: '2026-11-30' },
      totalWeight: { uom: 'g', value: 227704 },
    });
    expect(
      apiErrorOf(() =>
        buildPickupRequest(pickup('2026-11-30', { location: { ...location, country: 'AT' } }), BILLING, NOW),
      ).detail,
    ).toBe('pickup.location.country');
  });
});

describe('pickupDateOf under a fixed clock, every day of a week', () => {
  // Monday 2026-11-23 … Sunday 2026-11-29, the clock at 10:00 UTC (11:00 in Germany).
  const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
  const next = (d: string, n: number) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const outcome = (date: string, now: Date) => {
    try {
      return pickupDateOf(date, now);
    } catch (err) {
      return (err as Error).message;
    }
  };

  it.each(week.map((d, i) => [d, i] as const))(
    'today %s: today ASAP on working days, later working days by date, weekends and the past refused',
    (today, i) => {
      const now = new Date(`${today}T10:00:00Z`);
      const weekend = i >= 5;
      expect(outcome(today, now)).toEqual(
        weekend ? expect.stringContaining('picks up Monday to Friday') : { type: 'ASAP' },
      );
      const tomorrow = next(today, 1);
      const tomorrowWeekend = i === 4 || i === 5;
      expect(outcome(tomorrow, now)).toEqual(
        tomorrowWeekend
          ? expect.stringContaining(i === 4 ? 'is a Saturday' : 'is a Sunday')
          : { type: 'Date', value: tomorrow },
      );
      expect(outcome(next(today, -1), now)).toContain('is in the past in Germany');
      expect(outcome(next(today, 7), now)).toEqual(
        weekend ? expect.stringContaining('picks up Monday to Friday') : { type: 'Date', value: next(today, 7) },
      );
    },
  );

  it("takes Germany's date, not UTC's: Sunday 23:30 UTC is Monday in Germany", () => {
    expect(pickupDateOf('2026-11-30', new Date('2026-11-29T23:30:00Z'))).toEqual({ type: 'ASAP' });
  });
});

describe.skipIf(fixturesMissing)('pickup answers against recorded payloads', () => {
  it('reads fixtures/pickup_PickupResponse.json: the orderID and the date DHL confirmed', () => {
    expect(parsePickupResponse(fixture('fixtures/pickup_PickupResponse.json'), pickup('2026-01-29'))).toEqual({
      confirmation_number: '837624af601a4fab9550e20e746cb1fe',
      currency: 'EUR',
      pickup_date: '2026-01-29',
      ready_time: '09:00',
      close_time: '17:00',
    });
  });

  it('sends fixtures/pickup_PickupCancelRequest.json as the query and reads pickup_PickupCancelResponse.json', () => {
    const recorded = fixture<{ orderID: string }>('fixtures/pickup_PickupCancelRequest.json');
    // The recording writes the query as an object; DELETE /orders takes it as query parameters.
    expect(Object.fromEntries(buildPickupCancelRequest({ confirmation_number: recorded.orderID }))).toEqual(recorded);
    expect(parsePickupCancelResponse(fixture('fixtures/pickup_PickupCancelResponse.json'), recorded.orderID)).toEqual({
      message: 'Order successfully cancelled',
    });
  });

  it("turns fixtures/pickup_PickupErrorResponse.json into DHL's message and property", () => {
    const err = parseErrorResponse(422, fixtureText('fixtures/pickup_PickupErrorResponse.json'));
    expect(err.message).toBe('customerDetails.billingNumber: Unknown billingnumber');
    expect(err.detail).toBe(
      'dhl_parcel_de HTTP 422 Validation failed; properties: customerDetails.billingNumber; codes: 456',
    );
  });

  it("answers a failed cancellation with DHL's words, bodies of the wrong shape with carrier_http_exception", () => {
    const failed = {
      confirmedCancellations: [],
      failedCancellations: [
        { orderID: 'x'.repeat(32), orderState: 'IN_DURCHFUEHRUNG', message: 'Order can no longer be cancelled' },
      ],
    };
    expect(apiErrorOf(() => parsePickupCancelResponse(failed, 'x'.repeat(32)))).toMatchObject({
      code: 'carrier_exception',
      message: 'Order can no longer be cancelled',
    });
    for (const body of [null, {}, { confirmedCancellations: [] }])
      expect(apiErrorOf(() => parsePickupCancelResponse(body, 'a')).code).toBe('carrier_http_exception');
    for (const body of [null, {}, { confirmation: { type: 'VALIDATION', value: { pickupDate: '2026-01-29' } } }])
      expect(apiErrorOf(() => parsePickupResponse(body)).code).toBe('carrier_http_exception');
    // The API's documented 422: an array of errors.
    expect(
      parseErrorResponse(422, '[{"errorCode":4711,"title":"Validation failed","detail":"pickupDate invalid"}]').detail,
    ).toBe('dhl_parcel_de HTTP 422 Validation failed; errorCode: 4711');
  });
});
