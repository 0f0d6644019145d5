/** The whole service → canadapost adapter → emulator: pickups, post offices, manifests, returns, the lookup by reference. */
import { describe, expect, it } from 'vitest';
import { createAdapter } from '../../src/carriers/canadapost/client.js';
import { createTransport } from '../../src/carriers/shared/transport.js';
import type { CarrierCall } from '../../src/carriers/carrier.js';
import type { TokenStore } from '../../src/carriers/shared/oauth.js';
import { validAuth } from '../support/accounts.js';
import { expectError } from '../support/app.js';
import { address, shipment, useCarrier } from './support.js';

const s = useCarrier('canadapost', 'CA');
const DAY = 86_400_000;

const montreal = address({
  name: 'Bob Sender',
  company: 'CGI',
  street1: '502 Main St N',
  city: 'Montreal',
  state: 'QC',
  postal_code: 'H2B1A0',
  country: 'CA',
  phone: '450 823 8432',
});
const ottawa = {
  name: 'Jain Recipient',
  company: 'Jain Ltd',
  street1: '23 Jardin Private',
  city: 'Ottawa',
  state: 'ON',
  postal_code: 'K1K4T3',
  country: 'CA',
  phone: '613 555 0100',
  email: 'jain@example.ca',
};
const body = (overrides: Record<string, unknown> = {}) =>
  shipment(s.account, {
    sender: montreal,
    recipient: ottawa,
    service: 'canadapost_expedited_parcel',
    packages: [{ weight: 2 }],
    dim_units: 'CM',
    weight_units: 'KG',
    ...overrides,
  });
const book = async (overrides: Record<string, unknown> = {}) => {
  const res = await s.t.call('POST', '/ship', s.key, body(overrides));
  expect(res.status, res.raw).toBe(200);
  return res.body.shipment.tracking_number as string;
};
const cancel = (tracking_number: string) =>
  s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: s.account, tracking_number } });
/** The next working day at least `days` ahead of the emulator's (and the service's) clock. */
const workingDay = (days: number) => {
  let t = Date.now() + days * DAY;
  while ([0, 6].includes(new Date(t).getUTCDay())) t += DAY;
  return new Date(t).toISOString().slice(0, 10);
};

describe('pickups', () => {
  const location = { ...ottawa, location_type: 'Side door' };
  const shipments = [{ packages: [{ weight: 5 }], service: 'canadapost_expedited_parcel' }];

  it('answers the working days of the range, 09:00 to the on-demand cut-off', async () => {
    const start = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 8 * DAY).toISOString().slice(0, 10);
    const res = await s.t.call('POST', '/pickup/availability', s.key, {
      pickup_availability: {
        shipping_account: s.account,
        carrier: 'canadapost',
        location,
        shipments,
        start_date: start,
        end_date: end,
        dim_units: 'CM',
        weight_units: 'KG',
      },
    });
    expect(res.status, res.raw).toBe(200);
    const dates = res.body.dates as { date: string; earliest: string; latest: string }[];
    expect(dates.length).toBeGreaterThanOrEqual(5);
    for (const d of dates) {
      expect([0, 6]).not.toContain(new Date(`${d.date}T00:00:00Z`).getUTCDay());
      expect(d).toMatchObject({ earliest: '09:00', latest: '16:00' });
    }
  });

  it('schedules an on-demand pickup and cancels it by its request id', async () => {
    const date = workingDay(2);
    const res = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        carrier: 'canadapost',
        location,
        shipments,
        time: { date, ready_time: '10:00', close_time: '17:00' },
        dim_units: 'CM',
        weight_units: 'KG',
      },
    });
    expect(res.status, res.raw).toBe(200);
    const number = res.body.pickup.confirmation_number as string;
    expect(number).toMatch(/^\d{10}$/);
    expect(res.body.pickup.pickup_date).toBe(date);
    const cancelled = await s.t.call('POST', '/pickup/cancel', s.key, {
      pickup_cancel: { shipping_account: s.account, confirmation_number: number },
    });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect(cancelled.body.success.message).toBe(`canadapost cancelled pickup request ${number}`);
  });

  it('refuses a pickup on a weekend in Canada Post’s words', async () => {
    let t = Date.now() + 2 * DAY;
    while (new Date(t).getUTCDay() !== 6) t += DAY;
    const saturday = new Date(t).toISOString().slice(0, 10);
    const weekend = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        carrier: 'canadapost',
        location,
        shipments,
        time: { date: saturday, ready_time: '10:00', close_time: '17:00' },
        dim_units: 'CM',
        weight_units: 'KG',
      },
    });
    expect(expectError(weekend, 400, 'carrier_exception').detail).toContain('code 7054');
  });
});

