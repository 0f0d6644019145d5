/** POST /rate with shipping_accounts: every account at once, against the emulator over loopback. */
import { afterEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { SHOPPED, shopBody, useShopping } from './support.js';

const s = useShopping();
const all = () => SHOPPED.map((c) => s.accounts[c]);
type R = {
  service_type: string;
  total_cost: string;
  currency: string;
  estimated_date?: string;
  carrier: string;
  shipping_account: string;
};

afterEach(() => s.em.clearFaults());

describe('POST /rate with shipping_accounts', () => {
  it('answers every account’s rates cheapest first, each naming its carrier and account', async () => {
    const res = await s.t.call('POST', '/rate', s.key, shopBody(all()));
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([]);
    const rates: R[] = res.body.rates;
    expect(new Set(rates.map((r) => r.carrier))).toEqual(new Set(SHOPPED));
    for (const r of rates) expect(r.shipping_account).toBe(s.accounts[r.carrier as (typeof SHOPPED)[number]]);
    const costs = rates.map((r) => Number(r.total_cost));
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    // Every carrier's emulator dates its rates.
    for (const r of rates) expect(r.estimated_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body.selected).toBeUndefined();
  });

  it('keeps one account’s answer exactly as before', async () => {
    const { shipping_accounts: _, ...one } = shopBody([]).shipment;
    const res = await s.t.call('POST', '/rate', s.key, {
      shipment: { ...one, shipping_account: s.accounts.carrier_a },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['rates']);
    expect(res.body.rates[0].carrier).toBeUndefined();
  });

  it('lists a failing account in errors and answers the others', async () => {
    await s.em.fault('carrier_b', 'rate', 'http_500', 0);
    const res = await s.t.call(
      'POST',
      '/rate',
      s.key,
      shopBody([s.accounts.carrier_a, s.accounts.carrier_b, s.accounts.carrier_d]),
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatchObject({
      shipping_account: s.accounts.carrier_b,
      carrier: 'carrier_b',
      error: { code: 'carrier_http_exception' },
    });
    expect(res.body.errors[0].error.message).toEqual(expect.any(String));
    expect(new Set(res.body.rates.map((r: R) => r.carrier))).toEqual(new Set(['carrier_a', 'carrier_d']));
  });

  it('answers 200 with every account in errors when all fail, and 400 no_qualifying_rate when a rate was to be selected', async () => {
    await s.em.fault('carrier_a', 'rate', 'http_500', 0);
    await s.em.fault('carrier_c', 'rate', 'auth', 0);
    const ids = [s.accounts.carrier_a, s.accounts.carrier_c];
    const res = await s.t.call('POST', '/rate', s.key, shopBody(ids));
    expect(res.status).toBe(200);
    expect(res.body.rates).toEqual([]);
    expect(res.body.errors.map((e: { carrier: string }) => e.carrier).sort()).toEqual(['carrier_a', 'carrier_c']);
    const err = expectError(
      await s.t.call('POST', '/rate', s.key, shopBody(ids, { select: 'cheapest' })),
      400,
      'no_qualifying_rate',
    );
    expect(err.message).toContain('2 failed');
  });

  it('refuses the whole request for an unknown account or another tenant’s', async () => {
    expectError(
      await s.t.call('POST', '/rate', s.key, shopBody([s.accounts.carrier_a, '999999999999999'])),
      404,
      'shipping_account_not_found',
    );
    expectError(
      await s.t.call('POST', '/rate', await s.t.key('other-tenant'), shopBody([s.accounts.carrier_a])),
      404,
      'shipping_account_not_found',
    );
  });

  it('checks the list and the members that go with it', async () => {
    expectError(await s.t.call('POST', '/rate', s.key, shopBody([])), 400, 'schema_validation_error');
    expectError(
      await s.t.call('POST', '/rate', s.key, shopBody(Array.from({ length: 21 }, (_, i) => String(i + 1)))),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call(
        'POST',
        '/rate',
        s.key,
        shopBody([s.accounts.carrier_a], { shipping_account: s.accounts.carrier_a }),
      ),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shopBody([s.accounts.carrier_a], { select: 'slowest' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shopBody([s.accounts.carrier_a], { deliver_by: 'soon' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shopBody([s.accounts.carrier_a], { carrier: 'carrier_a' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shopBody([s.accounts.carrier_a], { ship_date: '2020-01-01' })),
      400,
      'ship_date_past',
    );
    const { shipping_accounts: _, ...one } = shopBody([]).shipment;
    expectError(
      await s.t.call('POST', '/rate', s.key, {
        shipment: { ...one, shipping_account: s.accounts.carrier_a, select: 'cheapest' },
      }),
      400,
      'schema_validation_error',
    );
    expectError(await s.t.call('POST', '/rate', s.key, { shipment: one }), 400, 'schema_field_required');
  });

  it('lists a catalog value one carrier lacks as that account’s error', async () => {
    const res = await s.t.call(
      'POST',
      '/rate',
      s.key,
      shopBody([s.accounts.carrier_a, s.accounts.carrier_b], { service: 'carrier_a_ground' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.rates.map((r: R) => r.service_type)).toEqual(['carrier_a_ground']);
    expect(res.body.errors).toMatchObject([{ carrier: 'carrier_b', error: { code: 'schema_validation_error' } }]);
  });

  it('accepts account ids as JSON integers and rates a repeated id once', async () => {
    const id = s.accounts.carrier_a;
    const res = await s.t.call('POST', '/rate', s.key, shopBody([Number(id), id] as unknown as string[]));
    expect(res.status).toBe(200);
    const services = res.body.rates.map((r: R) => r.service_type);
    expect(new Set(services).size).toBe(services.length);
  });
});

describe('POST /rate with select and deliver_by', () => {
  const shop = async (extra: Record<string, unknown>) => {
    const res = await s.t.call('POST', '/rate', s.key, shopBody(all(), extra));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { rates: res.body.rates as R[], selected: res.body.selected as R };
  };
  const cheapestOf = (rs: R[]) => rs.reduce((a, b) => (Number(b.total_cost) < Number(a.total_cost) ? b : a));

  it('cheapest: the lowest total_cost', async () => {
    const { rates, selected } = await shop({ select: 'cheapest' });
    expect(selected).toEqual(rates[0]);
  });

  it('fastest: the earliest estimated_date, cheapest among equals', async () => {
    const { rates, selected } = await shop({ select: 'fastest' });
    const earliest = rates.map((r) => r.estimated_date!).sort()[0];
    expect(selected).toEqual(cheapestOf(rates.filter((r) => r.estimated_date === earliest)));
  });

  it('best_value: the cheapest arriving at most one day after the fastest', async () => {
    const { rates, selected } = await shop({ select: 'best_value' });
    const earliest = new Date(`${rates.map((r) => r.estimated_date!).sort()[0]}T00:00:00Z`);
    const limit = new Date(earliest.getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(selected).toEqual(cheapestOf(rates.filter((r) => r.estimated_date! <= limit)));
  });

  it('deliver_by keeps only rates arriving on or before it; alone it picks the cheapest of those', async () => {
    const { rates } = await shop({});
    const dates = [...new Set(rates.map((r) => r.estimated_date!))].sort();
    const by = dates[1]!;
    const { selected } = await shop({ deliver_by: by });
    expect(selected).toEqual(cheapestOf(rates.filter((r) => r.estimated_date! <= by)));
    expect((await shop({ deliver_by: by, select: 'fastest' })).selected.estimated_date).toBe(dates[0]);
  });

  it('answers no_qualifying_rate when nothing arrives in time, saying so', async () => {
    const err = expectError(
      await s.t.call('POST', '/rate', s.key, shopBody(all(), { select: 'cheapest', deliver_by: '2000-01-01' })),
      400,
      'no_qualifying_rate',
    );
    expect(err.message).toContain('2000-01-01');
    expect(err.detail).toBe('shipment.deliver_by');
  });
});
