/** Returns end to end: the service → carrier_a adapter → emulator over loopback. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { address, recipientUS, useCarrierA } from './support.js';

// A pickup return method needs its account's billing address, where returned parcels go.
const s = useCarrierA(
  {},
  {
    billing_address: address({
      name: 'Returns Dept',
      street1: '1 Dock Rd',
      city: 'Memphis',
      state: 'TN',
      postal_code: '38118',
      phone: '9015550111',
    }),
  },
);
const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

const customer = address({
  name: 'Cora Customer',
  street1: '9 Elm St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  phone: '9015550199',
});
const lines = [
  {
    product_name: 'Blue shirt',
    line_id: 'L1',
    sku: 'SH-1',
    quantity: 1,
    value: 25,
    weight: 0.5,
    reasons: [{ name: 'reason', value: 'too small', reasons: { name: 'detail', value: 'one size up' } }],
  },
];

async function method(type: 'drop_off' | 'pickup', extra: Record<string, unknown> = {}) {
  const res = await s.t.call('POST', '/returns/methods', s.key, {
    return_method: {
      shipping_account: s.account,
      method_name: `${type} method`,
      type,
      service: 'carrier_a_ground',
      packaging: 'your_packaging',
      cost: { carrier_charge: 7.5, customer_charge: 4 },
      return_charge: 4,
      ...extra,
    },
  });
  expect(res.status, res.raw).toBe(200);
  return res.body.return_method;
}

function returnBody(methodId: string, extra: Record<string, unknown> = {}) {
  return {
    return: {
      return_method: methodId,
      customer_id: 'cust-1',
      order_id: `ord-${Math.random().toString(36).slice(2, 8)}`,
      customer,
      destination: recipientUS,
      return_lines: lines,
      packages: [{ weight: 2, length: 10, width: 8, height: 4 }],
      dim_units: 'IN',
      weight_units: 'LB',
      custom: [
        { name: 'rma', value: 'R-1' },
        { name: 'priority', value: 2 },
      ],
      ...extra,
    },
  };
}

const createReturn = async (
  methodId: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => s.t.call('POST', '/returns', s.key, returnBody(methodId, extra), headers);

describe('return methods', () => {
  it('creates a method with the carrier’s name and a neutral mark this service serves', async () => {
    const m = await method('drop_off');
    expect(m).toMatchObject({
      carrier: 'carrier_a',
      method_name: 'drop_off method',
      type: 'drop_off',
      cost: { carrier_charge: 7.5, customer_charge: 4 },
      return_charge: 4,
      service: 'carrier_a_ground',
    });
    expect(m.id).toMatch(/^rm_/);
    expect(m.carrier_name).not.toMatch(/fedex/i);
    expect(m.carrier_logo).toMatch(/^https?:\/\/[^/]+\/logos\/carrier_a\.svg$/);
    const logo = await s.t.app.inject({ method: 'GET', url: new URL(m.carrier_logo).pathname });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.body).toContain('<svg');
    expect(logo.body.toLowerCase()).not.toContain('fedex');
    expect((await s.t.app.inject({ method: 'GET', url: '/logos/brand_x.svg' })).statusCode).toBe(404);
  });

  it('lists drop-off options near the customer: spec fields, coordinates as strings, hours MON…SUN', async () => {
    const dropOff = await method('drop_off');
    const pickup = await method('pickup');
    const res = await s.t.call('GET', '/returns/methods?country=US&postal_code=38117', s.key);
    expect(res.status).toBe(200);
    const listed = res.body.return_methods.find((m: { id: string }) => m.id === dropOff.id);
    expect(listed.options.length).toBeGreaterThan(0);
    const o = listed.options[0];
    expect(o).toMatchObject({ country: 'US' });
    for (const f of ['id', 'location_id', 'location_name', 'street1', 'city']) expect(typeof o[f]).toBe('string');
    if (o.lat !== undefined) expect(typeof o.lat).toBe('string');
    if (o.lng !== undefined) expect(typeof o.lng).toBe('string');
    if (o.distance !== undefined) expect(typeof o.distance).toBe('number');
    for (const [day, h] of Object.entries(o.operational_hours) as [string, { open: string; close: string }][]) {
      expect(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']).toContain(day);
      expect(h.open).toMatch(/^\d{2}:\d{2}$/);
    }
    expect(res.body.return_methods.find((m: { id: string }) => m.id === pickup.id).options).toBeUndefined();
    // Without the customer's address, no carrier call and no options.
    expect(
      (await s.t.call('GET', '/returns/methods', s.key)).body.return_methods.every((m: object) => !('options' in m)),
    ).toBe(true);
  });

  it('keeps the other carriers’ options when one location search fails', async () => {
    await method('drop_off');
    // Without API credentials carrier_a's adapter refuses before any call: a failure of that account alone.
    const other = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true, auth: { account_number: '999999999' } },
      })
    ).body.shipping_account.id;
    const broken = (
      await s.t.call('POST', '/returns/methods', s.key, {
        return_method: {
          shipping_account: other,
          method_name: 'broken',
          type: 'drop_off',
          service: 'carrier_a_ground',
          packaging: 'your_packaging',
          cost: { carrier_charge: 1, customer_charge: 1 },
          return_charge: 1,
        },
      })
    ).body.return_method;
    const res = await s.t.call('GET', '/returns/methods?country=US&postal_code=38117', s.key);
    expect(res.status).toBe(200);
    const failed = res.body.return_methods.find((m: { id: string }) => m.id === broken.id);
    expect(failed.options).toEqual([]);
    expect(failed.options_error.code).toBe('carrier_authentication');
    const working = res.body.return_methods.filter(
      (m: { type: string; shipping_account: string }) => m.type === 'drop_off' && m.shipping_account === s.account,
    );
    for (const m of working) expect(m.options.length).toBeGreaterThan(0);
  });
});

describe('POST /returns', () => {
  it('books a return label and stores the return with its lines, label and custom values', async () => {
    const m = await method('drop_off');
    const res = await createReturn(m.id);
    expect(res.status, res.raw).toBe(200);
    const r = res.body;
    expect(r.id).toMatch(/^ret_/);
    expect(r.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(r.return_method).toMatchObject({
      id: m.id,
      carrier: 'carrier_a',
      type: 'drop_off',
      cost: { carrier_charge: 7.5, customer_charge: 4 },
    });
    expect(r.shipment).toMatchObject({ type: 'return', status: 'CREATED' });
    expect((await s.t.call('GET', `/shipments/${r.shipment.id}`, s.key)).body.shipment.type).toBe('return');
    expect(r.shipment.tracking_number).toMatch(/^\d{12,}$/);
    expect(Buffer.from(r.shipment.label, 'base64').subarray(0, 4).toString()).toBe('%PDF');
    expect(r.pickup).toBeUndefined();
    expect(r.return_lines).toEqual(lines);
    expect(r.custom).toEqual([
      { name: 'rma', value: 'R-1' },
      { name: 'priority', value: 2 },
    ]);
    const shipment = await s.t.db.database.db
      .selectFrom('shipments')
      .selectAll()
      .where('id', '=', r.shipment.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(shipment.response)).toMatchObject({ type: 'return', sender: { name: 'Cora Customer' } });
  });

  it('hands out one label for a return of several packages', async () => {
    const m = await method('drop_off');
    const res = await createReturn(m.id, { packages: [{ weight: 2 }, { weight: 3 }] });
    expect(res.status, res.raw).toBe(200);
    const pdf = await PDFDocument.load(Buffer.from(res.body.shipment.label, 'base64'));
    expect(pdf.getPageCount()).toBe(2);
  });

  it('schedules the pickup of a pickup method and keeps its confirmation', async () => {
    const m = await method('pickup');
    const res = await createReturn(m.id, { pickup: { date: inDays(2), ready_time: '10:00', close_time: '17:00' } });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.pickup).toMatchObject({ date: inDays(2), status: 'SCHEDULED' });
    expect(res.body.pickup.confirmation_number).toMatch(/\S+/);
    expect(res.body.pickup.id).toMatch(/^pu_/);
  });

  it('answers a retry with the same Idempotency-Key without booking again', async () => {
    const m = await method('drop_off');
    const body = returnBody(m.id);
    const headers = { 'idempotency-key': `ret-${Date.now()}` };
    const first = await s.t.call('POST', '/returns', s.key, body, headers);
    const second = await s.t.call('POST', '/returns', s.key, body, headers);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.id).toBe(first.body.id);
    const count = await s.t.db.database.db
      .selectFrom('returns')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('order_id', '=', body.return.order_id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('answers the carrier’s error and stores nothing when the booking fails; the pickup is cancelled again', async () => {
    const m = await method('pickup');
    const before = await s.t.db.database.db
      .selectFrom('returns')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await s.em.fault('carrier_a', 'ship', 'http_500', 1);
    try {
      const res = await createReturn(m.id, { pickup: { date: inDays(2), ready_time: '10:00', close_time: '17:00' } });
      expectError(res, 502, 'carrier_http_exception');
    } finally {
      await s.em.clearFaults();
    }
    const after = await s.t.db.database.db
      .selectFrom('returns')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(s.t.logs.join('')).not.toContain('its pickup could not be cancelled');
  });
});

describe('reading, listing, tracking and voiding', () => {
  it('reads one return with lines and label; the list leaves both out', async () => {
    const m = await method('drop_off');
    const id = (await createReturn(m.id)).body.id;
    const one = await s.t.call('GET', `/returns/${id}`, s.key);
    expect(one.status).toBe(200);
    expect(one.body.return_lines).toEqual(lines);
    expect(one.body.shipment.label.length).toBeGreaterThan(100);
    const list = await s.t.call('GET', `/returns?search=${one.body.shipment.tracking_number}`, s.key);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].id).toBe(id);
    expect(list.body[0].return_lines).toBeUndefined();
    expect(list.body[0].shipment.label).toBeUndefined();
    expect(list.headers['x-total-count']).toBe('1');
  });

  it('follows /track: the status filter finds the return where its parcel is', async () => {
    const m = await method('drop_off');
    const r = (await createReturn(m.id)).body;
    await s.em.advance(10 * DAY);
    const tracked = await s.t
      .call('POST', '/track', s.key, {
        track: { shipping_account: s.account, tracking_number: r.shipment.tracking_number, refresh: true },
      })
      .finally(() => s.em.resetClock());
    expect(tracked.body.tracking_stage).toBe('DELIVERED');
    expect((await s.t.call('GET', `/returns/${r.id}`, s.key)).body.shipment.status).toBe('DELIVERED');
    const delivered = await s.t.call('GET', `/returns?status=DELIVERED&customer_id=cust-1`, s.key);
    expect(delivered.body.map((x: { id: string }) => x.id)).toContain(r.id);
  });

  it('replaces custom values by name and keeps the others', async () => {
    const m = await method('drop_off');
    const id = (await createReturn(m.id)).body.id;
    const res = await s.t.call('PATCH', `/returns/${id}`, s.key, {
      custom: [
        { name: 'priority', value: { level: 5 } },
        { name: 'note', value: 'call first' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.custom).toEqual([
      { name: 'rma', value: 'R-1' },
      { name: 'priority', value: { level: 5 } },
      { name: 'note', value: 'call first' },
    ]);
    const found = await s.t.call(
      'GET',
      `/returns?custom=${encodeURIComponent('priority:{"level":5}')}&custom=note:call%20first`,
      s.key,
    );
    expect(found.body.map((x: { id: string }) => x.id)).toEqual([id]);
  });

  it('voids the shipment and the pickup with the carrier; a second void calls nothing', async () => {
    const m = await method('pickup');
    const r = (await createReturn(m.id, { pickup: { date: inDays(2), ready_time: '10:00', close_time: '17:00' } }))
      .body;
    const res = await s.t.call('PATCH', `/returns/${r.id}`, s.key, { shipment: { status: 'SHIPMENT_VOIDED' } });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.shipment.status).toBe('SHIPMENT_VOIDED');
    expect(res.body.pickup.status).toBe('CANCELLED');
    const row = await s.t.db.database.db
      .selectFrom('shipments')
      .select('status')
      .where('id', '=', r.shipment.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('voided');
    // The pickup is gone at the carrier: cancelling it again is refused there.
    const again = await s.t.call('POST', '/pickup/cancel', s.key, {
      pickup_cancel: {
        shipping_account: s.account,
        confirmation_number: r.pickup.confirmation_number,
        date: r.pickup.date,
        ...(r.pickup.location_code ? { location: r.pickup.location_code } : {}),
      },
    });
    expect(again.status).toBe(400);
    await s.em.fault('carrier_a', 'cancel', 'http_500', 5);
    try {
      expect(
        (await s.t.call('PATCH', `/returns/${r.id}`, s.key, { shipment: { status: 'SHIPMENT_VOIDED' } })).status,
      ).toBe(200);
    } finally {
      await s.em.clearFaults();
    }
    expect(
      (
        await s.t.call('POST', '/track', s.key, {
          track: { shipping_account: s.account, tracking_number: r.shipment.tracking_number },
        })
      ).body.tracking_stage,
    ).toBe('SHIPMENT_VOIDED');
  });

  it('leaves the return unchanged and answers the carrier’s error when the carrier refuses the void', async () => {
    const m = await method('drop_off');
    const r = (await createReturn(m.id)).body;
    await s.em.fault('carrier_a', 'cancel', 'http_500', 1);
    try {
      expectError(
        await s.t.call('PATCH', `/returns/${r.id}`, s.key, {
          shipment: { status: 'SHIPMENT_VOIDED' },
          custom: [{ name: 'rma', value: 'changed' }],
        }),
        502,
        'carrier_http_exception',
      );
    } finally {
      await s.em.clearFaults();
    }
    const after = (await s.t.call('GET', `/returns/${r.id}`, s.key)).body;
    expect(after.shipment.status).toBe('CREATED');
    expect(after.custom).toEqual(r.custom);
  });
});

describe('return events', () => {
  const events = async (type: string) =>
    (await s.t.call('GET', `/events?type=${type}&limit=100`, s.key)).body.events as {
      type: string;
      data: Record<string, any>;
    }[];

  it('records return.created and return.updated (void) in the transaction of the change', async () => {
    const m = await method('pickup');
    const r = (await createReturn(m.id, { pickup: { date: inDays(2), ready_time: '10:00', close_time: '16:00' } }))
      .body;
    const created = (await events('return.created')).filter((e) => e.data.id === r.id);
    expect(created).toHaveLength(1);
    expect(created[0]!.data).toMatchObject({
      id: r.id,
      customer_id: 'cust-1',
      shipment: { tracking_number: r.shipment.tracking_number },
    });
    expect(created[0]!.data.shipment.label).toBeUndefined();

    await s.t.call('POST', '/track', s.key, {
      track: { shipping_account: s.account, tracking_number: r.shipment.tracking_number, refresh: true },
    });
    expect(
      (await s.t.call('PATCH', `/returns/${r.id}`, s.key, { shipment: { status: 'SHIPMENT_VOIDED' } })).status,
    ).toBe(200);
    const updated = (await events('return.updated')).filter((e) => e.data.id === r.id);
    expect(updated.at(-1)!.data).toMatchObject({ id: r.id, shipment: { status: 'SHIPMENT_VOIDED' } });
    const cancelled = await events('shipment.cancelled');
    expect(cancelled.some((e) => e.data.tracking_number === r.shipment.tracking_number)).toBe(true);
  });

  it('records pickup.cancelled for POST /pickup/cancel', async () => {
    const date = inDays(3);
    const scheduled = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        carrier: 'carrier_a',
        location: { ...customer, location_type: 'front door' },
        shipments: [{ packages: [{ weight: 2 }] }],
        time: { date, ready_time: '10:00', close_time: '16:00' },
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    const p = scheduled.body.pickup;
    const res = await s.t.call('POST', '/pickup/cancel', s.key, {
      pickup_cancel: {
        shipping_account: s.account,
        confirmation_number: p.confirmation_number,
        date,
        ...(p.location_code ? { location: p.location_code } : {}),
      },
    });
    expect(res.status, res.raw).toBe(200);
    expect((await events('pickup.cancelled')).some((e) => e.data.confirmation_number === p.confirmation_number)).toBe(
      true,
    );
  });
});

describe('POST /pickup/cancel', () => {
  it('cancels a pickup scheduled with POST /pickup', async () => {
    const date = inDays(2);
    const scheduled = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        carrier: 'carrier_a',
        location: address({ location_type: 'front desk' }),
        shipments: [{ packages: [{ weight: 5 }], service: 'carrier_a_priority_overnight' }],
        time: { date, ready_time: '10:00', close_time: '17:00' },
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expect(scheduled.status, scheduled.raw).toBe(200);
    const p = scheduled.body.pickup;
    const body = {
      pickup_cancel: {
        shipping_account: s.account,
        confirmation_number: p.confirmation_number,
        date,
        ...(p.location_code ? { location: p.location_code } : {}),
      },
    };
    const res = await s.t.call('POST', '/pickup/cancel', s.key, body);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.success.message).toMatch(/cancel/i);
    const again = await s.t.call('POST', '/pickup/cancel', s.key, body);
    expect(again.body.error.code).toBe('carrier_exception');
  });

  it('checks its input', async () => {
    expectError(
      await s.t.call('POST', '/pickup/cancel', s.key, { pickup_cancel: { shipping_account: s.account } }),
      400,
      'schema_field_required',
    );
    expectError(
      await s.t.call('POST', '/pickup/cancel', s.key, {
        pickup_cancel: { shipping_account: s.account, confirmation_number: 'X', date: 'tomorrow' },
      }),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/pickup/cancel', s.key, {
        pickup_cancel: { shipping_account: 'sa_nope', confirmation_number: 'X' },
      }),
      404,
      'shipping_account_not_found',
    );
  });
});