describe('POST /dopu', () => {
  it('finds post offices near a postal code, with distances and opening hours', async () => {
    const res = await s.t.call('POST', '/dopu', s.key, {
      dopu: {
        shipping_account: s.account,
        location: { street1: '23 Jardin Private', city: 'Ottawa', postal_code: 'k1k 4t3', country: 'CA' },
      },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.locations).toHaveLength(3);
    const [first] = res.body.locations;
    expect(first).toMatchObject({
      country: 'CA',
      city: 'OTTAWA',
      state: 'ON',
      distance: 0.8,
      distance_units: 'KM',
      location_id: expect.stringMatching(/^\d{10}$/),
    });
    expect(first.operational_hours).toMatchObject({
      MON: { open: '08:30', close: '17:30' },
      SAT: { open: '09:30', close: '13:00' },
    });
    expect(first.operational_hours.SUN).toBeUndefined();
  });

  it('refuses a place outside Canada before any call', async () => {
    expectError(
      await s.t.call('POST', '/dopu', s.key, {
        dopu: { shipping_account: s.account, location: { city: 'Boston', postal_code: '02110', country: 'US' } },
      }),
      400,
      'schema_validation_error',
    );
  });
});

describe('the day’s shipments: void, manifest, refund', () => {
  it('voids a shipment of the day’s group, transmits the group as a manifest PDF, then only refunds', async () => {
    const voided = await book();
    const res = await cancel(voided);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.success.message).toContain('voided shipment');
    const pin = await book();
    // Shared test credentials name their labels; the group transmitted is the one they are in.
    const manifest = await s.t.call('POST', '/manifest', s.key, {
      manifest: { shipping_account: s.account, tracking_numbers: [pin] },
    });
    expect(manifest.status, manifest.raw).toBe(200);
    expect(Buffer.from(manifest.body.manifest.document, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(manifest.body.manifest.id).toMatch(/^\d{18}$/);
    // Transmitted: the void is refused (8064) and a refund is asked instead.
    const after = await cancel(pin);
    expect(after.status, after.raw).toBe(200);
    expect(after.body.success.message).toContain('a refund was requested instead of a void');
    // Transmitted already: nothing of it to transmit again.
    const again = await s.t.call('POST', '/manifest', s.key, {
      manifest: { shipping_account: s.account, tracking_numbers: [pin] },
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });

  it('transmits the groups of the PINs named, each group once', async () => {
    const [a, b] = [await book(), await book()];
    const res = await s.t.call('POST', '/manifest', s.key, {
      manifest: { shipping_account: s.account, tracking_numbers: [a, b] },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.manifest.tracking_numbers).toEqual([a, b]);
  });
});

describe('type: "return" (authorized returns)', () => {
  it('books a prepaid return label from the customer to the merchant, and tracks it', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({
        type: 'return',
        sender: { ...ottawa, email: undefined },
        recipient: montreal,
        include_base64_label: true,
      }),
    );
    expect(res.status, res.raw).toBe(200);
    expect(Buffer.from(res.body.shipment.packages[0].label, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const pin = res.body.shipment.tracking_number as string;
    const tracked = await s.t.call('POST', '/track', s.key, {
      track: { shipping_account: s.account, tracking_number: pin, refresh: true },
    });
    expect(tracked.body).toMatchObject({ tracking_number: pin, tracking_stage: 'CREATED' });
    const cancelled = await cancel(pin);
    expect(cancelled.body.success.message).toContain('only when it is mailed');
  });
});

describe('the lookup of a booking by Waybill’s reference', () => {
  it('finds the booking with its labels by the request id, and nothing under an unknown one', async () => {
    const transport = createTransport({ timeoutMs: 5000 });
    try {
      const labels = { mergePdfs: async (f: Uint8Array[]) => f[0]! } as never;
      const adapter = createAdapter({
        transport,
        labels,
        tokens: {} as TokenStore,
        clock: { now: () => new Date() },
        baseUrl: () => `${s.em.url}/canadapost`,
      });
      await s.em.knowCredentials('canadapost', validAuth.canadapost);
      const call: CarrierCall = {
        auth: { ...validAuth.canadapost, contract_id: '0040000001' },
        test: true,
        debug: false,
        country: 'CA',
        log: s.t.app.log,
      };
      const req = {
        ...body({ packages: [{ weight: 2 }, { weight: 3 }] }).shipment,
        waybill_reference: `WB${Date.now()}`,
      } as never;
      const booked = await adapter.ship!(call, req);
      const found = await adapter.lookupReference!(call, req, new Date());
      expect(found).toMatchObject({
        tracking_number: booked.tracking_number,
        carrier_shipment_id: booked.carrier_shipment_id,
        package_tracking_numbers: booked.packages.map((p) => p.tracking_number),
      });
      expect(Buffer.from(found!.packages![1]!.label).subarray(0, 5).toString()).toBe('%PDF-');
      await expect(
        adapter.lookupReference!(
          call,
          { ...(req as object), waybill_reference: 'WB-NEVER-BOOKED' } as never,
          new Date(),
        ),
      ).resolves.toBeNull();
    } finally {
      await transport.close();
    }
  });
});
