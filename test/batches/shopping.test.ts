/**
 * Batch items that rate-shop (shipping_accounts + select, validate_address), through HTTP against the
 * emulator: each is booked with the rate /rate selects for it, fails alone like /ship would, and
 * waits in a lane of its own so that one carrier's slowness never holds another carrier's items.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { waitFor } from '../support/webhook-receiver.js';
import { address, recipientUS } from '../contract/support.js';
import { finished, item, useBatchApp } from './support.js';

const s = useBatchApp({ env: { WAYBILL_BATCH_CONCURRENCY: '2' } });
let c: string;
beforeAll(async () => {
  const res = await s.t.call('POST', '/shippingaccount', s.key, {
    shipping_account: {
      carrier: 'carrier_c',
      country: 'US',
      test: true,
      billing_address: address({ name: 'Cee Shipper' }),
    },
  });
  expect(res.status, res.raw).toBe(200);
  c = res.body.shipping_account.id;
});

/**
 * The next weekday: shipping then, carrier_c picks up that day (10:00, before its 16:00 cut-off)
 * whatever time the suite runs, so which rate is fastest does not depend on the clock.
 */
function nextWeekday(): string {
  const day = new Date();
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}
const shipDate = nextWeekday();

/** A shipment that shops among `accounts` (carrier_a's cheapest, carrier_c's fastest for it). */
function shopping(accounts: string[], overrides: Record<string, unknown> = {}) {
  const { shipping_account: _, service: _service, ...rest } = item(s.account);
  return { ...rest, shipping_accounts: accounts, ...overrides };
}
const named = (name: string) => ({ recipient: { ...recipientUS, name } });
const cItem = (name: string) => item(c, { ...named(name), service: 'domestic_express' });

async function post(shipments: unknown[]): Promise<string> {
  const res = await s.t.call('POST', '/batches', s.key, { batch: { shipments } });
  expect(res.status, res.raw).toBe(202);
  return res.body.batch.id;
}
const items = async (id: string) =>
  (await s.t.call('GET', `/batches/${id}/shipments?pageSize=500`, s.key)).body as any[];
const shipment = async (id: string) => (await s.t.call('GET', `/shipments/${id}`, s.key)).body.shipment;
/** How many labels the emulator booked for a recipient name, over both carriers. */
function bookingsFor(name: string): number {
  const a = [...s.em.emulator.state.carrier_a.shipments.values()]
    .filter((x) => x.recipient.personName === name)
    .map((x) => x.masterTrackingNumber);
  const cc = [...s.em.emulator.state.carrier_c.shipments.values()]
    .filter((x) => x.receiver.name === name)
    .map((x) => x.waybill);
  return new Set([...a, ...cc]).size;
}
const lanes = async (id: string) =>
  (
    await s.t.db.database.db
      .selectFrom('batch_items')
      .select('carrier')
      .where('batch_id', '=', id)
      .orderBy('idx')
      .execute()
  ).map((r) => r.carrier);

