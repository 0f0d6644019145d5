/** The carrier_c emulator's tracking, pickups, service points, address validation and faults, spoken to directly. */
import { describe, expect, it } from 'vitest';
import { BERLIN, MUNICH, shipBody, useCarrierCClient } from './carrier_c.support.js';
import { at, HOUR } from './support.js';

const c = useCarrierCClient();
const DAY = 24 * HOUR;

const book = async (to = MUNICH, productCode = 'N') =>
  at((await c.call('POST', '/shipments', shipBody({ to, productCode }))).json, 'shipmentTrackingNumber') as string;
type Event = { date: string; time: string; GMTOffset: string; typeCode: string; signedBy?: string };

describe('tracking', () => {
  it('shows a booking as pre-transit, then moves with the clock to delivery, events newest first with their offset', async () => {
    const waybill = await book();
    const fresh = await c.call('GET', `/shipments/${waybill}/tracking`);
    expect(fresh.status).toBe(200);
    expect(at(fresh.json, 'shipments.0')).toMatchObject({
      shipmentTrackingNumber: waybill,
      status: 'pre-transit',
      productCode: 'N',
      events: [],
    });
    // Picked up the next day at 14:00 Berlin time; three hours later it has left the origin facility.
    await c.advance(DAY + 3 * HOUR);
    const moving = at((await c.call('GET', `/shipments/${waybill}/tracking`)).json, 'shipments.0') as {
      status: string;
      events: Event[];
    };
    expect(moving.status).toBe('transit');
    expect(moving.events.map((e) => e.typeCode).reverse()).toEqual(['PU', 'PL', 'DF']);
    expect(moving.events[0]).toMatchObject({ GMTOffset: '+01:00', date: '2025-03-05' });
    await c.advance(4 * DAY);
    const done = at((await c.call('GET', `/shipments/${waybill}/tracking`)).json, 'shipments.0') as {
      status: string;
      events: Event[];
    };
    expect(done.status).toBe('delivered');
    expect(done.events[0]).toMatchObject({ typeCode: 'OK', signedBy: 'Clara Recipient' });
    expect(done.events.map((e) => e.typeCode)).toEqual(['OK', 'WC', 'AR', 'DF', 'PL', 'PU']);
  });

  it('answers several numbers in one GET /tracking, leaving unknown ones out; none known is 404', async () => {
    const [a, b] = [await book(), await book()];
    const res = await c.call(
      'GET',
      `/tracking?shipmentTrackingNumber=${a}&shipmentTrackingNumber=1234567890&shipmentTrackingNumber=${b}`,
    );
    expect(
      (at(res.json, 'shipments') as { shipmentTrackingNumber: string }[]).map((s) => s.shipmentTrackingNumber),
    ).toEqual([a, b]);
    const none = await c.call('GET', '/tracking?shipmentTrackingNumber=1234567890');
    expect(none.status).toBe(404);
    expect(none.json).toMatchObject({
      instance: '/expressapi/tracking?shipmentTrackingNumber=1234567890',
      title: 'Not data found',
      status: '404',
    });
    const many = Array.from({ length: 201 }, (_, i) => `shipmentTrackingNumber=${i}`).join('&');
    expect(at((await c.call('GET', `/tracking?${many}`)).json, 'detail')).toContain('maxItems=200');
  });

  it('crosses customs on an international shipment', async () => {
    const waybill = await book(
      { postalCode: 'SW1A 2AA', cityName: 'London', countryCode: 'GB', addressLine1: '10 Downing St' },
      'P',
    );
    await c.advance(10 * DAY);
    const events = at((await c.call('GET', `/shipments/${waybill}/tracking`)).json, 'shipments.0.events') as Event[];
    expect(events.map((e) => e.typeCode)).toContain('CR');
    expect(events[0]?.GMTOffset).toBe('+00:00');
  });
});

