/**
 * Clients written for the original interface, run against the service with only the base URL
 * changed: the bodies they send and the places they read the answers (issue "Contract", facts 1–9).
 */
import { describe, expect, it } from 'vitest';
import { CARRIER_SLUGS } from '../../src/carriers/declarations.js';
import type { TrackingResult } from '../../src/domain/types.js';
import { putCachedMany } from '../../src/storage/repositories/tracking-cache.js';
import { address, useCarrierA } from '../contract/support.js';
import { expectError } from '../support/app.js';
import { expectListsOfObjects, expectSuccess, originalAddress, originalPackage, originalShipment } from './support.js';

const s = useCarrierA();
const DAY = 86_400_000;
const ACCOUNT_NUMBER = /^[1-9]\d{0,14}$/;

/** The account id the way such a client holds it: parsed as a 64-bit integer. */
const asInteger = (id: string) => {
  const n = BigInt(id);
  expect(Number.isSafeInteger(Number(n))).toBe(true);
  return Number(n);
};

describe('1. shipping account ids are account numbers', () => {
  it('are decimal digits without a leading 0, at most 15 digits, a string in JSON, exact as a JavaScript number', async () => {
    const res = expectSuccess(
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
      }),
    );
    const id = res.shipping_account.id;
    expect(typeof id).toBe('string');
    expect(id).toMatch(ACCOUNT_NUMBER);
    expect(String(asInteger(id))).toBe(id);
  });

  it('are unique and not guessable in sequence', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++)
      ids.push(
        (
          await s.t.call('POST', '/shippingaccount', s.key, {
            shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
          })
        ).body.shipping_account.id,
      );
    expect(new Set(ids).size).toBe(ids.length);
    const steps = ids.slice(1).map((id, i) => BigInt(id) - BigInt(ids[i]!));
    // Consecutive registrations are far apart, in both directions.
    expect(steps.filter((d) => (d < 0n ? -d : d) < 1000n)).toHaveLength(0);
  });

  it('keep working for accounts registered before account numbers', async () => {
    const id = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
      })
    ).body.shipping_account.id;
    await s.t.db.database.db
      .updateTable('shipping_accounts')
      .set({ id: 'sa_Legacy0Id0Kept' })
      .where('id', '=', id)
      .execute();
    expect(expectSuccess(await s.t.call('GET', '/shippingaccount/sa_Legacy0Id0Kept', s.key)).shipping_account.id).toBe(
      'sa_Legacy0Id0Kept',
    );
    const rated = expectSuccess(
      await s.t.call('POST', '/rate', s.key, {
        shipment: { ...(originalShipment(0).shipment as object), shipping_account: 'sa_Legacy0Id0Kept' },
      }),
    );
    expect(rated.rates.length).toBeGreaterThan(0);
  });
});