describe('POST /batches with shopping items', () => {
  it('books each shopping item with the rate /rate selects for it, beside single-account items of two carriers', async () => {
    const both = () => [s.account, c];
    const corrected = {
      recipient: { ...recipientUS, name: 'Shop checked', street1: '5 Fifth Avenue', postal_code: '10003' },
    };
    const shipments = [
      item(s.account, named('Single A')),
      shopping(both(), { select: 'cheapest', ...named('Shop cheapest') }),
      cItem('Single C'),
      shopping(both(), { select: 'fastest', ...named('Shop fastest') }),
      shopping(both(), { select: 'best_value', ...named('Shop best') }),
      shopping(both(), { select: 'cheapest', validate_address: true, ...corrected }),
      shopping(both(), { select: 'cheapest', deliver_by: '2000-01-01', ...named('Shop too late') }),
    ].map((shipment) => ({ ...shipment, ship_date: shipDate }));
    const id = await post(shipments);
    // Several carriers' items shop in the shopping lane; the others keep their carrier's.
    expect(await lanes(id)).toEqual([
      'carrier_a',
      'shopping',
      'carrier_c',
      'shopping',
      'shopping',
      'shopping',
      'shopping',
    ]);
    expect((await finished(s, id)).counts).toMatchObject({ total: 7, booked: 6, failed: 1 });
    const list = await items(id);

    for (const i of [1, 3, 4, 5]) {
      const rated = await s.t.call('POST', '/rate', s.key, { shipment: shipments[i] });
      expect(rated.status, rated.raw).toBe(200);
      const selected = rated.body.selected;
      expect(list[i], `item ${i}`).toMatchObject({
        status: 'booked',
        shipment: { carrier: selected.carrier, service: selected.service_type },
      });
      expect(list[i].shipment.costs).toBeDefined();
      const stored = await shipment(list[i].shipment.id);
      expect(stored).toMatchObject({
        carrier: selected.carrier,
        shipping_account: selected.shipping_account,
        service: selected.service_type,
      });
      expect(stored.selected_rate).toEqual(selected);
    }
    // The selection really shops: the cheapest is carrier_a's, the fastest carrier_c's.
    expect([list[1].shipment.carrier, list[3].shipment.carrier]).toEqual(['carrier_a', 'carrier_c']);
    const checked = await shipment(list[5].shipment.id);
    expect(checked.address_validation.status).toBe('corrected');
    expect(checked.recipient).toMatchObject({ name: 'Shop checked', postal_code: '10001-7602' });
    expect(list[0]).toMatchObject({ status: 'booked', shipment: { carrier: 'carrier_a' } });
    expect(list[2]).toMatchObject({ status: 'booked', shipment: { carrier: 'carrier_c' } });
    expect((await shipment(list[0].shipment.id)).selected_rate).toBeUndefined();

    expect(list[6]).toMatchObject({
      status: 'failed',
      error: { code: 'no_qualifying_rate', detail: 'shipment.deliver_by' },
    });
    for (const name of ['Single A', 'Shop cheapest', 'Single C', 'Shop fastest', 'Shop best', 'Shop checked'])
      expect(bookingsFor(name), name).toBe(1);
    expect(bookingsFor('Shop too late')).toBe(0);
  });

  it('fails a shopping item whose every account fails rating, or whose recipient is invalid; the others are booked', async () => {
    await s.em.fault('carrier_a', 'rate', 'http_500', 0);
    await s.em.fault('carrier_c', 'rate', 'auth', 0);
    try {
      const id = await post([
        shopping([s.account, c], { select: 'cheapest', ...named('All fail') }),
        item(s.account, named('Beside A')),
        cItem('Beside C'),
      ]);
      await finished(s, id);
      const list = await items(id);
      expect(list[0]).toMatchObject({
        status: 'failed',
        error: { code: 'no_qualifying_rate', detail: 'shipment.shipping_accounts' },
      });
      expect(list[0].error.message).toContain('2 failed');
      expect(list.slice(1).map((i) => i.status)).toEqual(['booked', 'booked']);
      expect(bookingsFor('All fail')).toBe(0);
    } finally {
      await s.em.clearFaults();
    }
    const invalid = { recipient: { ...recipientUS, name: 'Nowhere', street1: '77 Nowhere Blvd' } };
    const id = await post([
      shopping([s.account, c], { select: 'cheapest', validate_address: true, ...invalid }),
      shopping([s.account, c], { select: 'fastest', ...named('Fine') }),
    ]);
    await finished(s, id);
    const list = await items(id);
    const direct = expectError(
      await s.t.call('POST', '/ship', s.key, {
        shipment: shopping([s.account, c], { select: 'cheapest', validate_address: true, ...invalid }),
      }),
      400,
      'address_invalid',
    );
    expect(list[0]).toMatchObject({ status: 'failed', error: { code: 'address_invalid', detail: direct.detail } });
    expect(list[1].status).toBe('booked');
    expect(bookingsFor('Nowhere')).toBe(0);
  });

  it('fails an element that /ship refuses before booking with the error /ship answers for it; the batch is 202', async () => {
    const elements = [
      shopping([s.account, c], { select: 'bogus' }),
      shopping(
        Array.from({ length: 21 }, (_, i) => String(i + 1)),
        { select: 'cheapest' },
      ),
      shopping([s.account, '999999999999999'], { select: 'cheapest' }),
      shopping([s.account, c]),
      shopping([s.account, c], { select: 'cheapest', shipping_account: s.account }),
      shopping([s.account, c], { select: 'cheapest', service: 'carrier_a_ground' }),
      shopping([s.account, c], { select: 'cheapest', carrier: 'carrier_a' }),
      shopping([], { select: 'cheapest' }),
      { ...item(s.account), select: 'cheapest' },
      shopping([s.account, c], { select: 'cheapest', ...named('Valid') }),
    ];
    const id = await post(elements);
    await finished(s, id);
    const list = await items(id);
    for (const [i, element] of elements.slice(0, -1).entries()) {
      const res = await s.t.call('POST', '/ship', s.key, { shipment: element });
      expect(res.status, `element ${i}: ${res.raw}`).toBeGreaterThanOrEqual(400);
      expect(list[i], `element ${i}`).toMatchObject({ status: 'failed', error: res.body.error });
    }
    expect(list.map((i) => i.error?.code ?? i.status)).toEqual([
      'schema_validation_error',
      'schema_validation_error',
      'shipping_account_not_found',
      'schema_field_required',
      'schema_validation_error',
      'schema_validation_error',
      'schema_validation_error',
      'schema_validation_error',
      'schema_validation_error',
      'booked',
    ]);
    // An element refused before its accounts were known cannot succeed on a retry: none is requeued.
    const retried = await s.t.call('POST', `/batches/${id}/retry`, s.key);
    expect(retried.body.batch.counts).toMatchObject({ failed: 9, queued: 0 });
  });

  it('closes the day per real account: a shopping item is on the form of the account it was booked with', async () => {
    const d = async () =>
      (
        await s.t.call('POST', '/shippingaccount', s.key, {
          shipping_account: { carrier: 'carrier_d', country: 'US', test: true, billing_address: address() },
        })
      ).body.shipping_account.id as string;
    const [d1, d2] = [await d(), await d()];
    const parcel = { ...named('D'), packages: [{ weight: 2, length: 10, width: 8, height: 4 }] };
    const id = await post([
      shopping([d1, d2], { select: 'cheapest', ...parcel }),
      { ...item(d2, parcel), service: 'priority_mail' },
      shopping([d2, d1], { select: 'cheapest', ...parcel }),
    ]);
    // Shopping among one carrier's accounts talks to that carrier only: its lane is that carrier's.
    expect(await lanes(id)).toEqual(['carrier_d', 'carrier_d', 'carrier_d']);
    await finished(s, id);
    const list = await items(id);
    expect(list.map((i) => i.status)).toEqual(['booked', 'booked', 'booked']);
    const byAccount = new Map<string, string[]>();
    for (const i of list) {
      const account = (await shipment(i.shipment.id)).shipping_account;
      byAccount.set(account, [...(byAccount.get(account) ?? []), i.shipment.tracking_number].sort());
    }
    const res = await s.t.call('POST', `/batches/${id}/manifest`, s.key);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.manifests.map((m: any) => [...m.tracking_numbers].sort()).sort()).toEqual(
      [...byAccount.values()].sort(),
    );
  });
});

