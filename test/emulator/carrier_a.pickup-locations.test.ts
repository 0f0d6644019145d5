import { describe, expect, it } from 'vitest';
import { ACCOUNT, at, errorCodes, HOUR, useClient } from './support.js';

const pickupBody = (readyDate: string) => ({
  associatedAccountNumber: { value: ACCOUNT },
  originDetail: {
    pickupLocation: {
      contact: { personName: 'Dock Manager', phoneNumber: '9015550100' },
      address: {
        streetLines: ['100 Warehouse Rd'],
        city: 'Memphis',
        stateOrProvinceCode: 'TN',
        postalCode: '38117',
        countryCode: 'US',
      },
    },
    readyDateTimestamp: `${readyDate}T11:00:00Z`,
    customerCloseTime: '17:00:00',
    packageLocation: 'FRONT',
  },
  carrierCode: 'FDXE',
  totalWeight: { units: 'LB', value: 20 },
  packageCount: 2,
});

describe('carrier_a Pickup API', () => {
  const api = useClient();

  it('lists same-day and future-day options with ready and cut-off times', async () => {
    const reply = await api.call('POST', '/pickup/v1/pickups/availabilities', {
      pickupAddress: { postalCode: '38117', countryCode: 'US' },
      pickupRequestType: ['SAME_DAY', 'FUTURE_DAY'],
      carriers: ['FDXE', 'FDXG'],
      countryRelationship: 'DOMESTIC',
      numberOfBusinessDays: 2,
    });
    expect(reply.status).toBe(200);
    const options = at(reply.json, 'output.options') as Array<Record<string, unknown>>;
    expect(options.map((o) => `${o.carrier} ${o.pickupDate} ${o.scheduleDay}`)).toEqual([
      'FDXE 2025-03-04 SAME_DAY',
      'FDXE 2025-03-05 FUTURE_DAY',
      'FDXE 2025-03-06 FUTURE_DAY',
      'FDXG 2025-03-04 SAME_DAY',
      'FDXG 2025-03-05 FUTURE_DAY',
      'FDXG 2025-03-06 FUTURE_DAY',
    ]);
    const sameDay = options[0];
    expect(sameDay).toMatchObject({ available: true, cutOffTime: '18:00:00', accessTime: { hours: 1, minutes: 30 } });
    // 10:00 local now: the first ready time is half an hour away, the last one before cut-off minus access time.
    expect((sameDay?.readyTimeOptions as string[])[0]).toBe('10:30:00');
    expect((sameDay?.readyTimeOptions as string[]).at(-1)).toBe('16:30:00');
    expect(at(reply.json, 'output.requestTimestamp')).toBe('2025-03-04T10:00:00');
  });

  it('rejects an availability request without a postal code', async () => {
    const reply = await api.call('POST', '/pickup/v1/pickups/availabilities', {
      pickupAddress: { countryCode: 'US' },
      pickupRequestType: ['SAME_DAY'],
      carriers: ['FDXE'],
      countryRelationship: 'DOMESTIC',
    });
    expect(reply.status).toBe(400);
    expect(errorCodes(reply)).toEqual(['PICKUP.POSTALCODE.MISSING']);
  });

  it('schedules, cancels and refuses to cancel twice', async () => {
    const created = await api.call('POST', '/pickup/v1/pickups', pickupBody('2025-03-04'));
    expect(created.status).toBe(200);
    const code = String(at(created.json, 'output.pickupConfirmationCode'));
    expect(code).toBe('3001');
    expect(at(created.json, 'output.location')).toBe('MEMA');
    expect(at(created.json, 'output.message')).toBe('Courier on the way');
    const cancelBody = {
      associatedAccountNumber: { value: ACCOUNT },
      pickupConfirmationCode: code,
      scheduledDate: '2025-03-04',
      location: 'MEMA',
    };
    const cancelled = await api.call('PUT', '/pickup/v1/pickups/cancel', cancelBody);
    expect(cancelled.status).toBe(200);
    expect(at(cancelled.json, 'output')).toEqual({
      pickupConfirmationCode: code,
      cancelConfirmationMessage: 'Requested pickup has been cancelled Successfully.',
    });
    const again = await api.call('PUT', '/pickup/v1/pickups/cancel', cancelBody);
    expect(again.status).toBe(400);
    expect(errorCodes(again)).toEqual(['PICKUP.CONFIRMATIONNUMBER.INVALID']);
  });

  it('refuses pickups for a previous day and cancelling a past pickup', async () => {
    const past = await api.call('POST', '/pickup/v1/pickups', pickupBody('2025-03-03'));
    expect(errorCodes(past)).toEqual(['PICKUP.REQUESTED.PREVIOUS.DAY']);
    const created = await api.call('POST', '/pickup/v1/pickups', pickupBody('2025-03-05'));
    expect(at(created.json, 'output.message')).toBeUndefined();
    const code = String(at(created.json, 'output.pickupConfirmationCode'));
    await api.advance(3 * 24 * HOUR);
    const late = await api.call('PUT', '/pickup/v1/pickups/cancel', {
      associatedAccountNumber: { value: ACCOUNT },
      pickupConfirmationCode: code,
      scheduledDate: '2025-03-05',
    });
    expect(errorCodes(late)).toEqual(['PICKUP.NUMBER.EXPIRED']);
    await api.control('DELETE', '/_emulator/clock');
    const incomplete = await api.call('POST', '/pickup/v1/pickups', { carrierCode: 'FDXE' });
    expect(incomplete.status).toBe(400);
    expect(errorCodes(incomplete)).toContain('ACCOUNTNUMBER.REGISTRATION.REQUIRED');
  });
});

