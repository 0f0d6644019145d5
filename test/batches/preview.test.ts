/**
 * POST /batches/preview through HTTP against the emulator: the body of POST /batches (JSON or CSV)
 * priced item by item through /rate's path (an uploaded price list included), the service each
 * would be booked with, refused items with their reason, totals per currency; nothing stored or bought.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { address, recipientUS } from '../contract/support.js';
import { totalsOf } from '../../src/services/batches/preview.js';
import { emulatorBookings, item, useBatchApp } from './support.js';

const s = useBatchApp();
let listed: string;
let c: string;
beforeAll(async () => {
  // A second carrier_a account whose rates come from an uploaded price list.
  const res = await s.t.call('POST', '/shippingaccount', s.key, {
    shipping_account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: address() },
  });
  listed = res.body.shipping_account.id;
  const list = [
    'service_code,service_name,zone_label,country_codes,min_weight,max_weight,max_length,max_width,max_height,rate,currency,transit_days,domicile,international',
    'carrier_a_ground,Negotiated Ground,Domestic,US,0,10,120,60,60,8.25,USD,2-4,true,false',
  ].join('\n');
  const put = await s.t.call('PUT', `/shippingaccount/${listed}/price-list`, s.key, list, {
    'content-type': 'text/csv',
  });
  expect(put.status, put.raw).toBe(200);
  c = (
    await s.t.call('POST', '/shippingaccount', s.key, {
      shipping_account: { carrier: 'carrier_c', country: 'US', test: true, billing_address: address() },
    })
  ).body.shipping_account.id;
});

const preview = (shipments: unknown[], extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/batches/preview', s.key, { batch: { shipments, ...extra } });
const rateOf = async (shipment: Record<string, unknown>, service: string) => {
  const res = await s.t.call('POST', '/rate', s.key, { shipment });
  expect(res.status, res.raw).toBe(200);
  return res.body.rates.find((r: { service_type: string }) => r.service_type === service);
};
const batchCount = async () => Number((await s.t.call('GET', '/batches', s.key)).headers['x-total-count']);

describe('POST /batches/preview', () => {
  it('prices each item for its service as /rate does, refuses what would fail with why, sums per currency, stores and buys nothing', async () => {
    const before = await batchCount();
    const ground = item(s.account, { references: [{ type: 'customer_reference', value: 'R-1' }] });
    const twoDay = item(s.account, { service: 'carrier_a_2_day' });
    const fromList = item(listed, { weight_units: 'KG', packages: [{ weight: 3 }] });
    const shopping = (() => {
      const { shipping_account: _a, service: _s, ...rest } = item(s.account);
      return { ...rest, shipping_accounts: [s.account, c], select: 'cheapest' };
    })();
    const res = await preview([
      ground,
      { ...twoDay, recipient: undefined },
      twoDay,
      fromList,
      shopping,
      { ...ground, service: 'no_such_service' },
    ]);
    expect(res.status, res.raw).toBe(200);
    const { items, counts, totals } = res.body.preview;
    expect(items.map((i: any) => [i.index, i.status])).toEqual([
      [0, 'priced'],
      [1, 'refused'],
      [2, 'priced'],
      [3, 'priced'],
      [4, 'priced'],
      [5, 'refused'],
    ]);
    expect(items[0]).toMatchObject({ reference: 'R-1', rate: { carrier: 'carrier_a', shipping_account: s.account } });
    expect(items[0].rate).toMatchObject(await rateOf(ground, 'carrier_a_ground'));
    expect(items[2].rate).toMatchObject(await rateOf(twoDay, 'carrier_a_2_day'));
    // The uploaded list prices its account, as on /rate.
    expect(items[3].rate).toMatchObject({
      service_type: 'carrier_a_ground',
      total_cost: '8.25',
      price_list: { source: 'uploaded' },
    });
    // With shipping_accounts, the rate select picks is the one booked.
    const { shipping_account: _a, service: _s, ...shopBase } = item(s.account);
    const selected = (
      await s.t.call('POST', '/rate', s.key, {
        shipment: { ...shopBase, shipping_accounts: [s.account, c], select: 'cheapest' },
      })
    ).body.selected;
    expect(items[4].rate).toMatchObject({
      service_type: selected.service_type,
      total_cost: selected.total_cost,
      shipping_account: selected.shipping_account,
    });
    expect(items[1].error).toMatchObject({ code: 'schema_field_required', detail: 'shipment.recipient' });
    expect(items[5].error).toMatchObject({ detail: 'shipment.service' });
    expect(counts).toEqual({ total: 6, priced: 4, refused: 2 });
    const sum = [0, 2, 3, 4].map((i) => Math.round(Number(items[i].rate.total_cost) * 100)).reduce((a, b) => a + b);
    expect(totals).toEqual([{ currency: 'USD', amount: (sum / 100).toFixed(2), items: 4 }]);
    expect(await batchCount()).toBe(before);
    expect(emulatorBookings(s.em)).toEqual([]);
  });

  it('takes the CSV file and query of POST /batches: each row priced or refused by line and column', async () => {
    const text = [
      'reference,recipient_name,recipient_street1,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight,service',
      'C-1,Ann,5 Fifth Ave,New York,NY,10001,US,2125550100,2,',
      'C-2,Bob,5 Fifth Ave,New York,NY,10001,US,2125550100,heavy,',
      'C-3,Cid,5 Fifth Ave,New York,NY,10001,US,2125550100,1,carrier_a_2_day',
    ].join('\n');
    const query = `shipping_account=${s.account}&service=carrier_a_ground&packaging=your_packaging&dim_units=IN&weight_units=LB`;
    const res = await s.t.call('POST', `/batches/preview?${query}`, s.key, text, { 'content-type': 'text/csv' });
    expect(res.status, res.raw).toBe(200);
    const { items, counts, totals } = res.body.preview;
    expect(items.map((i: any) => [i.row, i.reference, i.status, i.rate?.service_type])).toEqual([
      [2, 'C-1', 'priced', 'carrier_a_ground'],
      [3, 'C-2', 'refused', undefined],
      [4, 'C-3', 'priced', 'carrier_a_2_day'],
    ]);
    expect(items[1].error).toMatchObject({ code: 'schema_validation_error', detail: 'weight' });
    expect(items[1].error.message).toContain('line 3, column weight');
    expect(counts).toEqual({ total: 3, priced: 2, refused: 1 });
    expect(totals[0]).toMatchObject({ currency: 'USD', items: 2 });
    expect(emulatorBookings(s.em)).toEqual([]);
  });

  it('refuses what POST /batches refuses whole: an unknown account, a missing query, a bad body', async () => {
    expectError(
      await s.t.call('POST', '/batches/preview?shipping_account=nope&service=x', s.key, 'a,b\n1,2\n', {
        'content-type': 'text/csv',
      }),
      404,
      'shipping_account_not_found',
    );
    expectError(
      await s.t.call('POST', '/batches/preview', s.key, 'a\n1\n', { 'content-type': 'text/csv' }),
      400,
      'schema_field_required',
    );
    expectError(await preview([]), 400, 'schema_validation_error');
    expectError(await s.t.call('POST', '/batches/preview', s.key, { batch: {} }), 400, 'schema_field_required');
  });

  it('an item without a service, on an account with no default service, is refused naming shipment.service as booking would', async () => {
    const { service: _s, ...noService } = item(s.account);
    const res = await preview([noService]);
    expect(res.body.preview.items[0]).toMatchObject({
      status: 'refused',
      error: { code: 'schema_field_required', detail: 'shipment.service' },
    });
  });
});

describe('totalsOf', () => {
  it('sums exactly per currency at the longest fraction, the most used currency first', () => {
    const r = (total_cost: string, currency = 'USD') => ({ total_cost, currency });
    expect(totalsOf([r('0.10'), r('0.20'), r('5', 'EUR'), r('1.005'), r('2.5', 'EUR'), r('3.1', 'EUR')])).toEqual([
      { currency: 'EUR', amount: '10.6', items: 3 },
      { currency: 'USD', amount: '1.305', items: 3 },
    ]);
    expect(totalsOf(Array.from({ length: 10_000 }, () => r('0.10')))).toEqual([
      { currency: 'USD', amount: '1000.00', items: 10_000 },
    ]);
    expect(totalsOf([])).toEqual([]);
  });
});