describe('CSV with shipping_accounts and select', () => {
  const header =
    'reference,recipient_name,recipient_street1,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight,service';
  const csv = (query: string, rows: string[]) =>
    s.t.call(
      'POST',
      `/batches?${query}&packaging=your_packaging&dim_units=IN&weight_units=LB`,
      s.key,
      [header, ...rows].join('\n'),
      { 'content-type': 'text/csv' },
    );
  const row = (ref: string, service = '') =>
    `${ref},Csv ${ref},5 Fifth Ave,New York,NY,10001,US,2125550100,2,${service}`;

  it('rates every row with the listed accounts and books the selected rate, sending from the first account’s billing address', async () => {
    const res = await csv(
      `shipping_accounts=${c}&shipping_accounts=${s.account}&select=fastest&ship_date=${shipDate}`,
      [row('S-1'), row('S-2', 'carrier_a_ground'), row('S-3')],
    );
    expect(res.status, res.raw).toBe(202);
    const id = res.body.batch.id;
    await finished(s, id);
    const list = await items(id);
    expect(list.map((i) => [i.row, i.status])).toEqual([
      [2, 'booked'],
      [3, 'failed'],
      [4, 'booked'],
    ]);
    // The selected rate names the service: a row's service cannot go with shopping.
    expect(list[1].error).toMatchObject({ code: 'schema_validation_error', detail: 'service' });
    expect(list[1].error.message).toMatch(/^line 3, column service: /);
    const stored = await shipment(list[0].shipment.id);
    expect(stored).toMatchObject({
      carrier: 'carrier_c',
      selected_rate: { carrier: 'carrier_c' },
      sender: { name: 'Cee Shipper', city: 'Memphis' },
    });
    expect(bookingsFor('Csv S-1')).toBe(1);
  });

  it('takes one shipping_accounts parameter as a list of one', async () => {
    const res = await csv(`shipping_accounts=${s.account}&select=cheapest`, [row('One-1')]);
    expect(res.status, res.raw).toBe(202);
    await finished(s, res.body.batch.id);
    const [only] = await items(res.body.batch.id);
    expect(only).toMatchObject({ status: 'booked', shipment: { carrier: 'carrier_a' } });
  });

  it('refuses shipping_account with shipping_accounts, shipping_accounts without select, and an account not yours', async () => {
    const both = expectError(
      await csv(`shipping_account=${s.account}&shipping_accounts=${c}&select=cheapest`, [row('X')]),
      400,
      'schema_validation_error',
    );
    expect(both.message).toContain('shipping_account or shipping_accounts');
    expect(both.detail).toBe('shipping_accounts');
    expect(expectError(await csv(`shipping_accounts=${c}`, [row('X')]), 400, 'schema_field_required').detail).toBe(
      'select',
    );
    expect(
      expectError(
        await csv(`shipping_account=${s.account}&select=cheapest`, [row('X')]),
        400,
        'schema_validation_error',
      ).detail,
    ).toBe('select');
    expect(
      expectError(
        await csv(`shipping_accounts=${c}&select=cheapest&service=carrier_a_ground`, [row('X')]),
        400,
        'schema_validation_error',
      ).detail,
    ).toBe('service');
    expectError(
      await csv(`shipping_accounts=${c}&shipping_accounts=999999999999999&select=cheapest`, [row('X')]),
      404,
      'shipping_account_not_found',
    );
    expectError(await csv(`shipping_accounts=${c}&select=slowest`, [row('X')]), 400, 'schema_validation_error');
  });
});