describe('2, 6. shipping_account as a JSON integer, unset members as null', () => {
  it('rates with an integer account and a body full of nulls and fields the spec does not name', async () => {
    const body = expectSuccess(await s.t.call('POST', '/rate', s.key, originalShipment(asInteger(s.account))));
    expect(body.rates.length).toBeGreaterThan(0);
    for (const r of body.rates) expect(typeof r.total_cost).toBe('string');
  });

  it('takes null as absent: no empty company or e-mail reaches the carrier, no empty date is refused', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      originalShipment(asInteger(s.account), { service: 'carrier_a_ground' }),
    );
    const shipment = expectSuccess(res).shipment;
    expect(shipment.sender).not.toHaveProperty('company');
    expect(shipment.sender).not.toHaveProperty('email');
    expect(shipment.ship_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('rates without a packaging, as the original /rate model has none, quoting your_packaging', async () => {
    const body = originalShipment(asInteger(s.account));
    delete (body.shipment as Record<string, unknown>).packaging;
    expect(expectSuccess(await s.t.call('POST', '/rate', s.key, body)).rates.length).toBeGreaterThan(0);
    // Booking still names it.
    const ship = originalShipment(asInteger(s.account), { service: 'carrier_a_ground' });
    delete (ship.shipment as Record<string, unknown>).packaging;
    expectError(await s.t.call('POST', '/ship', s.key, ship), 400, 'schema_field_required');
  });

  it('books with package weights sent as strings', async () => {
    const body = originalShipment(asInteger(s.account), {
      service: 'carrier_a_ground',
      packages: [originalPackage({ weight: '2', length: 10, width: 8, height: 4, value: 50 })],
    });
    expect(expectSuccess(await s.t.call('POST', '/ship', s.key, body)).shipment.packages[0].weight).toBe(2);
  });

  it('still reports a missing required member sent as null', async () => {
    const body = originalShipment(asInteger(s.account), { dim_units: null });
    expect(expectError(await s.t.call('POST', '/rate', s.key, body), 400, 'schema_field_required').detail).toBe(
      'shipment.dim_units',
    );
  });

  it('an integer that names no account is a 404 of the account, a string one the same account as the integer', async () => {
    expectError(
      await s.t.call('POST', '/rate', s.key, originalShipment(999999999999999)),
      404,
      'shipping_account_not_found',
    );
    const track = (shipping_account: unknown) =>
      s.t.call('POST', '/track', s.key, {
        track: { shipping_account, tracking_number: 'TEST100000003', carrier: null, test: null },
      });
    expect(expectSuccess(await track(asInteger(s.account)))).toEqual(expectSuccess(await track(s.account)));
  });
});

describe('3. the shipping account answer', () => {
  it('has name, dim_units, weight_units and currency at the top level, from the defaults', async () => {
    const created = expectSuccess(
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: {
          name: 'Warehouse',
          carrier: 'carrier_a',
          country: 'US',
          test: true,
          auth: null,
          billing_address: null,
          defaults: { dim_units: 'CM', weight_units: 'KG', currency: 'EUR', label_type: null },
        },
      }),
    ).shipping_account;
    expect(created).toMatchObject({
      name: 'Warehouse',
      dim_units: 'CM',
      weight_units: 'KG',
      currency: 'EUR',
      defaults: { dim_units: 'CM', weight_units: 'KG', currency: 'EUR' },
    });
    const read = expectSuccess(await s.t.call('GET', `/shippingaccount/${created.id}`, s.key)).shipping_account;
    expect(read).toMatchObject({ name: 'Warehouse', dim_units: 'CM', weight_units: 'KG', currency: 'EUR' });
  });

  it('always has those keys, null when unset', async () => {
    const created = expectSuccess(
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
      }),
    ).shipping_account;
    const read = expectSuccess(await s.t.call('GET', `/shippingaccount/${created.id}`, s.key)).shipping_account;
    for (const sa of [created, read])
      for (const k of ['name', 'dim_units', 'weight_units', 'currency']) expect(sa[k]).toBeNull();
  });
});