describe('pickups', () => {
  const pickup = (date: string, time = '10:00') => ({
    plannedPickupDateAndTime: `${date}T${time}:00 GMT+01:00`,
    closeTime: '18:00',
    location: 'reception',
    locationType: 'business',
    accounts: [{ typeCode: 'shipper', number: '950000000' }],
    customerDetails: {
      shipperDetails: {
        postalAddress: BERLIN,
        contactInformation: { phone: '+49 30 1', companyName: 'Acme', fullName: 'Anna' },
      },
    },
    shipmentDetails: [
      { productCode: 'N', isCustomsDeclarable: false, unitOfMeasurement: 'metric', packages: [{ weight: 2 }] },
    ],
  });

  it('books a pickup, moves a weekend one to Monday, and cancels it once', async () => {
    const res = await c.call('POST', '/pickups', pickup('2025-03-14'));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ readyByTime: '10:00', nextPickupDate: '2025-03-14', warnings: [] });
    const number = at(res.json, 'dispatchConfirmationNumbers.0') as string;
    expect(number).toMatch(/^CVG\d{12}$/);
    expect(at((await c.call('POST', '/pickups', pickup('2025-03-15'))).json, 'nextPickupDate')).toBe('2025-03-17');

    expect(at((await c.call('DELETE', `/pickups/${number}`)).json, 'detail')).toBe(
      'Missing mandatory parameters: requestorName, reason',
    );
    const cancelled = await c.call('DELETE', `/pickups/${number}?requestorName=Anna&reason=closed`);
    expect(cancelled.json).toEqual({ dispatchConfirmationNumber: number, status: 'cancelled' });
    expect((await c.call('DELETE', `/pickups/${number}?requestorName=Anna&reason=closed`)).status).toBe(400);
    const unknown = await c.call('DELETE', '/pickups/PRG000?requestorName=Anna&reason=closed');
    expect(unknown.status).toBe(404);
    expect(at(unknown.json, 'title')).toBe('Pickup not found');
  });

  it('refuses a pickup without shipments or in the past', async () => {
    expect(
      at((await c.call('POST', '/pickups', { ...pickup('2025-03-14'), shipmentDetails: [] })).json, 'detail'),
    ).toBe('Missing mandatory parameters: shipmentDetails');
    expect(at((await c.call('POST', '/pickups', pickup('2025-03-01'))).json, 'detail')).toContain('in the past');
  });
});

describe('service points and address validation', () => {
  it('finds three service points near an address; status codes for bad searches', async () => {
    const res = await c.call(
      'GET',
      '/servicepoints?address=Unter%20den%20Linden%201%2C%20Berlin&countryCode=DE&maxDistance=10&resultUom=km',
    );
    expect(at(res.json, 'status')).toEqual({ statusCode: 1, statusMessage: 'OK' });
    const points = at(res.json, 'servicePoints') as {
      facilityId: string;
      address: { city: string };
      distance: string;
    }[];
    expect(points.map((p) => p.facilityId)).toEqual(['BER001', 'BER002', 'BER003']);
    expect(points[0]?.distance).toMatch(/ km$/);
    expect(at((await c.call('GET', '/servicepoints?address=x')).json, 'status.statusCode')).toBe(101);
    expect(at((await c.call('GET', '/servicepoints?countryCode=DE&maxDistance=ten')).json, 'status.statusCode')).toBe(
      100,
    );
  });

  it('validates an address and refuses bad parameters in DHL’s words', async () => {
    const ok = await c.call('GET', '/address-validate?type=delivery&countryCode=DE&postalCode=10117&cityName=Berlin');
    expect(ok.json).toMatchObject({
      warnings: [],
      address: [{ countryCode: 'DE', postalCode: '10117', cityName: 'BERLIN', serviceArea: { code: 'BER' } }],
    });
    expect(at((await c.call('GET', '/address-validate?type=delivery')).json, 'detail')).toBe(
      'Missing mandatory parameters: countryCode',
    );
    expect(at((await c.call('GET', '/address-validate?type=home&countryCode=DE')).json, 'detail')).toBe(
      'Parameters not having correct format: type',
    );
    expect((await c.call('GET', '/address-validate?type=delivery&countryCode=DE', undefined, null)).status).toBe(401);
  });
});

describe('faults in DHL’s own words', () => {
  const fault = (operation: string, kind: string) =>
    c.emulator.app.inject({
      method: 'POST',
      url: '/_emulator/faults',
      payload: { carrier: 'carrier_c', operation, fault: kind, count: 1 },
    });

  it('answers 500, 429, 401 and malformed bodies per operation', async () => {
    await fault('rate', 'http_500');
    const e500 = await c.call('POST', '/rates', {});
    expect(e500.status).toBe(500);
    expect(e500.json).toMatchObject({ instance: '/expressapi/rates', title: 'Internal Server Error', status: '500' });
    await fault('track', 'http_429:7');
    const e429 = await c.call('GET', '/tracking?shipmentTrackingNumber=1');
    expect([e429.status, e429.headers['retry-after']]).toEqual([429, '7']);
    await fault('address_validate', 'auth');
    expect(at((await c.call('GET', '/address-validate?type=delivery&countryCode=DE')).json, 'detail')).toBe(
      'Invalid Credentials',
    );
    await fault('pickup', 'malformed');
    const broken = await c.call('POST', '/pickups', {});
    expect(broken.status).toBe(200);
    expect(broken.json).toBeUndefined();
  });

  it('lists its operations for fault rules', async () => {
    const res = await c.emulator.app.inject({
      method: 'POST',
      url: '/_emulator/faults',
      payload: { carrier: 'carrier_c', operation: 'cancel', fault: 'http_500' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('rate, ship, track, pickup, pickup_cancel, locations, address_validate');
  });
});
