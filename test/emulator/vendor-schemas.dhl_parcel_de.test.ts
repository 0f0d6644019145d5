/**
 * dhl_parcel_de's emulator against DHL's own description of the Shipping API v2
 * (vendor/parcel-de-shipping-v2_2.yaml) and the requests other integrations sent (fixtures/*Request*).
 * See vendor-schemas.support.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';
import { fixturesMissing } from '../support/fixtures.js';
import { fixedClock, send, type Reply } from './support.js';
import { readFixtureJson } from '../support/fixtures.js';
import {
  missingRecordedMembers,
  nonConforming,
  recordedRequest,
  VendorSchemas,
  type Answer,
  type KnownDifference,
} from './vendor-schemas.support.js';

const FILE = 'parcel-de-shipping-v2_2.yaml';
/** The day after the suites' clock (Tuesday 2025-03-04 15:00 UTC): a business day to ship on. */
const SHIP_DAY = '2025-03-05';

/** Where DHL's description and its recorded replies disagree (nowhere yet), the emulator answers as the recorded replies do. */
const KNOWN: KnownDifference[] = [];

/** Recorded requests the emulator refuses as DHL does. */
const REFUSED: Record<string, string> = {
  // The EU parcel (V54EPAK) to London: the United Kingdom left the EU, so the EU parcel no longer goes there.
  'shipment_IntlShipmentRequest.json': 'not available to GBR',
};

/** Recorded requests of the Pickup and Returns APIs, sent in their own case below. */
const OTHER_APIS = [
  'pickup_PickupRequest.json',
  'pickup_PickupRequestASAP.json',
  'return_shipment_ReturnShipmentRequest.json',
  'return_shipment_ReturnShipmentWithCustomsRequest.json',
];

/** The cancel requests, which are queries (their recorded order and shipment numbers are sent as ours). */
const NOT_SENT = ['pickup_PickupCancelRequest.json', 'shipment_ShipmentCancelRequest.json'];

