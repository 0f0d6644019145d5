/** Returns: bad input, tenant isolation, carriers that cannot do a step, and the list's paging. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../../src/carriers/declarations.js';
import { createReturn } from '../../src/storage/repositories/returns.js';
import type { Address } from '../../src/domain/types.js';
import { accountBody } from '../support/accounts.js';
import { createTestApp, expectError } from '../support/app.js';
import { startTestEmulator } from '../support/emulator.js';
import { address, recipientUS, type CarrierASuite } from '../contract/support.js';

// carrier_a books against the emulator; the others are their declarations alone, as the registry
// holds a carrier whose adapter is not written, so the refusals below hold whatever adapters exist.
const s = {} as CarrierASuite;
beforeAll(async () => {
  s.em = await startTestEmulator();
  const bare = {
    carrier_b: async () => ({ declaration: declarations.carrier_b }),
    carrier_c: async () => ({ declaration: declarations.carrier_c }),
    carrier_d_reseller: async () => ({ declaration: declarations.carrier_d_reseller }),
  };
  s.t = await createTestApp({ emulatorUrl: s.em.url, adapters: bare });
  s.key = await s.t.key();
  s.account = (
    await s.t.call('POST', '/shippingaccount', s.key, {
      shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
    })
  ).body.shipping_account.id;
});
afterAll(async () => {
  await s.t?.close();
  await s.em?.close();
});
const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const customer = address({ name: 'Cora Customer', phone: '9015550199' });
const lines = [{ product_name: 'Mug', quantity: 2, value: 10, weight: 1 }];

const methodBody = (shipping_account: string, extra: Record<string, unknown> = {}) => ({
  return_method: {
    shipping_account,
    method_name: 'Back by post',
    type: 'drop_off',
    service: 'carrier_a_ground',
    packaging: 'your_packaging',
    cost: { carrier_charge: 6, customer_charge: 3 },
    return_charge: 3,
    ...extra,
  },
});
const newMethod = async (extra: Record<string, unknown> = {}, key = s.key, account = s.account) => {
  const res = await s.t.call('POST', '/returns/methods', key, methodBody(account, extra));
  expect(res.status, res.raw).toBe(200);
  return res.body.return_method.id as string;
};
const returnBody = (return_method: string, extra: Record<string, unknown> = {}) => ({
  return: {
    return_method,
    customer_id: 'c-9',
    customer,
    destination: recipientUS,
    return_lines: lines,
    packages: [{ weight: 2 }],
    dim_units: 'IN',
    weight_units: 'LB',
    ...extra,
  },
});
const post = (body: unknown, key = s.key) => s.t.call('POST', '/returns', key, body);
const account = async (carrier: Parameters<typeof accountBody>[0], extra: Record<string, unknown> = {}) =>
  (await s.t.call('POST', '/shippingaccount', s.key, accountBody(carrier, extra))).body.shipping_account.id as string;

describe('return methods: refusals and isolation', () => {
  it('refuses what the carrier cannot do, saying why', async () => {
    const reseller = await account('carrier_d_reseller');
    const pickup = expectError(
      await s.t.call(
        'POST',
        '/returns/methods',
        s.key,
        methodBody(reseller, { type: 'pickup', service: 'priority', packaging: 'parcel' }),
      ),
      400,
      'carrier_unsupported_method',
    );
    expect(pickup.message).toContain('does not pick up');
    expect(pickup.detail).toBe('return_method.type');
    // Drop-off is fine for a reseller (retail counters), but without an adapter nothing books its labels.
    const noAdapter = expectError(
      await s.t.call(
        'POST',
        '/returns/methods',
        s.key,
        methodBody(reseller, { service: 'priority', packaging: 'parcel' }),
      ),
      400,
      'carrier_unsupported_method',
    );
    expect(noAdapter.message).toMatch(/ship for carrier_d_reseller is not available/);
    const b = await account('carrier_b');
    expectError(
      await s.t.call('POST', '/returns/methods', s.key, methodBody(b, { service: 'carrier_b_ground' })),
      400,
      'carrier_unsupported_method',
    );
  });

  it('checks service, packaging and label type against the carrier’s catalog, and every field', async () => {
    const bad = async (extra: Record<string, unknown>, code: string, detail: string) =>
      expect(
        expectError(await s.t.call('POST', '/returns/methods', s.key, methodBody(s.account, extra)), 400, code).detail,
      ).toBe(detail);
    await bad({ service: 'carrier_b_ground' }, 'schema_validation_error', 'return_method.service');
    await bad({ packaging: 'carrier_b_letter' }, 'schema_validation_error', 'return_method.packaging');
    await bad({ label_type: 'GIF' }, 'schema_validation_error', 'return_method.label_type');
    await bad({ type: 'mail' }, 'schema_validation_error', 'return_method.type');
    await bad(
      { cost: { carrier_charge: -1, customer_charge: 0 } },
      'schema_validation_error',
      'return_method.cost.carrier_charge',
    );
    await bad({ method_name: undefined }, 'schema_field_required', 'return_method.method_name');
    expectError(
      await s.t.call('POST', '/returns/methods', s.key, methodBody('sa_nope')),
      404,
      'shipping_account_not_found',
    );
    expectError(await s.t.call('GET', '/returns/methods?postal_code=38117', s.key), 400, 'schema_field_required');
    expectError(
      await s.t.call('GET', '/returns/methods?country=usa&postal_code=1', s.key),
      400,
      'schema_validation_error',
    );
  });

  it('reads, changes and deletes a method; another tenant sees none of it', async () => {
    const id = await newMethod();
    const other = await s.t.key('globex');
    expect((await s.t.call('GET', `/returns/methods/${id}`, s.key)).body.return_method.method_name).toBe(
      'Back by post',
    );
    const changed = await s.t.call('PATCH', `/returns/methods/${id}`, s.key, {
      return_method: { method_name: 'Renamed', return_charge: 0 },
    });
    expect(changed.body.return_method).toMatchObject({
      method_name: 'Renamed',
      return_charge: 0,
      cost: { carrier_charge: 6 },
    });
    expectError(
      await s.t.call('PATCH', `/returns/methods/${id}`, s.key, { return_method: { service: 'nope' } }),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('PATCH', `/returns/methods/${id}`, s.key, { return_method: {} }),
      400,
      'schema_validation_error',
    );
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { return_method: { method_name: 'x' } }],
      ['DELETE', undefined],
    ] as const) {
      expectError(await s.t.call(method, `/returns/methods/${id}`, other, body), 404, 'not_found');
    }
    expect((await s.t.call('GET', '/returns/methods', other)).body.return_methods).toEqual([]);
    expectError(
      await s.t.call('POST', '/returns/methods', other, methodBody(s.account)),
      404,
      'shipping_account_not_found',
    );
    expect((await s.t.call('DELETE', `/returns/methods/${id}`, s.key)).status).toBe(200);
    expectError(await s.t.call('GET', `/returns/methods/${id}`, s.key), 404, 'not_found');
  });
});

describe('POST /returns: bad input', () => {
  it('answers every bad field with the spec’s codes before calling the carrier', async () => {
    const dropOff = await newMethod();
    // A pickup return goes to its account's billing address: the method is refused without one.
    const billed = await account('carrier_a', {
      test: true,
      auth: undefined,
      billing_address: {
        name: 'Returns Dept',
        street1: '1 Dock Rd',
        city: 'Memphis',
        state: 'TN',
        postal_code: '38118',
        country: 'US',
        phone: '9015550111',
      },
    });
    const pickup = await newMethod({ type: 'pickup' }, s.key, billed);
    const bad = async (body: unknown, status: number, code: string, detail?: string) => {
      const err = expectError(await post(body), status, code);
      if (detail) expect(err.detail).toBe(detail);
    };
    await bad(returnBody('rm_nope'), 404, 'not_found', 'return.return_method');
    await bad(
      { return: { ...returnBody(dropOff).return, customer_id: undefined } },
      400,
      'schema_field_required',
      'return.customer_id',
    );
    await bad(returnBody(dropOff, { return_lines: [] }), 400, 'schema_validation_error', 'return.return_lines');
    await bad(
      returnBody(dropOff, { return_lines: [{ product_name: 'Mug', quantity: 1.5 }] }),
      400,
      'schema_validation_error',
      'return.return_lines[0].quantity',
    );
    await bad(returnBody(dropOff, { packages: [] }), 400, 'schema_validation_error', 'return.packages');
    await bad(
      returnBody(dropOff, { customer: { ...customer, country: 'USA' } }),
      400,
      'schema_validation_error',
      'return.customer.country',
    );
    await bad(
      returnBody(dropOff, { customer: { ...customer, phone: undefined } }),
      400,
      'schema_field_required',
      'return.customer.phone',
    );
    await bad(
      returnBody(dropOff, {
        custom: [
          { name: 'a', value: 1 },
          { name: 'a', value: 2 },
        ],
      }),
      400,
      'schema_validation_error',
      'return.custom[1].name',
    );
    await bad(
      returnBody(dropOff, { pickup: { date: inDays(1), ready_time: '09:00', close_time: '12:00' } }),
      400,
      'schema_validation_error',
      'return.pickup',
    );
    await bad(returnBody(pickup), 400, 'schema_field_required', 'return.pickup');
    await bad(
      returnBody(pickup, { pickup: { date: '2020-01-01', ready_time: '09:00', close_time: '12:00' } }),
      400,
      'schema_validation_error',
      'return.pickup.date',
    );
    await bad(
      returnBody(pickup, { pickup: { date: inDays(1), ready_time: '12:00', close_time: '09:00' } }),
      400,
      'schema_validation_error',
      'return.pickup.close_time',
    );
    await bad(
      returnBody(pickup, { pickup: { date: inDays(1), ready_time: '9am', close_time: '12:00' } }),
      400,
      'schema_validation_error',
      'return.pickup.ready_time',
    );
    await bad(
      returnBody(pickup, {
        customer: { ...customer, phone: 'ring twice' },
        pickup: { date: inDays(1), ready_time: '09:00', close_time: '12:00' },
      }),
      400,
      'invalid_phone_number',
      'return.customer.phone',
    );
    await bad(returnBody(dropOff, { destination: undefined }), 400, 'schema_field_required', 'return.destination');
    await bad('not json', 400, 'schema_validation_error');
    expect(await s.t.db.database.db.selectFrom('returns').selectAll().execute()).toEqual([]);
  });

  it('sends the parcel to the account’s billing address when no destination is given', async () => {
    const billed = await account('carrier_a', {
      test: true,
      auth: undefined,
      billing_address: {
        name: 'Returns Dept',
        street1: '1 Dock Rd',
        city: 'Memphis',
        state: 'TN',
        postal_code: '38118',
        country: 'US',
        phone: '9015550111',
      },
    });
    const m = await newMethod({}, s.key, billed);
    const res = await post(returnBody(m, { destination: undefined }));
    expect(res.status, res.raw).toBe(200);
    const shipment = await s.t.db.database.db
      .selectFrom('shipments')
      .select('response')
      .where('id', '=', res.body.shipment.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(shipment.response).recipient.name).toBe('Returns Dept');
  });
});

describe('returns: isolation, deleted methods, patch input', () => {
  it('hides a return from another tenant and still reads it after its method is deleted', async () => {
    const m = await newMethod();
    const r = (await post(returnBody(m))).body;
    const other = await s.t.key('initech');
    expectError(await s.t.call('GET', `/returns/${r.id}`, other), 404, 'not_found');
    expectError(
      await s.t.call('PATCH', `/returns/${r.id}`, other, { shipment: { status: 'SHIPMENT_VOIDED' } }),
      404,
      'not_found',
    );
    expectError(await post(returnBody(m), other), 404, 'not_found');
    const list = await s.t.call('GET', '/returns', other);
    expect(list.body).toEqual([]);
    expect(list.headers['x-total-count']).toBe('0');
    expect((await s.t.call('DELETE', `/returns/methods/${m}`, s.key)).status).toBe(200);
    const read = await s.t.call('GET', `/returns/${r.id}`, s.key);
    expect(read.status).toBe(200);
    expect(read.body.return_method).toMatchObject({ id: m, method_name: 'Back by post', carrier: 'carrier_a' });
  });

  it('refuses any status but SHIPMENT_VOIDED and malformed custom values', async () => {
    const m = await newMethod();
    const id = (await post(returnBody(m))).body.id;
    expectError(
      await s.t.call('PATCH', `/returns/${id}`, s.key, { shipment: { status: 'DELIVERED' } }),
      400,
      'schema_validation_error',
    );
    expectError(await s.t.call('PATCH', `/returns/${id}`, s.key, {}), 400, 'schema_validation_error');
    expectError(
      await s.t.call('PATCH', `/returns/${id}`, s.key, { custom: { name: 'a' } }),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('PATCH', `/returns/${id}`, s.key, { custom: [{ value: 1 }] }),
      400,
      'schema_field_required',
    );
    expectError(
      await s.t.call('PATCH', `/returns/${id}`, s.key, { custom: [{ name: 'big', value: 'x'.repeat(3000) }] }),
      400,
      'schema_validation_error',
    );
  });
});

describe('GET /returns: paging and filters', () => {
  it('pages newest first with X-Total-Count and RFC 8288 links, keeping the other filters', async () => {
    const m = await newMethod();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(returnBody(m, { customer_id: 'pager' }))).body.id);
    const page = (n: number) => s.t.call('GET', `/returns?customer_id=pager&pageSize=2&page=${n}`, s.key);
    const first = await page(1);
    expect(first.headers['x-total-count']).toBe('5');
    const seen = [...first.body, ...(await page(2)).body, ...(await page(3)).body].map((r: { id: string }) => r.id);
    expect(seen).toEqual([...ids].reverse());
    const link = String(first.headers.link);
    expect(link).toMatch(/<http[^>]*\/returns\?customer_id=pager&pageSize=2&page=1>; rel="first"/);
    expect(link).toMatch(/page=2>; rel="next"/);
    expect(link).toMatch(/page=3>; rel="last"/);
    expect(link).not.toContain('rel="prev"');
    expect(String((await page(3)).headers.link)).toMatch(/page=2>; rel="prev"/);
    expect((await page(9)).body).toEqual([]);
  });

  it('filters on dates, method, order, reference and refuses bad values', async () => {
    const m = await newMethod();
    const r = (await post(returnBody(m, { customer_id: 'dates', order_id: 'ORD-77' }))).body;
    const ids = async (q: string) =>
      (await s.t.call('GET', `/returns?customer_id=dates&${q}`, s.key)).body.map((x: { id: string }) => x.id);
    const today = r.created.slice(0, 10);
    expect(await ids(`start_date=${today}&end_date=${today}`)).toEqual([r.id]);
    expect(await ids(`end_date=${inDays(-2)}`)).toEqual([]);
    expect(await ids(`start_date=${r.created}`)).toEqual([r.id]);
    expect(await ids(`end_date=${r.created}`)).toEqual([r.id]);
    expect(await ids(`return_method=${m}`)).toEqual([r.id]);
    expect(await ids('order_id=ORD-77')).toEqual([r.id]);
    expect(await ids('search=ORD-77')).toEqual([r.id]);
    expect(r.shipment.reference_number).toBe('ORD-77');
    expect(await ids('status=EXCEPTION')).toEqual([]);
    for (const q of [
      'pageSize=501',
      'pageSize=0',
      'page=0',
      'page=99999999999999',
      'status=LOST',
      'start_date=yesterday',
      'custom=nocolon',
      `start_date=${inDays(1)}&end_date=${inDays(0)}`,
    ]) {
      expectError(await s.t.call('GET', `/returns?${q}`, s.key), 400, 'schema_validation_error');
    }
  });
});

describe('garbage', () => {
  it('answers any shape of bad input with a 4xx, never a 500', async () => {
    const m = await newMethod();
    const id = (await post(returnBody(m))).body.id;
    const bodies = [
      null,
      [],
      1,
      'x',
      { return: null },
      { return: [] },
      { return: { return_method: 1 } },
      { return_method: null },
      { return: { ...returnBody(m).return, packages: [{ weight: 'heavy' }] } },
    ];
    for (const body of bodies) {
      for (const [method, url] of [
        ['POST', '/returns'],
        ['POST', '/returns/methods'],
        ['PATCH', `/returns/${id}`],
        ['PATCH', `/returns/methods/${m}`],
        ['POST', '/pickup/cancel'],
      ] as const) {
        const res = await s.t.call(method, url, s.key, JSON.stringify(body));
        expect(res.status, `${method} ${url} ${JSON.stringify(body)}: ${res.raw}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
    for (const q of [
      'custom=%00:x',
      'search=%E2%80%AE',
      'start_date=2026-02-30',
      'end_date=9999-99-99T99:99',
      'customer_id=' + 'x'.repeat(300),
      'status=',
      'page=abc',
    ]) {
      const res = await s.t.call('GET', `/returns?${q}`, s.key);
      expect(res.status, `${q}: ${res.raw}`).toBeLessThan(500);
    }
    expect([400, 414]).toContain((await s.t.call('GET', `/returns/${'x'.repeat(101)}`, s.key)).status);
    expect(
      (await s.t.call('PATCH', `/returns/${id}`, s.key, { custom: [{ name: '__proto__', value: { polluted: true } }] }))
        .status,
    ).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('voiding where the carrier cannot do a step', () => {
  /** A carrier_c return as a booking would have stored it (its adapter here is the declaration alone). */
  async function storedCarrierCReturn(withPickup: boolean) {
    const acct = await account('carrier_c');
    const now = new Date().toISOString();
    const id = `ret_c_${Math.random().toString(36).slice(2)}`;
    const shipmentId = `shp_${id}`;
    await createReturn(
      s.t.db.database.db,
      {
        shipment: {
          id: shipmentId,
          tenant: 'acme',
          shipping_account_id: acct,
          carrier: 'carrier_c',
          tracking_number: `JD${id}`,
          carrier_shipment_id: null,
          service: 'express_worldwide_p',
          ship_date: now.slice(0, 10),
          test: false,
          status: 'booked',
          response: '{}',
          created_at: now,
          voided_at: null,
          recipient_name: null,
          reference_values: null,
          stage: 'CREATED',
        },
        labels: [
          {
            id: `lbl_${id}`,
            tenant: 'acme',
            shipment_id: shipmentId,
            tracking_number: `JD${id}`,
            format: 'PDF',
            data: new Uint8Array([37, 80, 68, 70]),
            created_at: now,
          },
        ],
      },
      {
        id,
        tenant: 'acme',
        return_method_id: 'rm_c',
        method: {
          id: 'rm_c',
          carrier: 'carrier_c',
          carrier_name: 'International express carrier',
          method_name: 'C',
          type: withPickup ? 'pickup' : 'drop_off',
          cost: { carrier_charge: 1, customer_charge: 1 },
          return_charge: 1,
        },
        customer_id: 'c',
        order_id: null,
        customer: {} as Address,
        destination: {} as Address,
        return_lines: [],
        custom: [],
        shipping_account_id: acct,
        carrier: 'carrier_c',
        test: false,
        shipment_id: shipmentId,
        tracking_number: `JD${id}`,
        reference_number: id,
        label_id: `lbl_${id}`,
        status: 'CREATED',
        pickup_id: withPickup ? 'pu_c' : null,
        pickup_confirmation_number: withPickup ? 'CONF-C' : null,
        pickup_location_code: null,
        pickup_date: withPickup ? inDays(2) : null,
        pickup_state: withPickup ? 'SCHEDULED' : null,
        created_at: now,
        updated_at: now,
      },
      [],
    );
    return { id, shipmentId };
  }

  it('voids the label of a carrier without cancel locally (its labels cost nothing until scanned)', async () => {
    const { id, shipmentId } = await storedCarrierCReturn(false);
    const res = await s.t.call('PATCH', `/returns/${id}`, s.key, { shipment: { status: 'SHIPMENT_VOIDED' } });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.shipment.status).toBe('SHIPMENT_VOIDED');
    const row = await s.t.db.database.db
      .selectFrom('shipments')
      .select('status')
      .where('id', '=', shipmentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('voided');
  });

  it('refuses, changing nothing, when the carrier’s adapter cannot cancel the pickup', async () => {
    const { id, shipmentId } = await storedCarrierCReturn(true);
    const err = expectError(
      await s.t.call('PATCH', `/returns/${id}`, s.key, { shipment: { status: 'SHIPMENT_VOIDED' } }),
      400,
      'carrier_unsupported_method',
    );
    expect(err.message).toContain('cancelPickup');
    expect((await s.t.call('GET', `/returns/${id}`, s.key)).body).toMatchObject({
      shipment: { status: 'CREATED' },
      pickup: { status: 'SCHEDULED' },
    });
    const row = await s.t.db.database.db
      .selectFrom('shipments')
      .select('status')
      .where('id', '=', shipmentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('booked');
  });

  it('answers carrier_unsupported_method on POST /pickup/cancel for a carrier that cannot cancel pickups', async () => {
    const reseller = await account('carrier_d_reseller');
    expectError(
      await s.t.call('POST', '/pickup/cancel', s.key, {
        pickup_cancel: { shipping_account: reseller, confirmation_number: 'X1' },
      }),
      400,
      'carrier_unsupported_method',
    );
    const c = await account('carrier_c');
    expectError(
      await s.t.call('POST', '/pickup/cancel', s.key, {
        pickup_cancel: { shipping_account: c, confirmation_number: 'X1' },
      }),
      400,
      'carrier_unsupported_method',
    );
    // Another tenant cannot name this tenant's account to cancel its pickups.
    expectError(
      await s.t.call('POST', '/pickup/cancel', await s.t.key('hooli'), {
        pickup_cancel: { shipping_account: s.account, confirmation_number: 'X1' },
      }),
      404,
      'shipping_account_not_found',
    );
  });

  it('defaults packaging and label type as /rate does: neither is a field of the spec’s return method', async () => {
    const id = await newMethod({ packaging: undefined, label_type: undefined });
    const res = await post(returnBody(id));
    expect(res.status, res.raw).toBe(200);
    const shipment = await s.t.db.database.db
      .selectFrom('shipments')
      .select('response')
      .where('id', '=', res.body.shipment.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(shipment.response)).toMatchObject({ packaging: 'your_packaging', label_type: 'PDF' });
  });
});
