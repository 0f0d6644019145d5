/** The carrier_b emulator on its own: tracking on the emulator clock, pickups, service centers, faults. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shipBody, startUps, type UpsClient } from './carrier_b.support.js';
import { HOUR, at } from './support.js';

const DAY = 24 * HOUR;
let ups: UpsClient;
beforeAll(async () => {
  ups = await startUps();
});
afterAll(() => ups.close());

const errorsOf = (json: unknown) => (at(json, 'response.errors') as { code: string }[] | undefined)?.map((e) => e.code);
const book = async () =>
  String(
    at(
      (await ups.call('POST', '/api/shipments/v2409/ship', shipBody())).json,
      'ShipmentResponse.ShipmentResults.ShipmentIdentificationNumber',
    ),
  );
const track = (n: string) => ups.call('GET', `/api/track/v1/details/${n}?locale=en_US`);
const activity = (json: unknown) =>
  at(json, 'trackResponse.shipment.0.package.0.activity') as Record<string, unknown>[];

describe('Tracking', () => {
  it('starts with the label (M, 003) in local time with its GMT offset', async () => {
    const n = await book();
    const reply = await track(n);
    expect(reply.status).toBe(200);
    const [first] = activity(reply.json);
    // START is 15:00 UTC on 2025-03-04, 10:00 in Atlanta (UTC−5).
    expect(first).toMatchObject({
      date: '20250304',
      time: '100000',
      gmtDate: '20250304',
      gmtTime: '15:00:00',
      gmtOffset: '-05:00',
      status: { type: 'M', code: 'MP', statusCode: '003' },
    });
    expect(at(reply.json, 'trackResponse.shipment.0.package.0.deliveryDate.0')).toEqual({
      type: 'SDD',
      date: '20250307',
    });
  });

  it('reveals pickup, movement and delivery as the clock advances, newest first', async () => {
    const n = await book();
    await ups.advance(2 * HOUR + 60_000);
    expect(at(activity((await track(n)).json)[0], 'status.code')).toBe('PU');
    await ups.advance(5 * DAY);
    const reply = await track(n);
    const codes = activity(reply.json).map((a) => at(a, 'status.code'));
    expect(codes).toEqual(['KB', 'OT', 'DS', 'AR', 'AR', 'DP', 'OR', 'PU', 'MP']);
    expect(at(reply.json, 'trackResponse.shipment.0.package.0.currentStatus')).toMatchObject({
      type: 'D',
      statusCode: '011',
    });
    expect(at(reply.json, 'trackResponse.shipment.0.package.0.deliveryDate.0.type')).toBe('DEL');
    expect(at(activity(reply.json)[0], 'location.address')).toMatchObject({ city: 'New York', countryCode: 'US' });
  });

  it('shows a void as MV 007', async () => {
    const n = await book();
    await ups.call('DELETE', `/api/shipments/v2409/void/cancel/${n}`);
    expect(at(activity((await track(n)).json)[0], 'status')).toMatchObject({ type: 'MV', statusCode: '007' });
  });

  it('answers 400 TV1002 for malformed numbers and 404 TW0001 for unknown ones', async () => {
    const bad = await track('1Z023E2X0214323463');
    expect([bad.status, errorsOf(bad.json)]).toEqual([400, ['TV1002']]);
    const unknown = await track('1Z023E2X0214323462');
    expect([unknown.status, errorsOf(unknown.json)]).toEqual([404, ['TW0001']]);
  });
});

describe('Pickup', () => {
  // The clock stands at Tuesday 2025-03-04 (plus what earlier tests advanced): ask for later weekdays.
  const address = {
    AddressLine: '1 Main St',
    City: 'Atlanta',
    StateProvince: 'GA',
    PostalCode: '30301',
    CountryCode: 'US',
    ResidentialIndicator: 'N',
  };
  const rate = (date: string, ready = '0900', close = '1700') =>
    ups.call('POST', '/api/shipments/v2409/pickup/oncall', {
      PickupRateRequest: {
        PickupAddress: address,
        AlternateAddressIndicator: 'Y',
        ServiceDateOption: '03',
        PickupDateInfo: { PickupDate: date, ReadyTime: ready, CloseTime: close },
      },
    });
  const create = (date: string) =>
    ups.call('POST', '/api/pickupcreation/v2409/pickup', {
      PickupCreationRequest: {
        Request: {},
        RatePickupIndicator: 'Y',
        Shipper: { Account: { AccountNumber: 'A1B2C3', AccountCountryCode: 'US' } },
        PickupDateInfo: { PickupDate: date, ReadyTime: '0900', CloseTime: '1700' },
        PickupAddress: address,
        AlternateAddressIndicator: 'Y',
        PickupPiece: { ServiceCode: '003', Quantity: '1', DestinationCountryCode: 'US', ContainerCode: '01' },
        PaymentMethod: '01',
      },
    });

  it('rates a weekday pickup; weekends, past dates and short windows are refused in UPS’s words', async () => {
    const ok = await rate('20250313');
    expect(at(ok.json, 'PickupRateResponse.RateResult')).toMatchObject({
      RateType: 'FD',
      CurrencyCode: 'USD',
      GrandTotalOfAllCharge: '6.50',
    });
    expect(errorsOf((await rate('20250315')).json)).toEqual(['9560131']);
    expect(errorsOf((await rate('20250101')).json)).toEqual(['9560131']);
    expect(errorsOf((await rate('20250313', '1630', '1700')).json)).toEqual(['9510113']);
    expect((await ups.call('POST', '/api/shipments/v2409/pickup/sometimes', {})).status).toBe(400);
  });

  it('creates a pickup with a PRN and cancels it by PRN once', async () => {
    const created = await create('20250313');
    const prn = String(at(created.json, 'PickupCreationResponse.PRN'));
    expect(prn).toMatch(/^\d{4}AONCALL02$/);
    expect(at(created.json, 'PickupCreationResponse.RateStatus.Code')).toBe('01');
    const cancel = () => ups.call('DELETE', '/api/shipments/v2409/pickup/02', undefined, { headers: { Prn: prn } });
    expect(at((await cancel()).json, 'PickupCancelResponse')).toMatchObject({
      PickupType: '01',
      Response: { ResponseStatus: { Code: '1' } },
    });
    expect(errorsOf((await cancel()).json)).toEqual(['9510120']);
    expect(
      (await ups.call('DELETE', '/api/shipments/v2409/pickup/01', undefined, { headers: { Prn: prn } })).status,
    ).toBe(400);
  });
});

describe('Service-center locations', () => {
  it('answers drop-off facilities within the radius, with hours', async () => {
    const body = (radius: string) => ({
      PickupGetServiceCenterFacilitiesRequest: {
        Request: {},
        PickupPiece: { ServiceCode: '003', ContainerCode: '01' },
        OriginAddress: {
          City: 'Atlanta',
          PostalCode: '30301',
          CountryCode: 'US',
          OriginSearchCriteria: { SearchRadius: radius, DistanceUnitOfMeasure: 'MI', MaximumLocation: '25' },
        },
        Locale: 'en_US',
        ProximitySearchIndicator: '',
      },
    });
    const reply = await ups.call('POST', '/api/pickup/v2409/servicecenterlocations', body('200'));
    const facilities = at(
      reply.json,
      'PickupGetServiceCenterFacilitiesResponse.ServiceCenterLocation.DropOffFacilities',
    ) as unknown[];
    expect(facilities).toHaveLength(3);
    expect(at(facilities[0], 'FacilityTime.DayOfWeek.0')).toMatchObject({
      Day: 'Mon',
      OpenHours: '0800',
      CloseHours: '1900',
    });
    expect(
      (
        at(
          (await ups.call('POST', '/api/pickup/v2409/servicecenterlocations', body('2'))).json,
          'PickupGetServiceCenterFacilitiesResponse.ServiceCenterLocation.DropOffFacilities',
        ) as unknown[]
      ).length,
    ).toBe(1);
    expect(
      errorsOf(
        (
          await ups.call('POST', '/api/pickup/v2409/servicecenterlocations', {
            PickupGetServiceCenterFacilitiesRequest: { PickupPiece: {} },
          })
        ).json,
      ),
    ).toEqual(['120100']);
  });
});

describe('faults in UPS’s own words', () => {
  afterEach(() => ups.clearFaults());

  it('http_500, http_429 with Retry-After, auth on calls and on the token endpoint, malformed', async () => {
    const n = await book();
    await ups.fault('track', 'http_500');
    const failed = await track(n);
    expect([failed.status, errorsOf(failed.json)]).toEqual([500, ['10001']]);
    await ups.fault('track', 'http_429:7');
    const throttled = await track(n);
    expect([throttled.status, throttled.headers['retry-after'], errorsOf(throttled.json)]).toEqual([429, '7', ['429']]);
    await ups.fault('track', 'auth');
    expect(errorsOf((await track(n)).json)).toEqual(['250002']);
    await ups.fault('oauth', 'auth');
    expect(errorsOf((await ups.token()).json)).toEqual(['250003']);
    await ups.fault('track', 'malformed');
    const malformed = await track(n);
    expect(malformed.status).toBe(200);
    expect(malformed.json).toBeUndefined();
    expect(malformed.text.startsWith('{"trackResponse"')).toBe(true);
    expect((await track(n)).status).toBe(200);
  });

  it('knows its operations', async () => {
    const reply = await fetch(`${ups.emulator.url}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ carrier: 'carrier_b', operation: 'manifest', fault: 'http_500' }),
    });
    expect(reply.status).toBe(400);
    expect(await reply.text()).toContain('pickup_availability');
  });
});
