/** Uploaded price lists on every dialect: one per account, replaced whole, scoped by tenant, read back as they were given. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceBand } from '../../src/domain/price-list.js';
import {
  deletePriceList,
  getPriceList,
  getPriceListSummary,
  savePriceList,
} from '../../src/storage/repositories/price-lists.js';
import { createTestDatabase, dialects, type TestDatabase } from '../support/databases.js';

const band = (over: Partial<PriceBand> = {}): PriceBand => ({
  service: 'carrier_a_ground',
  service_name: 'Ground',
  zone: 'Domestic',
  countries: ['US'],
  min_kg: 0,
  max_kg: 5,
  max_cm: [120, 60, 60],
  price: '6.10',
  currency: 'USD',
  transit_days: [2, 4],
  ...over,
});

describe.each(dialects)('price lists on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.drop());

  it('stores a list, reads it back whole or as its summary, replaces it, and deletes it', async () => {
    const db = t.database.db;
    const first = [
      band(),
      band({ min_kg: 5, max_kg: 20, price: '9.90', countries: [], zone: 'Rest', max_cm: undefined }),
    ];
    delete first[1]!.max_cm;
    await savePriceList(db, 't1', {
      shipping_account: '100',
      row_count: 2,
      uploaded_at: '2026-11-28T10:00:00.000Z',
      bands: first,
    });
    expect(await getPriceList(db, 't1', '100')).toEqual({
      shipping_account: '100',
      row_count: 2,
      uploaded_at: '2026-11-28T10:00:00.000Z',
      bands: first,
    });
    expect(await getPriceListSummary(db, 't1', '100')).toEqual({
      shipping_account: '100',
      row_count: 2,
      uploaded_at: '2026-11-28T10:00:00.000Z',
    });

    // Another tenant's account of the same number sees nothing, and its own list is apart.
    expect(await getPriceList(db, 't2', '100')).toBeUndefined();
    await savePriceList(db, 't2', {
      shipping_account: '100',
      row_count: 1,
      uploaded_at: '2026-11-28T11:00:00.000Z',
      bands: [band({ price: '1.00' })],
    });

    // An upload replaces the account's list: one list per account.
    const second = [band({ price: '5.00' })];
    await savePriceList(db, 't1', {
      shipping_account: '100',
      row_count: 1,
      uploaded_at: '2026-11-28T12:00:00.000Z',
      bands: second,
    });
    expect(await getPriceList(db, 't1', '100')).toEqual({
      shipping_account: '100',
      row_count: 1,
      uploaded_at: '2026-11-28T12:00:00.000Z',
      bands: second,
    });
    expect(
      (await db.selectFrom('price_lists').select('tenant').where('shipping_account', '=', '100').execute()).length,
    ).toBe(2);

    expect(await deletePriceList(db, 't1', '100')).toBe(true);
    expect(await deletePriceList(db, 't1', '100')).toBe(false);
    expect(await getPriceListSummary(db, 't1', '100')).toBeUndefined();
    expect((await getPriceList(db, 't2', '100'))?.bands[0]?.price).toBe('1.00');
  });

  it('keeps a list of thousands of bands in one document', async () => {
    const bands = Array.from({ length: 5000 }, (_, i) =>
      band({ min_kg: i / 100, max_kg: (i + 1) / 100, price: `${i}.50` }),
    );
    await savePriceList(t.database.db, 't3', {
      shipping_account: '7',
      row_count: bands.length,
      uploaded_at: '2026-11-28T10:00:00.000Z',
      bands,
    });
    const back = await getPriceList(t.database.db, 't3', '7');
    expect(back?.row_count).toBe(5000);
    expect(back?.bands[4999]).toEqual(bands[4999]);
  });
});