describe('4. GET /meta/carrier/{slug}', () => {
  it('describes one carrier as field lists, built from the same declaration as /meta/carriers', async () => {
    const one = expectSuccess(await s.t.call('GET', '/meta/carrier/carrier_a', s.key));
    const listed = expectSuccess(await s.t.call('GET', '/meta/carriers/carrier_a', s.key)).carrier;
    expect(one).toMatchObject({
      display_name: listed.name,
      multi_package: true,
      servicetype_availability: true,
      rate: { service_type_field: 'service' },
    });
    expect(one.service_types.map((f: { slug: string }) => f.slug)).toEqual(listed.services);
    expect(one.packaging_types.map((f: { slug: string }) => f.slug)).toEqual(listed.packaging_types);
    expect(one.special_services.map((f: { slug: string }) => f.slug)).toEqual(listed.special_services);
    expect(one.package_special_services.map((f: { slug: string }) => f.slug)).toEqual(listed.package_special_services);
    for (const key of [
      'service_types',
      'label_types',
      'packaging_types',
      'special_services',
      'package_special_services',
      'auth',
      'references',
      'customs',
      'notifications',
      'billing_fields',
      'custom_fields',
    ]) {
      expectListsOfObjects(one[key]);
      for (const f of one[key]) expect(typeof f.name === 'string' && typeof f.slug === 'string').toBe(true);
    }
    expectListsOfObjects(one.rate.fields);
    const pdf = one.label_types.find((f: { slug: string }) => f.slug === 'PDF');
    // The original clients read sizes as a list of strings; the human names are in size_details.
    expect(pdf.sizes).toContain('PAPER_4X6');
    for (const f of one.label_types) for (const z of f.sizes) expect(typeof z).toBe('string');
    expect(pdf.size_details).toContainEqual({ name: 'Paper 4x6', slug: 'PAPER_4X6' });
    // Every label type of the catalog is one format with one of its sizes (or the bare format).
    const rebuilt = one.label_types.flatMap((f: { slug: string; sizes: string[] }) =>
      f.sizes.map((z) => `${f.slug}__${z}`),
    );
    for (const lt of listed.label_types as string[]) if (lt.includes('__')) expect(rebuilt).toContain(lt);
    expect(one.auth.find((f: { slug: string }) => f.slug === 'account_number')).toMatchObject({
      required: true,
      type: 'string',
    });
    expect(one.auth.find((f: { slug: string }) => f.slug === 'client_secret')).toMatchObject({
      required: false,
      type: 'password',
    });
    expect(one.references.map((f: { slug: string }) => f.slug)).toContain('customer_reference');
  });

  it.each(CARRIER_SLUGS)('describes %s with every list present', async (carrier) => {
    const one = expectSuccess(await s.t.call('GET', `/meta/carrier/${carrier}`, s.key));
    expect(one.slug).toBe(carrier);
    expect(one.service_types.length).toBeGreaterThan(0);
    expect(one.label_types.length).toBeGreaterThan(0);
    expect(one.auth.filter((f: { required: boolean }) => f.required).length).toBeGreaterThan(0);
  });

  it('answers an unknown carrier with 404 in the error shape', async () => {
    expectError(await s.t.call('GET', '/meta/carrier/pigeon', s.key), 404, 'not_found');
  });
});

describe('5. pickups', () => {
  const date = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
  const pickupBody = (account: unknown) => ({
    pickup: {
      shipping_account: account,
      carrier: 'carrier_a',
      location: originalAddress({ ...address({ location_type: 'front desk' }) }),
      shipments: [
        {
          packages: [originalPackage({ weight: 5 })],
          recipient: null,
          service: 'carrier_a_ground',
          package_type: null,
        },
      ],
      time: { date, ready_time: '10:00', close_time: '17:00' },
      dim_units: 'IN',
      weight_units: 'LB',
      currency: null,
      description: null,
      test: null,
      debug: null,
    },
  });

  it('answers {pickup: the request as stored, id, confirmation_number, currency}, and stores it', async () => {
    const pickup = expectSuccess(await s.t.call('POST', '/pickup', s.key, pickupBody(asInteger(s.account)))).pickup;
    expect(pickup).toMatchObject({
      shipping_account: s.account,
      carrier: 'carrier_a',
      currency: 'USD',
      time: { date, ready_time: '10:00', close_time: '17:00' },
    });
    expect(pickup.id).toMatch(/^pck_/);
    expect(pickup.confirmation_number).toMatch(/\S/);
    expect(pickup.location.location_type).toBe('front desk');
    const row = await s.t.db.database.db
      .selectFrom('pickups')
      .selectAll()
      .where('id', '=', pickup.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant: 'acme',
      confirmation_number: pickup.confirmation_number,
      carrier: 'carrier_a',
      status: 'scheduled',
      pickup_date: date,
    });
    // Stored as answered (the answer leaves out members the interface does not know).
    expect(JSON.parse(row.record)).toMatchObject(pickup);
  });

  it('a failed pickup carries the carrier’s complaint and a non-empty detail', async () => {
    for (const fault of ['http_500', 'malformed']) {
      await s.em.fault('carrier_a', 'pickup', fault, 5);
      try {
        const res = await s.t.call('POST', '/pickup', s.key, pickupBody(asInteger(s.account)));
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.body.error.message.length).toBeGreaterThan(0);
        expect(res.body.error.detail.length).toBeGreaterThan(0);
      } finally {
        await s.em.clearFaults();
      }
    }
  });

  it('availability takes an integer account and echoes the request with its dates', async () => {
    const body = pickupBody(asInteger(s.account)).pickup as Record<string, unknown>;
    const { time: _time, ...rest } = body;
    const res = expectSuccess(
      await s.t.call('POST', '/pickup/availability', s.key, {
        pickup_availability: { ...rest, start_date: date, end_date: date, ready_time: null, close_time: null },
      }),
    );
    expect(res.shipping_account).toBe(s.account);
    expectListsOfObjects(res.dates);
  });
});