describe.skipIf(fixturesMissing)('dhl_parcel_de answers as DHL describes them', () => {
  let emulator: Emulator;
  let token = '';
  const schemas = new VendorSchemas('dhl_parcel_de');
  const call = async (
    method: 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    bearer: string | null = token,
  ): Promise<Answer> => {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    const reply: Reply = await send(
      `${emulator.carrierUrl('dhl_parcel_de')}/parcel/de/shipping/v2${path}`,
      method,
      headers,
      body === undefined ? undefined : JSON.stringify(body),
    );
    return { status: reply.status, json: reply.json };
  };
  const conforming = (method: string, path: string, got: Record<string, Answer>) =>
    nonConforming(schemas, { file: FILE, method, path }, got, KNOWN);
  const recorded = <T = { shipments: Record<string, unknown>[] }>(file: string) =>
    recordedRequest<T>('dhl_parcel_de', file, SHIP_DAY, () => SHIP_DAY);

  beforeAll(async () => {
    emulator = await createEmulator({ clock: fixedClock() });
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: 'test-de-client-id',
      client_secret: 'test-de-client-secret',
      username: 'test-de-username',
      password: 'test-de-password',
    });
    const reply = await send(
      `${emulator.carrierUrl('dhl_parcel_de')}/parcel/de/account/auth/ropc/v1/token`,
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded' },
      form.toString(),
    );
    token = String((reply.json as { access_token?: string }).access_token);
  });
  afterAll(() => emulator?.close());

  it('books the recorded requests it takes, refuses the one DHL refuses, and answers both as described', async () => {
    const answers: Record<string, Answer> = {};
    for (const file of ['shipment_ShipmentRequest.json', 'shipment_IntlShipmentRequest.json']) {
      const answer = await call('POST', '/orders', recorded(file));
      answers[file] = answer;
      if (REFUSED[file]) expect(JSON.stringify(answer.json), file).toContain(REFUSED[file]);
      else expect(answer.status, file).toBe(200);
    }
    expect(await conforming('POST', '/orders', answers)).toEqual({});
  });

  it('answers several shipments (207), a refused one (400), a deletion and a missing token as described', async () => {
    const one = recorded('shipment_ShipmentRequest.json');
    const two = { ...one, shipments: [one.shipments[0], one.shipments[0]] };
    const booked = await call('POST', '/orders', two);
    expect(booked.status).toBe(207);
    const numbers = (booked.json as { items: { shipmentNo: string }[] }).items.map((i) => i.shipmentNo);
    const invalid = await call('POST', '/orders', { ...one, shipments: [{ ...one.shipments[0], product: 'V99XX' }] });
    const unauthorised = await call('POST', '/orders', one, null);
    expect(await conforming('POST', '/orders', { booked, invalid, unauthorised })).toEqual({});
    const deleted = await call(
      'DELETE',
      `/orders?profile=STANDARD_GRUPPENPROFIL&${numbers.map((n) => `shipment=${n}`).join('&')}`,
    );
    const again = await call('DELETE', `/orders?profile=STANDARD_GRUPPENPROFIL&shipment=${numbers[0]}`);
    expect([deleted.status, again.status]).toEqual([207, 400]);
    expect(await conforming('DELETE', '/orders', { deleted, again })).toEqual({});
  });

  it('every recorded request is sent above or named as not sent', async () => {
    const { recordedRequests } = await import('./vendor-schemas.support.js');
    expect(recordedRequests('dhl_parcel_de')).toEqual(
      ['shipment_IntlShipmentRequest.json', 'shipment_ShipmentRequest.json', ...OTHER_APIS, ...NOT_SENT].sort(),
    );
  });

  it('books the recorded pickups and returns, cancels a pickup, and answers as the Pickup and Returns APIs describe', async () => {
    const at = async (method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<Answer> => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      };
      const reply = await send(
        `${emulator.carrierUrl('dhl_parcel_de')}${path}`,
        method,
        headers,
        body === undefined ? undefined : JSON.stringify(body),
      );
      return { status: reply.status, json: reply.json };
    };
    const pickups: Record<string, Answer> = {};
    for (const file of OTHER_APIS.filter((f) => f.startsWith('pickup_')))
      pickups[file] = await at('POST', '/parcel/de/transportation/pickup/v3/orders', recorded(file));
    expect(Object.values(pickups).map((a) => a.status)).toEqual([200, 200]);
    const pickupCheck = { file: 'parcel-de-pickup-v3.yaml', method: 'POST', path: '/orders' };
    expect(await nonConforming(schemas, pickupCheck, pickups, KNOWN)).toEqual({});
    expect(
      missingRecordedMembers('dhl_parcel_de', 'pickup_PickupResponse.json', pickups['pickup_PickupRequest.json']?.json),
    ).toEqual([]);
    // A fixed date keeps its day; ASAP is the next working day after the clock's Tuesday.
    expect(
      (pickups['pickup_PickupRequestASAP.json']?.json as { confirmation: { value: { pickupDate: string } } })
        .confirmation.value.pickupDate,
    ).toBe(SHIP_DAY);

    const orderId = (pickups['pickup_PickupRequest.json']?.json as { confirmation: { value: { orderID: string } } })
      .confirmation.value.orderID;
    const cancelled = await at('DELETE', `/parcel/de/transportation/pickup/v3/orders?orderID=${orderId}`);
    const again = await at('DELETE', `/parcel/de/transportation/pickup/v3/orders?orderID=${orderId}`);
    expect(
      await nonConforming(
        schemas,
        { file: 'parcel-de-pickup-v3.yaml', method: 'DELETE', path: '/orders' },
        { cancelled, again },
        KNOWN,
      ),
    ).toEqual({});
    expect(missingRecordedMembers('dhl_parcel_de', 'pickup_PickupCancelResponse.json', cancelled.json)).toEqual([]);
    expect((again.json as { failedCancellations: unknown[] }).failedCancellations).toHaveLength(1);
    // A refusal as recorded (pickup_PickupErrorResponse.json), which differs from the description's array of errors.
    const refused = await at('POST', '/parcel/de/transportation/pickup/v3/orders', {
      ...recorded<Record<string, unknown>>('pickup_PickupRequest.json'),
      customerDetails: { billingNumber: '1' },
    });
    expect(refused.status).toBe(422);
    expect(missingRecordedMembers('dhl_parcel_de', 'pickup_PickupErrorResponse.json', refused.json)).toEqual([]);

    const returns: Record<string, Answer> = {};
    for (const file of OTHER_APIS.filter((f) => f.startsWith('return_')))
      returns[file] = await at('POST', '/parcel/de/shipping/returns/v1/orders?labelType=BOTH', recorded(file));
    expect(Object.values(returns).map((a) => a.status)).toEqual([201, 201]);
    expect(
      await nonConforming(schemas, { file: 'pp-parcel-returns.yaml', method: 'POST', path: '/orders' }, returns, KNOWN),
    ).toEqual({});
    expect(
      missingRecordedMembers(
        'dhl_parcel_de',
        'return_shipment_ReturnShipmentResponse.json',
        returns['return_shipment_ReturnShipmentRequest.json']?.json,
      ),
    ).toEqual([]);
    const unreadable = await at('POST', '/parcel/de/shipping/returns/v1/orders', { customerReference: 'x' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.json).toEqual(
      readFixtureJson('dhl_parcel_de', 'fixtures/return_shipment_ReturnShipmentErrorResponse.json'),
    );
  });

  it('answers an order of a good and a bad shipment 207, booking the good one, and closes it out with a manifest', async () => {
    const one = recorded('shipment_ShipmentRequest.json');
    const mixed = await call('POST', '/orders', {
      ...one,
      shipments: [one.shipments[0], { ...one.shipments[0], product: 'V99XX' }],
    });
    expect(mixed.status).toBe(207);
    const items = (mixed.json as { items: { shipmentNo?: string; sstatus: { statusCode: number } }[] }).items;
    expect(items.map((i) => i.sstatus.statusCode)).toEqual([200, 400]);
    expect(await conforming('POST', '/orders', { mixed })).toEqual({});
    const closed = await call('POST', '/manifests', {
      profile: 'STANDARD_GRUPPENPROFIL',
      shipmentNumbers: [items[0]?.shipmentNo, '000000000000'],
    });
    expect(closed.status).toBe(207);
    expect(await conforming('POST', '/manifests', { closed })).toEqual({});
    expect(
      (closed.json as { items: { sstatus: { statusCode: number } }[] }).items.map((i) => i.sstatus.statusCode),
    ).toEqual([200, 400]);
  });
});