describe('carrier_a POST /location/v1/locations', () => {
  const api = useClient();

  const search = (extra: Record<string, unknown> = {}) =>
    api.call('POST', '/location/v1/locations', {
      locationSearchCriterion: 'ADDRESS',
      location: { address: { city: 'Memphis', stateOrProvinceCode: 'TN', postalCode: '38117', countryCode: 'US' } },
      ...extra,
    });

  it('returns deterministic nearby locations sorted by distance with weekly store hours', async () => {
    const reply = await search();
    expect(reply.status).toBe(200);
    const list = at(reply.json, 'output.locationDetailList') as Array<Record<string, unknown>>;
    expect(list).toHaveLength(10);
    expect(at(reply.json, 'output.resultsReturned')).toBe(10);
    expect(at(reply.json, 'output.totalResults')).toBe(12);
    const distances = list.map((l) => Number(at(l, 'distance.value')));
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(at(list[0], 'distance.units')).toBe('MI');
    expect(at(list[0], 'contactAndAddress.address.city')).toBe('MEMPHIS');
    expect(typeof at(list[0], 'geoPositionalCoordinates.latitude')).toBe('number');
    const hours = at(list[0], 'storeHours') as Array<Record<string, unknown>>;
    expect(hours.map((h) => h.dayOfWeek)).toEqual([
      'MONDAY',
      'TUESDAY',
      'WEDNESDAY',
      'THURSDAY',
      'FRIDAY',
      'SATURDAY',
      'SUNDAY',
    ]);
    expect(hours[0]).toMatchObject({
      operationalHoursType: 'OPEN_BY_HOURS',
      operationalHours: { begins: '08:00:00', ends: '21:00:00' },
    });
    const again = await search();
    expect(at(again.json, 'output.locationDetailList')).toEqual(list);
  });

  it('filters by location type, radius and units', async () => {
    const offices = await search({ locationTypes: ['FEDEX_OFFICE'] });
    const types = (at(offices.json, 'output.locationDetailList') as Array<{ locationType: string }>).map(
      (l) => l.locationType,
    );
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['FEDEX_OFFICE']));
    const near = await search({
      locationsSummaryRequestControlParameters: { distance: { units: 'KM', value: 5 }, maxResults: 3 },
    });
    const list = at(near.json, 'output.locationDetailList') as Array<{ distance: { units: string; value: number } }>;
    expect(list.length).toBeLessThanOrEqual(3);
    for (const l of list) expect(l.distance).toMatchObject({ units: 'KM' });
    for (const l of list) expect(l.distance.value).toBeLessThanOrEqual(5);
  });

  it('answers bad searches with the Location API error codes', async () => {
    const noCountry = await api.call('POST', '/location/v1/locations', {
      location: { address: { postalCode: '38117' } },
    });
    expect(errorCodes(noCountry)).toEqual(['LOCATION.COUNTRYCODE.REQUIRED']);
    const noGeo = await search({ locationSearchCriterion: 'GEOGRAPHIC_COORDINATES' });
    expect(errorCodes(noGeo)).toEqual(['ERROR.LONGLAT.REQUIRED']);
    const badUnit = await search({ locationsSummaryRequestControlParameters: { distance: { units: 'FT', value: 5 } } });
    expect(errorCodes(badUnit)).toEqual(['DISTANCE.UNIT.INVALID']);
  });
});