describe('the shopping lane', () => {
  it('backs off when a shopping item’s booking is throttled, and books each throttled item once afterwards', async () => {
    // carrier_a has the cheapest rate: its bookings answer 429 twice.
    await s.em.fault('carrier_a', 'ship', 'http_429:1', 2);
    const id = await post(
      [1, 2, 3].map((n) => shopping([s.account, c], { select: 'cheapest', ...named(`Throttled shop ${n}`) })),
    );
    expect((await finished(s, id)).counts).toMatchObject({ booked: 3, failed: 0 });
    for (const n of [1, 2, 3]) expect(bookingsFor(`Throttled shop ${n}`)).toBe(1);
    expect(
      s.t.logs.some((l) => l.includes('carrier throttles batch bookings') && l.includes('"carrier":"shopping"')),
    ).toBe(true);
  });

  // Last: carrier_a's hung bookings hold the shopping lane's slots until the emulator closes.
  it('never holds another carrier’s items, nor the slow carrier’s own single-account items', async () => {
    await s.em.fault('carrier_a', 'ship', 'timeout', 2);
    const id = await post([
      ...[0, 1, 2].map((n) => shopping([s.account, c], { select: 'cheapest', ...named(`Hung shop ${n}`) })),
      cItem('C beside 0'),
      cItem('C beside 1'),
      cItem('C beside 2'),
    ]);
    const list = await waitFor(async () => {
      const all = await items(id);
      return (
        all.slice(3).every((i) => i.status === 'booked') &&
        all.slice(0, 2).every((i) => i.status === 'in_progress') &&
        all
      );
    }, 'carrier_c items booked while the shopping lane hangs');
    expect(list.slice(0, 3).map((i) => i.status)).toEqual(['in_progress', 'in_progress', 'queued']);
    // carrier_a's own lane is free: its single-account items are booked meanwhile.
    const single = await post([item(s.account, named('A while shopping hangs'))]);
    await waitFor(async () => (await items(single))[0].status === 'booked', 'carrier_a single item booked');
    expect(bookingsFor('A while shopping hangs')).toBe(1);
    await s.t.call('POST', `/batches/${id}/cancel`, s.key);
  });
});
