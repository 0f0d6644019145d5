/** The whole service → carrier_d adapter → emulator: tracking, refunds, pickups, drop-off points, SCAN forms, credentials. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { validAuth } from '../support/accounts.js';
import { expectError } from '../support/app.js';
import { address, shipmentD as shipment, useCarrierD } from './carrier_d.support.js';

const s = useCarrierD();
const DAY = 86_400_000;

const book = async (overrides: Record<string, unknown> = {}) =>
  (await s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'priority_mail', ...overrides }))).body
    .shipment.tracking_number as string;
const track = (tracking_number: string, extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number, ...extra } });

describe('POST /track (carrier_d)', () => {
  it('tracks a new label as CREATED with offset times', async () => {
    const res = await track(await book());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ carrier: 'carrier_d', tracking_stage: 'CREATED', delivered: false });
    for (const c of res.body.checkpoints)
      expect(c.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(res.body.estimated_delivery).toBeDefined();
  });

  it('advances with the emulator clock up to delivery', async () => {
    const number = await book();
    await s.em.advance(10 * DAY);
    const res = await track(number, { refresh: true }).finally(() => s.em.resetClock());
    expect(res.body).toMatchObject({ tracking_stage: 'DELIVERED', delivered: true });
    expect(res.body.delivery_date).toMatch(/[+-]\d{2}:\d{2}$/);
    const stages = res.body.checkpoints.map((c: { tracking_stage: string }) => c.tracking_stage);
    expect(stages[0]).toBe('DELIVERED');
    expect(stages).toEqual(expect.arrayContaining(['OUT_FOR_DELIVERY', 'IN_TRANSIT', 'PICKED_UP', 'CREATED']));
  });

  it('tracks a batch with bounded single calls, an unknown number failing alone', async () => {
    const [a, b] = [await book(), await book()];
    const res = await s.t.call(
      'POST',
      '/track',
      s.key,
      [a, '9200000000000000000000', b].map((tracking_number) => ({
        track: { shipping_account: s.account, tracking_number, refresh: true },
      })),
    );
    expect(
      res.body.map((r: { tracking_number?: string; error?: { code: string } }) => r.tracking_number ?? r.error?.code),
    ).toEqual([a, 'carrier_no_shipment_found', b]);
  });

  it('answers an unknown number with carrier_no_shipment_found and USPS’s words', async () => {
    const err = expectError(await track('9200000000000000000000', { refresh: true }), 404, 'carrier_no_shipment_found');
    expect(err.message).toContain('tracking number');
    expect(err.detail).toContain('carrier_d error code');
  });
});

describe('POST /cancel (carrier_d)', () => {
  it('refunds the label; tracking shows it voided; a second cancel is refused', async () => {
    const number = await book();
    const res = await s.t.call('POST', '/cancel', s.key, {
      cancel: { shipping_account: s.account, tracking_number: number },
    });
    expect(res.status).toBe(200);
    expect(res.body.success.message).toContain('cancelled');
    expect(s.em.emulator.state.carrier_d.labels.get(number)?.refunded).toBe('CANCELED');
    expectError(
      await s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: s.account, tracking_number: number } }),
      409,
      'conflict',
    );
    expect((await track(number, { refresh: true })).body.tracking_stage).toBe('SHIPMENT_VOIDED');
  });

  it('refunds international labels at the international path', async () => {
    const number = await book({
      service: 'priority_mail_international',
      recipient: { name: 'Clara R', street1: '10 Downing St', city: 'London', postal_code: 'SW1A 2AA', country: 'GB' },
      customs_items: [{ description: 'Shirt', quantity: 1, value: 20, weight: 1 }],
    });
    expect(
      (await s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: s.account, tracking_number: number } }))
        .status,
    ).toBe(200);
    expect(s.em.emulator.state.carrier_d.labels.get(number)?.refunded).toBe('CANCELED');
  });
});

describe('pickups, drop-off locations, SCAN forms and credentials (carrier_d)', () => {
  const location = address({ location_type: 'front desk' });
  const shipments = [{ packages: [{ weight: 5 }, { weight: 3, quantity: 2 }], service: 'priority_mail' }];

  it('schedules a pickup', async () => {
    const date = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const res = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        carrier: 'carrier_d',
        location,
        shipments,
        time: { date, ready_time: '10:00', close_time: '17:00' },
        dim_units: 'IN',
        weight_units: 'LB',
        description: 'behind the front desk',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.pickup.confirmation_number).toMatch(/^WTC\d+$/);
    expect(res.body.pickup.currency).toBe('USD');
    const stored = s.em.emulator.state.carrier_d.pickups.get(res.body.pickup.confirmation_number);
    expect(stored?.body).toMatchObject({
      packages: [{ packageType: 'PRIORITY_MAIL', packageCount: 3 }],
      estimatedWeight: 11,
      pickupLocation: { specialInstructions: 'behind the front desk' },
    });
  });

  it('finds drop-off locations with acceptance hours', async () => {
    const res = await s.t.call('POST', '/dopu', s.key, {
      dopu: {
        shipping_account: s.account,
        location: { street1: '1 Main St', city: 'Memphis', state: 'TN', postal_code: '38117', country: 'US' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.locations).toHaveLength(3);
    expect(res.body.locations[0]).toMatchObject({ country: 'US', postal_code: '38117' });
    expect(res.body.locations[0].operational_hours.MON).toEqual({ open: '07:00', close: '17:00' });
    expectError(
      await s.t.call('POST', '/dopu', s.key, {
        dopu: { shipping_account: s.account, location: { city: 'London', country: 'GB' } },
      }),
      400,
      'schema_field_required',
    );
  });

  it('closes the day with a SCAN form listing the given labels, and refuses them on a second form', async () => {
    const numbers = [await book(), await book()];
    const res = await s.t.call('POST', '/manifest', s.key, {
      manifest: { shipping_account: s.account, tracking_numbers: numbers },
    });
    expect(res.status).toBe(200);
    expect(res.body.manifest).toMatchObject({ carrier: 'carrier_d', tracking_numbers: numbers });
    expect(res.body.manifest.id).toMatch(/^9275090\d+$/);
    const pdf = await PDFDocument.load(Buffer.from(res.body.manifest.document, 'base64'));
    expect(pdf.getPageCount()).toBe(1);
    const again = expectError(
      await s.t.call('POST', '/manifest', s.key, {
        manifest: { shipping_account: s.account, tracking_numbers: numbers },
      }),
      400,
      'carrier_exception',
    );
    expect(again.message).toContain('already been added');
  });

  it('without tracking numbers, takes every label of the day not yet on a form (own credentials only)', async () => {
    // On the shared test credentials the carrier's "every label" is every tenant's: refused there.
    expectError(
      await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: s.account } }),
      400,
      'schema_field_required',
    );
    const own = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: {
          carrier: 'carrier_d',
          country: 'US',
          test: true,
          auth: { ...validAuth.carrier_d, manifest_mid: '900000077' },
          billing_address: address(),
        },
      })
    ).body.shipping_account.id as string;
    const fresh = [await book({ shipping_account: own }), await book({ shipping_account: own })];
    const res = await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: own } });
    expect(res.status).toBe(200);
    expect(res.body.manifest.tracking_numbers).toEqual(expect.arrayContaining(fresh));
    expectError(
      await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: own } }),
      400,
      'carrier_exception',
    );
  });

  it('a refund after the SCAN form becomes a refund request (DISPUTED)', async () => {
    const number = await book();
    expect(
      (
        await s.t.call('POST', '/manifest', s.key, {
          manifest: { shipping_account: s.account, tracking_numbers: [number] },
        })
      ).status,
    ).toBe(200);
    const res = await s.t.call('POST', '/cancel', s.key, {
      cancel: { shipping_account: s.account, tracking_number: number },
    });
    expect(res.body.success.message).toContain('Refund requested');
  });

  it('validates credentials: accepted, and refused with USPS’s message (never an error status)', async () => {
    const ok = await s.t.call('POST', '/validate_credentials', s.key, {
      validate_credentials: { shipping_account: s.account },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.valid).toBe(true);
    const auth = {
      account_number: '1000',
      client_id: 'c',
      client_secret: 'invalid-secret',
      customer_registration_id: '1',
      mailer_id: '2',
      manifest_mid: '3',
    };
    const bad = await s.t.call('POST', '/validate_credentials', s.key, {
      validate_credentials: { carrier: 'carrier_d', country: 'US', test: true, auth },
    });
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({ valid: false, message: expect.stringContaining('Client authentication failed') });
    await s.em.knowCredentials('carrier_d', { client_id: 'c', client_secret: 's' });
    const badPayer = await s.t.call('POST', '/validate_credentials', s.key, {
      validate_credentials: {
        carrier: 'carrier_d',
        country: 'US',
        test: true,
        auth: { ...auth, client_secret: 's', account_number: 'invalid-acct' },
      },
    });
    expect(badPayer.body).toEqual({ valid: false, message: expect.stringContaining('accountNumber') });
  });

  it('answers carrier_unsupported_method for pickup availability', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expectError(
      await s.t.call('POST', '/pickup/availability', s.key, {
        pickup_availability: {
          shipping_account: s.account,
          carrier: 'carrier_d',
          location,
          shipments,
          start_date: today,
          end_date: today,
          dim_units: 'IN',
          weight_units: 'LB',
        },
      }),
      400,
      'carrier_unsupported_method',
    );
  });
});
