/** The whole service → dhl_parcel_de adapter → emulator: tracking, cancelling, credentials, what the carrier lacks. */
import { describe, expect, it } from 'vitest';
import { validAuth } from '../support/accounts.js';
import { expectError } from '../support/app.js';
import { shipment, useCarrier } from './support.js';

const s = useCarrier('dhl_parcel_de', 'DE');
const DAY = 86_400_000;

const bonn = {
  name: 'Max Mustermann',
  street1: 'Charles-de-Gaulle-Str. 20',
  city: 'Bonn',
  postal_code: '53113',
  country: 'DE',
};
const berlin = {
  name: 'Maria Muster',
  street1: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
};
const body = (overrides: Record<string, unknown> = {}) =>
  shipment(s.account, {
    sender: bonn,
    recipient: berlin,
    service: 'dhl_parcel_de_paket',
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
const track = (tracking_number: string) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number, refresh: true } });
const cancel = (tracking_number: string) =>
  s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: s.account, tracking_number } });

describe('POST /track', () => {
  it('answers a fresh booking as announced, then advances to delivery with the emulator clock', async () => {
    const number = await book();
    const fresh = await track(number);
    expect(fresh.status, fresh.raw).toBe(200);
    expect(fresh.body).toMatchObject({
      carrier: 'dhl_parcel_de',
      tracking_number: number,
      tracking_stage: 'CREATED',
      delivered: false,
    });
    await s.em.advance(10 * DAY);
    const done = await track(number).finally(() => s.em.resetClock());
    expect(done.body).toMatchObject({
      tracking_stage: 'DELIVERED',
      delivered: true,
      signed_by: 'Maria Muster',
      status: 'Delivery successful',
    });
    const stages = done.body.checkpoints.map((c: { tracking_stage: string }) => c.tracking_stage);
    expect(stages).toEqual(['DELIVERED', 'OUT_FOR_DELIVERY', 'IN_TRANSIT', 'IN_TRANSIT', 'PICKED_UP', 'CREATED']);
    // German local time, with the offset Germany had then.
    for (const c of done.body.checkpoints) expect(c.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+0[12]:00$/);
    // The tracking API names countries in words ("Germany"), read as their codes.
    expect(done.body.checkpoints[0].location).toEqual({ city: 'Berlin', country: 'DE' });
  });

  it('tracks several numbers in one call, an unknown one failing alone in its slot', async () => {
    const [a, b] = [await book(), await book()];
    const res = await s.t.call(
      'POST',
      '/track',
      s.key,
      [a, '000000000000', b].map((tracking_number) => ({
        track: { shipping_account: s.account, tracking_number, refresh: true },
      })),
    );
    expect(
      res.body.map((r: { tracking_number?: string; error?: { code: string } }) => r.tracking_number ?? r.error?.code),
    ).toEqual([a, 'carrier_no_shipment_found', b]);
  });

  it("answers an unknown number with carrier_no_shipment_found and DHL's words", async () => {
    const err = expectError(await track('000000000000'), 404, 'carrier_no_shipment_found');
    expect(err.message).toContain('No data found');
    expect(err.detail).toMatch(/tracking code 100; request-id emu-\d+/);
  });

  it('answers the test tracking numbers as for every carrier', async () => {
    const res = await track('TEST100000005');
    expect(res.body).toMatchObject({ tracking_stage: 'DELIVERED', delivered: true });
  });
});

describe('POST /cancel', () => {
  it('deletes every parcel of a booking before DHL takes them, and shows the cancellation in tracking', async () => {
    const res = await s.t.call('POST', '/ship', s.key, body({ packages: [{ weight: 2 }, { weight: 3 }] }));
    const [first, second] = res.body.shipment.packages.map((p: { tracking_number: string }) => p.tracking_number);
    const done = await cancel(first);
    expect(done.status, done.raw).toBe(200);
    expect(done.body.success.message).toBe('2 shipments deleted');
    const bookings = await s.em.bookings('dhl_parcel_de');
    expect(bookings.filter((b) => [first, second].includes(b.tracking_number)).map((b) => b.cancelled)).toEqual([
      true,
      true,
    ]);
    const tracked = await track(first);
    expect(tracked.body.tracking_stage).toBe('SHIPMENT_VOIDED');
    expect(tracked.body.checkpoints[0]).toMatchObject({ status: 'Order canceled', tracking_stage: 'SHIPMENT_VOIDED' });
    expectError(await cancel(first), 409, 'conflict');
  });

  it('answers a number never booked through Waybill with carrier_no_shipment_found', async () => {
    expectError(await cancel('000000000000'), 404, 'carrier_no_shipment_found');
  });

  it("refuses a shipment DHL has already taken, with DHL's message", async () => {
    const number = await book();
    await s.em.advance(2 * DAY);
    const err = expectError(await cancel(number).finally(() => s.em.resetClock()), 400, 'carrier_exception');
    expect(err.message).toContain('already been manifested');
  });
});

describe('POST /validate_credentials', () => {
  it('answers valid: true when DHL issues a token, valid: false (never an error) when it refuses the client or the user', async () => {
    const validate = (auth: Record<string, string>) =>
      s.t.call('POST', '/validate_credentials', s.key, {
        validate_credentials: { carrier: 'dhl_parcel_de', country: 'DE', test: true, auth },
      });
    expect((await validate(validAuth.dhl_parcel_de)).body).toMatchObject({ valid: true });
    const client = await validate({ ...validAuth.dhl_parcel_de, client_secret: 'not-issued' });
    expect(client.status).toBe(200);
    expect(client.body).toMatchObject({ valid: false, message: 'Invalid client or Invalid client credentials' });
    expect((await validate({ ...validAuth.dhl_parcel_de, password: 'not-issued' })).body).toMatchObject({
      valid: false,
      message: 'Invalid user credentials',
    });
    const stored = await s.t.call('POST', '/validate_credentials', s.key, {
      validate_credentials: { shipping_account: s.account },
    });
    expect(stored.body.valid).toBe(true);
  });
});

describe('what dhl_parcel_de lacks', () => {
  it('answers carrier_unsupported_method for drop-off points and pickup availability', async () => {
    const dopu = expectError(
      await s.t.call('POST', '/dopu', s.key, {
        dopu: { shipping_account: s.account, location: { city: 'Bonn', country: 'DE' } },
      }),
      400,
      'carrier_unsupported_method',
    );
    expect(dopu.message).toContain('no public drop-off location API');
    const start = new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10);
    const availability = await s.t.call('POST', '/pickup/availability', s.key, {
      pickup_availability: {
        shipping_account: s.account,
        carrier: 'dhl_parcel_de',
        location: { ...bonn, phone: '+49 228 1234567', location_type: 'reception' },
        shipments: [{ packages: [{ weight: 2 }] }],
        start_date: start,
        end_date: start,
        dim_units: 'CM',
        weight_units: 'KG',
      },
    });
    expect(expectError(availability, 400, 'carrier_unsupported_method').message).toContain(
      'no pickup availability API',
    );
  });
});
