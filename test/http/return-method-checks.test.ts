/**
 * What a return method needs is checked when it is made or changed; the portal offers only methods
 * that can complete, tells a customer calmly when one fails, and the merchant's audit log has the
 * detail; returns, pickups and return methods are in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { address, recipientUS } from '../contract/support.js';

const DAY = 86_400_000;
let t: TestApp;
let em: TestEmulator;
let key: string;
let billed: string;
let bare: string;
beforeAll(async () => {
  em = await startTestEmulator();
  t = await createTestApp({ emulatorUrl: em.url });
  key = await t.key();
  const account = async (extra: Record<string, unknown>) =>
    (
      await t.call('POST', '/shippingaccount', key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true, ...extra },
      })
    ).body.shipping_account.id as string;
  billed = await account({
    name: 'Returns desk',
    billing_address: address({ name: 'Returns desk', postal_code: '10001', city: 'New York', state: 'NY' }),
  });
  bare = await account({ name: 'No address' });
});
afterAll(async () => {
  await t?.close();
  await em?.close();
});

const method = (shipping_account: string, extra: Record<string, unknown> = {}) => ({
  return_method: {
    shipping_account,
    method_name: 'Back by post',
    type: 'drop_off',
    service: 'carrier_a_ground',
    packaging: 'your_packaging',
    cost: { carrier_charge: 6, customer_charge: 4 },
    return_charge: 4,
    ...extra,
  },
});
const made = async (body: unknown) => {
  const res = await t.call('POST', '/returns/methods', key, body);
  expect(res.status, res.raw).toBe(200);
  return res.body.return_method.id as string;
};
const audit = async (action: string) =>
  (await t.call('GET', `/audit?action=${action}`, key)).body as {
    action: string;
    actor: { kind: string };
    resource: { type: string; id?: string };
    changes?: Record<string, unknown>;
  }[];

describe('return method checks', () => {
  it('refuses a pickup method on an account without a billing address, naming what is missing, made or changed', async () => {
    const refused = expectError(
      await t.call('POST', '/returns/methods', key, method(bare, { type: 'pickup' })),
      400,
      'schema_field_required',
    );
    expect(refused.detail).toBe('return_method.destination');
    expect(refused.message).toContain(bare);
    const dropOff = await made(method(bare));
    const changed = expectError(
      await t.call('PATCH', `/returns/methods/${dropOff}`, key, { return_method: { type: 'pickup' } }),
      400,
      'schema_field_required',
    );
    expect(changed.detail).toBe('return_method.destination');
    expect((await t.call('GET', `/returns/methods/${dropOff}`, key)).body.return_method.type).toBe('drop_off');
    await made(method(billed, { type: 'pickup' }));
  });

  it('lets a method carry its own destination: a pickup on an account without a billing address, checked field by field', async () => {
    const warehouse = address({ name: 'Returns warehouse', street1: '9 Dock Rd', city: 'Newark', state: 'NJ' });
    const id = await made(method(bare, { type: 'pickup', method_name: 'Collected', destination: warehouse }));
    expect((await t.call('GET', `/returns/methods/${id}`, key)).body.return_method).toMatchObject({
      type: 'pickup',
      destination: { name: 'Returns warehouse', city: 'Newark' },
    });
    const { city: _city, ...noCity } = warehouse;
    const missing = expectError(
      await t.call('POST', '/returns/methods', key, method(bare, { type: 'pickup', destination: noCity })),
      400,
      'schema_field_required',
    );
    expect(missing.detail).toMatch(/^return_method\.destination/);
    expect(missing.message).toContain('city');
    const blank = expectError(
      await t.call('POST', '/returns/methods', key, method(bare, { destination: { ...warehouse, street1: ' ' } })),
      400,
      'schema_field_required',
    );
    expect(blank.detail).toBe('return_method.destination.street1');
    // A drop-off method on the bare account becomes a pickup once it is given a destination.
    const dropOff = await made(method(bare, { method_name: 'Later a pickup' }));
    const patched = await t.call('PATCH', `/returns/methods/${dropOff}`, key, {
      return_method: { type: 'pickup', destination: warehouse },
    });
    expect(patched.status, patched.raw).toBe(200);
    expect(patched.body.return_method).toMatchObject({ type: 'pickup', destination: { street1: '9 Dock Rd' } });
  });

  it('clears a method’s own destination with null: its returns go to the billing address, and a pickup needing one is refused', async () => {
    const warehouse = address({ name: 'Returns warehouse', street1: '9 Dock Rd', city: 'Newark', state: 'NJ' });
    const onBilled = await made(method(billed, { type: 'pickup', method_name: 'To the desk', destination: warehouse }));
    const cleared = await t.call('PATCH', `/returns/methods/${onBilled}`, key, {
      return_method: { destination: null },
    });
    expect(cleared.status, cleared.raw).toBe(200);
    expect(cleared.body.return_method).not.toHaveProperty('destination');
    expect((await t.call('GET', `/returns/methods/${onBilled}`, key)).body.return_method).not.toHaveProperty(
      'destination',
    );
    // The audit log says where its returns went before and where they go now.
    const changes = (await audit('return_method.created')).find((e) => e.resource.id === onBilled)?.changes;
    expect(changes).toMatchObject({ destination: { street1: '9 Dock Rd' } });
    expect((await audit('return_method.updated')).find((e) => e.resource.id === onBilled)?.changes).toMatchObject({
      destination: null,
    });

    const onBare = await made(method(bare, { type: 'pickup', method_name: 'Own address', destination: warehouse }));
    const refused = expectError(
      await t.call('PATCH', `/returns/methods/${onBare}`, key, { return_method: { destination: null } }),
      400,
      'schema_field_required',
    );
    expect(refused.detail).toBe('return_method.destination');
    expect((await t.call('GET', `/returns/methods/${onBare}`, key)).body.return_method.destination).toMatchObject({
      street1: '9 Dock Rd',
    });
    // Every other null member is still absent, as anywhere else: nothing is cleared by it.
    const kept = await t.call('PATCH', `/returns/methods/${onBare}`, key, {
      return_method: { method_name: 'Own address, kept', packaging: null, label_type: null },
    });
    expect(kept.status, kept.raw).toBe(200);
    expect(kept.body.return_method).toMatchObject({ method_name: 'Own address, kept', packaging: 'your_packaging' });
  });

  it('records making, changing and deleting a method in the audit log', async () => {
    const id = await made(method(billed, { method_name: 'Audited' }));
    expect(
      (await t.call('PATCH', `/returns/methods/${id}`, key, { return_method: { method_name: 'Audited twice' } }))
        .status,
    ).toBe(200);
    expect((await t.call('DELETE', `/returns/methods/${id}`, key)).status).toBe(200);
    expect((await audit('return_method.created')).find((e) => e.resource.id === id)).toMatchObject({
      actor: { kind: 'key' },
      resource: { type: 'return_method' },
      changes: { method_name: 'Audited', shipping_account: billed, customer_charge: 4 },
    });
    expect((await audit('return_method.updated')).find((e) => e.resource.id === id)?.changes).toMatchObject({
      method_name: 'Audited twice',
    });
    expect((await audit('return_method.deleted')).some((e) => e.resource.id === id)).toBe(true);
  });
});

describe('the audit log of what spends money', () => {
  it('records a return made and voided, and a pickup scheduled and cancelled', async () => {
    const m = await made(method(billed));
    const body = {
      return: {
        return_method: m,
        customer_id: 'c-1',
        customer: address({ name: 'Cora Customer' }),
        destination: recipientUS,
        return_lines: [{ product_name: 'Mug', quantity: 1, weight: 1 }],
        packages: [{ weight: 1 }],
        dim_units: 'IN',
        weight_units: 'LB',
      },
    };
    const ret = await t.call('POST', '/returns', key, body);
    expect(ret.status, ret.raw).toBe(200);
    expect(
      (await t.call('PATCH', `/returns/${ret.body.id}`, key, { shipment: { status: 'SHIPMENT_VOIDED' } })).status,
    ).toBe(200);
    expect((await audit('return.created')).find((e) => e.resource.id === ret.body.id)).toMatchObject({
      actor: { kind: 'key' },
      resource: { type: 'return' },
      changes: { return_method: m, tracking_number: ret.body.shipment.tracking_number },
    });
    expect((await audit('return.voided')).some((e) => e.resource.id === ret.body.id)).toBe(true);

    const date = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const pickup = {
      shipping_account: billed,
      carrier: 'carrier_a',
      location: address({ location_type: 'front desk' }),
      shipments: [{ packages: [{ weight: 5 }], service: 'carrier_a_ground' }],
      time: { date, ready_time: '10:00', close_time: '17:00' },
      dim_units: 'IN',
      weight_units: 'LB',
    };
    const scheduled = await t.call('POST', '/pickup', key, { pickup });
    expect(scheduled.status, scheduled.raw).toBe(200);
    const confirmation = scheduled.body.pickup.confirmation_number as string;
    expect(
      (
        await t.call('POST', '/pickup/cancel', key, {
          pickup_cancel: { shipping_account: billed, confirmation_number: confirmation },
        })
      ).status,
    ).toBe(200);
    expect((await audit('pickup.scheduled')).find((e) => e.resource.id === scheduled.body.pickup.id)).toMatchObject({
      resource: { type: 'pickup' },
      changes: { confirmation_number: confirmation, date },
    });
    expect(
      (await audit('pickup.cancelled')).find((e) => e.changes?.confirmation_number === confirmation),
    ).toMatchObject({ resource: { type: 'pickup', id: scheduled.body.pickup.id } });
  });
});

describe('the portal and its customer', () => {
  const customer = address({ name: 'Cora Customer', street1: '77 Elm Road', phone: '9015550199' });
  const lines = [{ line_id: 'L1', product_name: 'Blue mug', sku: 'MUG-B', quantity: 2, value: 12, weight: 0.5 }];
  const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

  it('offers only methods that can complete, with the charge’s currency, and answers a merchant-side failure calmly', async () => {
    const usable = await made(method(billed, { method_name: 'Portal drop-off' }));
    const hidden = await made(method(bare, { method_name: 'Nowhere to go' }));
    const link = await t.call('POST', '/returns/portal-links', key, {
      portal_link: {
        customer_id: 'cust-7',
        order_id: 'order-1',
        customer,
        lines,
        weight_units: 'LB',
        return_methods: [usable, hidden],
      },
    });
    expect(link.status, link.raw).toBe(200);
    const token = tokenOf(link.body.portal_link.url);
    const page = (await t.call('GET', `/public/portal/${token}`, undefined)).body.portal;
    expect(page.return_methods.map((m: { id: string }) => m.id)).toEqual([usable]);
    expect(page.currency).toBe('USD');

    // The carrier refuses the merchant's credentials: the customer hears a calm sentence, the merchant the detail.
    await em.fault('carrier_a', 'ship', 'auth', 5);
    const body = { return: { return_method: usable, lines: [{ line_id: 'L1', quantity: 1, reason: 'Too small' }] } };
    const failed = await t.call('POST', `/public/portal/${token}/returns`, undefined, body, {
      'idempotency-key': 'calm-1',
    });
    await em.clearFaults();
    const err = expectError(failed, 409, 'conflict');
    expect(err.message).toMatch(/^This return cannot be made online just now\. The shop has been told/);
    expect(failed.raw).not.toMatch(/carrier_a|shipping account|credential/i);
    const entry = (await audit('return.failed')).find((e) => e.changes?.portal_link === link.body.portal_link.id);
    expect(entry).toMatchObject({
      actor: { kind: 'customer' },
      changes: { return_method: usable, code: 'carrier_authentication' },
    });

    const ok = await t.call('POST', `/public/portal/${token}/returns`, undefined, body, {
      'idempotency-key': 'calm-2',
    });
    expect(ok.status, ok.raw).toBe(200);
    expect((await audit('return.created')).find((e) => e.resource.id === ok.body.return.id)?.actor.kind).toBe(
      'customer',
    );
  });

  it('offers a method whose own destination makes it complete, and its returns go there', async () => {
    const warehouse = address({ name: 'Bare returns', street1: '9 Dock Rd', city: 'Newark', state: 'NJ' });
    const own = await made(method(bare, { method_name: 'Own destination', destination: warehouse }));
    const pickup = await made(method(bare, { method_name: 'Own pickup', type: 'pickup', destination: warehouse }));
    const link = await t.call('POST', '/returns/portal-links', key, {
      portal_link: {
        customer_id: 'cust-8',
        order_id: 'order-2',
        customer,
        lines,
        weight_units: 'LB',
        return_methods: [own, pickup],
      },
    });
    const token = tokenOf(link.body.portal_link.url);
    const page = (await t.call('GET', `/public/portal/${token}`, undefined)).body.portal;
    expect(page.return_methods.map((m: { id: string }) => m.id).sort()).toEqual([own, pickup].sort());
    const body = { return: { return_method: own, lines: [{ line_id: 'L1', quantity: 1, reason: 'Too small' }] } };
    const res = await t.call('POST', `/public/portal/${token}/returns`, undefined, body, {
      'idempotency-key': 'own-1',
    });
    expect(res.status, res.raw).toBe(200);
    const stored = await t.db.database.db
      .selectFrom('returns')
      .select('destination')
      .where('id', '=', res.body.return.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.destination)).toMatchObject({ name: 'Bare returns', street1: '9 Dock Rd' });
  });
});
