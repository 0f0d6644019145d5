/**
 * The whole service → dhl_parcel_de adapter → emulator: pickups (Pickup API v3), manifests, return
 * labels (Returns API), the return label with the outbound one, and an order DHL books only in part.
 * Both clocks are fixed on Wednesday 2026-11-25, 10:00 in Germany: pickup dates do not depend on the day the suite runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type AppSuite } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { validAuth } from '../support/accounts.js';
import { shipment } from './support.js';

const clock = { now: () => new Date('2026-11-25T09:00:00Z') };
const s = {} as AppSuite & { em: TestEmulator; account: string };
beforeAll(async () => {
  s.em = await startTestEmulator({ clock });
  s.t = await createTestApp({ emulatorUrl: s.em.url, clock });
  s.key = await s.t.key();
  s.account = (
    await s.t.call('POST', '/shippingaccount', s.key, {
      shipping_account: { carrier: 'dhl_parcel_de', country: 'DE', test: true },
    })
  ).body.shipping_account.id;
});
afterAll(async () => {
  await s.t?.close();
  await s.em?.close();
});

const bonn = {
  name: 'Max Mustermann',
  company: 'Shop GmbH',
  street1: 'Charles-de-Gaulle-Str. 20',
  city: 'Bonn',
  postal_code: '53113',
  country: 'DE',
  phone: '+49 228 1234567',
  email: 'max@shop.example',
};
const berlin = {
  name: 'Maria Muster',
  street1: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
  email: 'maria@example.com',
};
const ship = (overrides: Record<string, unknown> = {}) =>
  s.t.call(
    'POST',
    '/ship',
    s.key,
    shipment(s.account, {
      sender: bonn,
      recipient: berlin,
      service: 'dhl_parcel_de_paket',
      packages: [{ weight: 2 }],
      dim_units: 'CM',
      weight_units: 'KG',
      ...overrides,
    }),
  );
const pickup = (date: string, location: Record<string, unknown> = { ...bonn, location_type: 'reception' }) =>
  s.t.call('POST', '/pickup', s.key, {
    pickup: {
      shipping_account: s.account,
      carrier: 'dhl_parcel_de',
      location,
      shipments: [{ packages: [{ weight: 2 }, { weight: 3 }] }],
      time: { date, ready_time: '09:00', close_time: '17:00' },
      dim_units: 'CM',
      weight_units: 'KG',
      description: 'Two parcels at the reception',
    },
  });

describe('pickups', () => {
  it('schedules a pickup for a working day and cancels it', async () => {
    const res = await pickup('2026-11-27');
    expect(res.status, res.raw).toBe(200);
    expect(res.body.pickup).toMatchObject({
      carrier: 'dhl_parcel_de',
      pickup_date: '2026-11-27',
      ready_time: '09:00',
      close_time: '17:00',
      currency: 'EUR',
    });
    const number = res.body.pickup.confirmation_number as string;
    expect(number).toMatch(/^[0-9a-f]{32}$/);
    const cancelled = await s.t.call('POST', '/pickup/cancel', s.key, {
      pickup_cancel: { shipping_account: s.account, confirmation_number: number },
    });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect(cancelled.body.success.message).toBe('Order successfully cancelled');
  });

  it('a pickup for today goes as ASAP: DHL names the next working day', async () => {
    const res = await pickup('2026-11-25');
    expect(res.status, res.raw).toBe(200);
    expect(res.body.pickup.pickup_date).toBe('2026-11-26');
  });

  it("refuses a weekend day before any call, and answers DHL's refusal in its words", async () => {
    const weekend = expectError(await pickup('2026-11-28'), 400, 'schema_validation_error');
    expect(weekend.message).toContain('Monday to Friday');
    expectError(
      await pickup('2026-11-30', {
        ...bonn,
        location_type: 'reception',
        country: 'AT',
        postal_code: '1010',
        city: 'Wien',
      }),
      400,
      'schema_validation_error',
    );
    const refused = expectError(
      await pickup('2026-11-30', { ...bonn, location_type: 'reception', street1: 'Marktplatz' }),
      400,
      'carrier_exception',
    );
    expect(refused.message).toBe('pickupLocation.pickupAddress.addressHouse: addressHouse is required');
    expect(refused.detail).toContain('HTTP 422 Validation failed');
  });
});

describe('POST /manifest', () => {
  it("closes the day's parcels (every parcel of a booking of several) and answers the manifest PDF; a closed parcel cannot be deleted", async () => {
    const one = await ship();
    const two = await ship({ packages: [{ weight: 2 }, { weight: 3 }] });
    expect(two.status, two.raw).toBe(200);
    const numbers = [
      one.body.shipment.tracking_number,
      ...two.body.shipment.packages.map((p: { tracking_number: string }) => p.tracking_number),
    ];
    const res = await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: s.account } });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.manifest.carrier).toBe('dhl_parcel_de');
    expect([...res.body.manifest.tracking_numbers].sort()).toEqual(expect.arrayContaining([...numbers].sort()));
    expect(Buffer.from(res.body.manifest.document, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const err = expectError(
      await s.t.call('POST', '/cancel', s.key, {
        cancel: { shipping_account: s.account, tracking_number: one.body.shipment.tracking_number },
      }),
      400,
      'carrier_exception',
    );
    expect(err.message).toContain('already been manifested');
  });
});

describe('return labels', () => {
  it('books type "return" through the Returns API: a PDF label from the customer, tracked as any parcel', async () => {
    const res = await ship({
      type: 'return',
      sender: { ...berlin, street1: 'Unter den Linden 1' },
      recipient: bonn,
      references: [{ type: 'ref', value: 'Return Order 5678' }],
      include_base64_label: true,
    });
    expect(res.status, res.raw).toBe(200);
    const number = res.body.shipment.tracking_number as string;
    expect(Buffer.from(res.body.shipment.packages[0].label, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      res.body.shipment.shipping_documents.map((d: { type: string; format: string }) => [d.type, d.format]),
    ).toEqual([['qr_code', 'PNG']]);
    const tracked = await s.t.call('POST', '/track', s.key, {
      track: { shipping_account: s.account, tracking_number: number, refresh: true },
    });
    expect(tracked.body).toMatchObject({ tracking_number: number, tracking_stage: 'CREATED' });
  });

  it('a return from outside the EU needs its content declared', async () => {
    const bern = { name: 'Max Muster', street1: 'Musterstr. 1', city: 'Bern', postal_code: '3344', country: 'CH' };
    expectError(await ship({ type: 'return', sender: bern, recipient: bonn }), 400, 'schema_field_required');
    const items = [
      {
        description: 'Shirt',
        quantity: 1,
        value: 20,
        weight: 0.5,
        weight_unit: 'KG',
        manufacture_country_code: 'DE',
        harmonized_code: '610910',
      },
    ];
    const res = await ship({ type: 'return', sender: bern, recipient: bonn, customs_items: items });
    expect(res.status, res.raw).toBe(200);
  });

  it('adds a return label to the outbound one when special_services asks for return_label', async () => {
    const res = await ship({ special_services: ['return_label'] });
    expect(res.status, res.raw).toBe(200);
    const docs = res.body.shipment.shipping_documents as { type: string; format: string; content: string }[];
    expect(docs.map((d) => [d.type, d.format])).toEqual([['return_label', 'PDF']]);
    expect(Buffer.from(docs[0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('an order DHL books only in part (207)', () => {
  it('deletes the parcels DHL booked and answers the refusal: nothing is left behind', async () => {
    const before = (await s.em.bookings('dhl_parcel_de')).length;
    const err = expectError(await ship({ packages: [{ weight: 2 }, { weight: 40 }] }), 400, 'carrier_exception');
    expect(err.message).toContain('exceeds the maximum of 31.5 kg');
    expect(err.detail).toContain('were deleted');
    const made = (await s.em.bookings('dhl_parcel_de')).slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]?.cancelled).toBe(true);
  });

  it('names the booked parcels in the error when DHL will not delete them', async () => {
    await s.em.fault('dhl_parcel_de', 'cancel', 'http_500', 3);
    const err = expectError(
      await ship({ packages: [{ weight: 2 }, { weight: 40 }] }),
      400,
      'carrier_exception',
    ).message;
    await s.em.clearFaults();
    const made = (await s.em.bookings('dhl_parcel_de')).at(-1)!;
    expect(made.cancelled).toBe(false);
    expect(err).toContain(`DHL booked parcels ${made.tracking_number} of the order and refused to delete them`);
  });
});

describe('tracking with a refused portal user', () => {
  it('answers carrier_authentication, not carrier_exception', async () => {
    const auth = { ...validAuth.dhl_parcel_de, password: 'not-the-password' };
    const account = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'dhl_parcel_de', country: 'DE', test: true, auth },
      })
    ).body.shipping_account.id;
    const res = await s.t.call('POST', '/track', s.key, {
      track: { shipping_account: account, tracking_number: '340434310001', refresh: true },
    });
    const err = expectError(res, 400, 'carrier_authentication');
    expect(err.message).toContain('Login failed');
  });
});