describe('7. the booking answer', () => {
  it('has special_services, references and shipping_documents as lists of objects', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      originalShipment(asInteger(s.account), {
        service: 'carrier_a_ground',
        special_services: ['list_rates'],
        references: [{ type: 'customer_reference', value: 'PO-1' }],
      }),
    );
    const shipment = expectSuccess(res).shipment;
    expect(shipment.special_services).toEqual([{ slug: 'list_rates' }]);
    expect(shipment.references).toEqual([{ type: 'customer_reference', value: 'PO-1' }]);
    for (const key of ['special_services', 'references', 'shipping_documents', 'packages'])
      expectListsOfObjects(shipment[key]);
    // Where the original's clients read labels and costs.
    expect(shipment.packages[0].label).toMatch(/^http:\/\/.+\/labels\//);
    for (const k of ['base_charge', 'surcharges', 'discounts', 'taxes', 'net_charge', 'currency'])
      expect(typeof shipment.costs[k]).toBe('string');
  });
});

describe('8. tracking', () => {
  it('reads checkpoint locations as objects and times as date-times', async () => {
    const booked = expectSuccess(
      await s.t.call('POST', '/ship', s.key, originalShipment(asInteger(s.account), { service: 'carrier_a_ground' })),
    ).shipment;
    await s.em.advance(3 * DAY);
    const res = await s.t
      .call('POST', '/track', s.key, {
        track: { shipping_account: asInteger(s.account), tracking_number: booked.tracking_number, refresh: true },
      })
      .finally(() => s.em.resetClock());
    const checkpoints = expectSuccess(res).checkpoints as { time: string; location?: Record<string, unknown> }[];
    expect(checkpoints.length).toBeGreaterThan(1);
    for (const c of checkpoints) {
      expect(c.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
      if (c.location === undefined) continue;
      expect(typeof c.location).toBe('object');
      for (const k of Object.keys(c.location)) expect(['city', 'state', 'postal_code', 'country']).toContain(k);
    }
  });

  it('reads packages: [{tracking_number, checkpoints}] of a multi-package shipment', async () => {
    const checkpoint = {
      time: '2026-11-20T10:15:00-05:00',
      description: 'Picked up',
      status: 'PU',
      tracking_stage: 'PICKED_UP',
      location: { city: 'Memphis', state: 'TN', country: 'US' },
    };
    const result = {
      carrier: 'carrier_a',
      tracking_number: '794600000001',
      status: 'Picked up',
      tracking_stage: 'PICKED_UP',
      delivered: false,
      checkpoints: [checkpoint],
      packages: [
        { tracking_number: '794600000001', checkpoints: [checkpoint] },
        { tracking_number: '794600000002', checkpoints: [checkpoint] },
      ],
      // A member the answer does not define never reaches a client (here one that would read as failure).
      error: 'stale',
    };
    // A fresh result of the shared tracking cache is answered as stored: this pins the answer's shape.
    await putCachedMany(s.t.db.database.db, [
      {
        tenant: 'acme',
        carrier: 'carrier_a',
        tracking_number: '794600000001',
        test: true,
        stage: 'PICKED_UP',
        // A stored result with a member the domain type does not have, as an older version could leave one.
        result: result as unknown as TrackingResult,
        fetched_at: new Date().toISOString(),
      },
    ]);
    const single = expectSuccess(
      await s.t.call('POST', '/track', s.key, {
        track: { shipping_account: asInteger(s.account), tracking_number: '794600000001' },
      }),
    );
    expect(single.packages).toEqual(result.packages);
    expect(single.tracking_stage).toBe('PICKED_UP');
    const batch = expectSuccess(
      await s.t.call('POST', '/track', s.key, [
        { track: { shipping_account: asInteger(s.account), tracking_number: '794600000001' } },
      ]),
    );
    expect(batch[0].packages).toEqual(result.packages);
  });
});

describe('9. cancel and the error key', () => {
  it('cancel answers {success: {message}} and nothing else', async () => {
    const booked = expectSuccess(
      await s.t.call('POST', '/ship', s.key, originalShipment(asInteger(s.account), { service: 'carrier_a_ground' })),
    ).shipment;
    const res = expectSuccess(
      await s.t.call('POST', '/cancel', s.key, {
        cancel: {
          shipping_account: asInteger(s.account),
          tracking_number: booked.tracking_number,
          locale: null,
          checkpoints: null,
          refresh: null,
          webhooks: null,
        },
      }),
    );
    expect(Object.keys(res)).toEqual(['success']);
    expect(typeof res.success.message).toBe('string');
  });

  it('a batch that partly fails has error keys only in the failed slots', async () => {
    const res = await s.t.call('POST', '/track', s.key, [
      { track: { shipping_account: asInteger(s.account), tracking_number: 'TEST100000005' } },
      { track: { shipping_account: 999999999999999, tracking_number: 'TEST100000005' } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body[0]).not.toHaveProperty('error');
    expect(res.body[1].error).toMatchObject({ code: 'shipping_account_not_found' });
  });

  it('drop-off, manifest and credential checks take the integer account too', async () => {
    const dopu = expectSuccess(
      await s.t.call('POST', '/dopu', s.key, {
        dopu: {
          shipping_account: asInteger(s.account),
          location: originalAddress({ city: 'Memphis', state: 'TN', postal_code: '38117', country: 'US' }),
          radius: null,
          packaging: null,
        },
      }),
    );
    expectListsOfObjects(dopu.locations);
    // carrier_a has no manifest nor credential check: the body is accepted, the carrier says no.
    expectError(
      await s.t.call('POST', '/manifest', s.key, {
        manifest: { shipping_account: asInteger(s.account), tracking_numbers: null },
      }),
      400,
      'carrier_unsupported_method',
    );
    expectError(
      await s.t.call('POST', '/validate_credentials', s.key, {
        validate_credentials: { shipping_account: asInteger(s.account) },
      }),
      400,
      'carrier_unsupported_method',
    );
  });
});

describe('stored pickups and POST /pickup/cancel', () => {
  it('cancels a pickup by its confirmation number alone, the stored pickup supplying the rest', async () => {
    const date = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const pickup = expectSuccess(
      await s.t.call('POST', '/pickup', s.key, {
        pickup: {
          shipping_account: s.account,
          carrier: 'carrier_a',
          location: address({ location_type: 'front desk' }),
          shipments: [{ packages: [{ weight: 5 }], service: 'carrier_a_ground' }],
          time: { date, ready_time: '10:00', close_time: '17:00' },
          dim_units: 'IN',
          weight_units: 'LB',
        },
      }),
    ).pickup;
    const res = expectSuccess(
      await s.t.call('POST', '/pickup/cancel', s.key, {
        pickup_cancel: { shipping_account: asInteger(s.account), confirmation_number: pickup.confirmation_number },
      }),
    );
    expect(typeof res.success.message).toBe('string');
    const row = await s.t.db.database.db
      .selectFrom('pickups')
      .selectAll()
      .where('id', '=', pickup.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(row.cancelled_at).not.toBeNull();
  });

  it('accepts the Address the pickup was booked at as its location', async () => {
    const date = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const location = address({ location_type: 'front desk' });
    const pickup = expectSuccess(
      await s.t.call('POST', '/pickup', s.key, {
        pickup: {
          shipping_account: s.account,
          carrier: 'carrier_a',
          location,
          shipments: [{ packages: [{ weight: 5 }], service: 'carrier_a_ground' }],
          time: { date, ready_time: '10:00', close_time: '17:00' },
          dim_units: 'IN',
          weight_units: 'LB',
        },
      }),
    ).pickup;
    const res = expectSuccess(
      await s.t.call('POST', '/pickup/cancel', s.key, {
        pickup_cancel: { shipping_account: s.account, confirmation_number: pickup.confirmation_number, location },
      }),
    );
    expect(typeof res.success.message).toBe('string');
    const row = await s.t.db.database.db
      .selectFrom('pickups')
      .selectAll()
      .where('id', '=', pickup.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
  });
});
