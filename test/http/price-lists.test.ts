/**
 * Price lists through the real app and the emulator: a CSV or JSON upload per shipping account,
 * checked strictly (each bad row named by line and column), replaced, read, downloaded, deleted,
 * under the account routes' permissions and in the audit log; and rates priced from it, on
 * carrier_a (whose rating API it replaces) and on dhl_parcel_de (whose published list it replaces),
 * in /rate and in rate shopping, with a clear 4xx for a parcel over every band.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, recipientGB, recipientUS, shipment } from '../contract/support.js';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';

const HEADER =
  'service_code,service_name,zone_label,country_codes,min_weight,max_weight,max_length,max_width,max_height,rate,currency,transit_days,domicile,international';
const CARRIER_A = [
  HEADER,
  'carrier_a_ground,Negotiated Ground,Domestic,US,0,2,120,60,60,5.10,USD,2-4,true,false',
  'carrier_a_ground,Negotiated Ground,Domestic,US,2,10,120,60,60,8.25,USD,2-4,true,false',
  'carrier_a_ground,Negotiated Ground,Domestic,US,10,30,120,60,60,14.00,USD,3-5,true,false',
  'carrier_a_2_day,,Domestic,US,0,10,,,,12.00,USD,2,true,false',
  'carrier_a_ground,Negotiated Ground Intl,World,,0,20,120,60,60,39.00,USD,5-8,false,true',
].join('\n');
const bonn = {
  name: 'Max Mustermann',
  street1: 'Sträßchensweg 10',
  city: 'Bonn',
  postal_code: '53113',
  country: 'DE',
  phone: '+49 228 1234567',
};
const berlin = {
  name: 'Maria Muster',
  street1: 'Kurt-Schumacher-Str. 20',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
  phone: '+49 30 7654321',
};
const DHL = [
  HEADER,
  'dhl_parcel_de_paket,DHL Paket (contract),Germany,DE,0.01,5,120,60,60,4.20,EUR,1-2,true,false',
  'dhl_parcel_de_paket,DHL Paket (contract),Germany,DE,5,31.5,120,60,60,6.90,EUR,1-2,true,false',
].join('\n');

let em: TestEmulator;
let t: TestApp;
let key: string;
let a: string;
let dhl: string;

beforeAll(async () => {
  em = await startTestEmulator();
  t = await createTestApp({ emulatorUrl: em.url });
  key = await t.key('acme');
  a = (
    await t.call('POST', '/shippingaccount', key, {
      shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
    })
  ).body.shipping_account.id;
  dhl = (
    await t.call('POST', '/shippingaccount', key, {
      shipping_account: { carrier: 'dhl_parcel_de', country: 'DE', test: true },
    })
  ).body.shipping_account.id;
});
afterAll(async () => {
  await t?.close();
  await em?.close();
});

const csv = (account: string, text: string, k = key) =>
  t.call('PUT', `/shippingaccount/${account}/price-list`, k, text, { 'content-type': 'text/csv' });
const rateA = (over: Record<string, unknown> = {}) =>
  t.call(
    'POST',
    '/rate',
    key,
    shipment(a, { packages: [{ weight: 3 }], weight_units: 'KG', dim_units: 'CM', ...over }),
  );
const rateDhl = (over: Record<string, unknown> = {}) =>
  t.call(
    'POST',
    '/rate',
    key,
    shipment(dhl, {
      sender: bonn,
      recipient: berlin,
      packages: [{ weight: 3, length: 30, width: 20, height: 10 }],
      weight_units: 'KG',
      dim_units: 'CM',
      ...over,
    }),
  );
const costs = (rates: { service_type: string; total_cost: string }[]) =>
  rates.map((r) => [r.service_type, r.total_cost]);

describe('uploading a price list', () => {
  it('takes a CSV in the published list’s columns, and reads it back, as rows and as a CSV file', async () => {
    const res = await csv(a, CARRIER_A);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.price_list).toMatchObject({ shipping_account: a, source: 'uploaded', row_count: 5 });
    const read = await t.call('GET', `/shippingaccount/${a}/price-list`, key);
    expect(read.body.price_list.rows[0]).toEqual({
      service: 'carrier_a_ground',
      service_name: 'Negotiated Ground',
      zone: 'Domestic',
      countries: ['US'],
      min_kg: 0,
      max_kg: 2,
      max_cm: [120, 60, 60],
      price: '5.10',
      currency: 'USD',
      transit_days: [2, 4],
    });
    expect(read.body.price_list.rows[3]).toMatchObject({
      service: 'carrier_a_2_day',
      service_name: '2 Day',
      transit_days: [2, 2],
    });
    expect(read.body.price_list.rows[3].max_cm).toBeUndefined();
    const file = await t.call('GET', `/shippingaccount/${a}/price-list/csv`, key);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.raw.split('\n')[1]).toBe('carrier_a_ground,Negotiated Ground,Domestic,US,0,2,120,60,60,5.10,USD,2-4');
    // The download is an upload again, as it was.
    expect((await csv(a, file.raw)).status).toBe(200);
    expect((await t.call('GET', `/shippingaccount/${a}/price-list`, key)).body.price_list.rows).toEqual(
      read.body.price_list.rows,
    );
  });

  it('refuses a bad file whole, naming the line and column of each problem', async () => {
    const bad = [
      HEADER,
      'carrier_a_ground,,,US,0,2,,,,5.10,USD,2-4,,',
      'carrier_a_ground,,,US,2,ten,,,,5.10,USD,2-4,,',
      'carrier_a_moon,,,US,0,2,,,,5.10,USD,2-4,,',
      'carrier_a_ground,,,usa,0,2,,,,5.10,USD,2-4,,',
      'carrier_a_ground,,,US,0,2,120,60,,5.10,USD,2-4,,',
      'carrier_a_ground,,,US,0,2,,,,5.1.0,USD,2-4,,',
      'carrier_a_ground,,,US,0,2,,,,5.10,EUR,2-4,,',
      'carrier_a_ground,,,US,0,2,,,,5.10,USD,4-2,,',
    ].join('\n');
    const err = expectError(await csv(a, bad), 400, 'schema_validation_error');
    expect(err.detail).toBe('line 3, column max_weight');
    expect(err.message).toContain('line 3, column max_weight: "ten" is not a number');
    expect(err.message).toContain('line 4, column service_code: carrier_a has no service "carrier_a_moon"');
    expect(err.message).toContain('line 5, column country_codes: "usa" is not an ISO country code');
    expect(err.message).toContain('line 6, column max_height: is empty');
    expect(err.message).toContain('line 7, column rate: "5.1.0" is not a price');
    expect(err.message).toContain('and 2 more');
    // The account's list is as it was.
    expect((await t.call('GET', `/shippingaccount/${a}/price-list`, key)).body.price_list.row_count).toBe(5);

    const cases: [string, string, string][] = [
      [`${HEADER},discount\n`, 'line 1', 'unknown column "discount"'],
      [
        'service_code,rate\ncarrier_a_ground,5',
        'line 1',
        'lacks the columns min_weight, max_weight, currency, transit_days',
      ],
      [HEADER, 'body', 'a header but no rows'],
      ['', 'line 1', 'the CSV is empty'],
      [
        `${HEADER}\ncarrier_a_ground,,,US,0,2,,,,5.10,USD,2-4,,,extra`,
        'line 2',
        'has 15 fields but the header names 14',
      ],
      [`${HEADER}\ncarrier_a_ground,,,US,,2,,,,5.10,USD,2-4,,`, 'line 2, column min_weight', 'is empty'],
      [
        `${HEADER}\ncarrier_a_ground,,,US,3,2,,,,5.10,USD,2-4,,`,
        'line 2, column max_weight',
        'is not above min_weight 3',
      ],
      [
        `${HEADER}\ncarrier_a_ground,,,US,0,2,,,,5.10,USD,2-4,yes,`,
        'line 2, column domicile',
        'neither true nor false',
      ],
      [`${HEADER}\n"carrier_a_ground,0`, 'line 2', 'could not be read'],
    ];
    for (const [body, detail, words] of cases) {
      const e = expectError(await csv(a, body), 400, 'schema_validation_error');
      expect(e.detail, body).toBe(detail);
      expect(e.message, body).toContain(words);
    }
    const mixed = expectError(
      await csv(a, `${HEADER}\ncarrier_a_ground,,,US,0,2,,,,5.10,USD,2,,\ncarrier_a_ground,,,US,2,4,,,,5.10,CAD,2,,`),
      400,
      'schema_validation_error',
    );
    expect(mixed.message).toContain('line 3, column currency: CAD, but earlier rows price carrier_a_ground in USD');
  });

  it('takes JSON rows too, naming a bad one by its index', async () => {
    const rows = [
      {
        service_code: 'carrier_a_ground',
        country_codes: 'US',
        min_weight: 0,
        max_weight: 30,
        rate: '7.00',
        currency: 'USD',
        transit_days: '3',
      },
      {
        service_code: 'carrier_a_ground',
        country_codes: 'US',
        min_weight: 0,
        max_weight: 'x',
        rate: '7.00',
        currency: 'USD',
        transit_days: 3,
      },
    ];
    const err = expectError(
      await t.call('PUT', `/shippingaccount/${a}/price-list`, key, { price_list: { rows } }),
      400,
      'schema_validation_error',
    );
    expect(err.detail).toBe('price_list.rows[1], column max_weight');
    const ok = await t.call('PUT', `/shippingaccount/${a}/price-list`, key, { price_list: { rows: rows.slice(0, 1) } });
    expect(ok.body.price_list.row_count).toBe(1);
    expect(costs((await rateA()).body.rates)).toEqual([['carrier_a_ground', '7.00']]);
  });

  it('takes a list of 5000 rows and refuses one more (413)', async () => {
    const line = (i: number) =>
      `carrier_a_ground,,,US,${i / 100},${(i + 1) / 100},,,,${(1 + i / 100).toFixed(2)},USD,2,,`;
    const big = [HEADER, ...Array.from({ length: 5000 }, (_, i) => line(i))].join('\n');
    const res = await csv(a, big);
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    expect(res.body.price_list.row_count).toBe(5000);
    expectError(await csv(a, `${big}\n${line(5000)}`), 413, 'payload_too_large');
  });

  it('manages lists under the account routes’ permissions, per tenant, in the audit log', async () => {
    expect((await csv(a, CARRIER_A)).status).toBe(200);
    const read = await t.key('acme', { scope: 'read' });
    expect((await t.call('GET', `/shippingaccount/${a}/price-list`, read)).status).toBe(200);
    expect(expectError(await csv(a, CARRIER_A, read), 403, 'forbidden').message).toContain('accounts.manage');
    expectError(await t.call('DELETE', `/shippingaccount/${a}/price-list`, read), 403, 'forbidden');
    const other = await t.key('other');
    expectError(await t.call('GET', `/shippingaccount/${a}/price-list`, other), 404, 'shipping_account_not_found');
    expectError(await csv(a, CARRIER_A, other), 404, 'shipping_account_not_found');
    expectError(await t.call('GET', '/shippingaccount/999999/price-list', key), 404, 'shipping_account_not_found');
    const log = (await t.call('GET', '/audit?action=price_list.uploaded', key)).body;
    expect(log.length ?? log.entries?.length).toBeGreaterThan(0);
  });
});

describe('rating from a price list', () => {
  it('rates a carrier_a account from its uploaded list instead of the carrier, saying so', async () => {
    const up = await csv(a, CARRIER_A);
    const res = await rateA();
    expect(res.status, res.raw).toBe(200);
    expect(res.body.rates).toEqual([
      {
        service_type: 'carrier_a_ground',
        service_name: 'Negotiated Ground',
        total_cost: '8.25',
        currency: 'USD',
        transit_days: 4,
        price_list: { source: 'uploaded', uploaded_at: up.body.price_list.uploaded_at },
      },
      {
        service_type: 'carrier_a_2_day',
        service_name: '2 Day',
        total_cost: '12.00',
        currency: 'USD',
        transit_days: 2,
        price_list: { source: 'uploaded', uploaded_at: up.body.price_list.uploaded_at },
      },
    ]);
    // Pounds and inches are converted; parcels add up; a service asked for alone; the rest of the world.
    expect(
      costs(
        (
          await rateA({
            packages: [{ weight: 4 }, { weight: 12, length: 20, width: 10, height: 10 }],
            weight_units: 'LB',
            dim_units: 'IN',
            service: 'carrier_a_ground',
          })
        ).body.rates,
      ),
    ).toEqual([['carrier_a_ground', '13.35']]);
    expect(costs((await rateA({ recipient: recipientGB })).body.rates)).toEqual([['carrier_a_ground', '39.00']]);
  });

  it('refuses a parcel over every band with a clear 4xx, never a made-up price', async () => {
    const heavy = expectError(
      await rateA({ packages: [{ weight: 1 }, { weight: 31 }] }),
      400,
      'schema_validation_error',
    );
    expect(heavy.detail).toBe('packages[1]');
    expect(heavy.message).toContain(
      'packages[1] (31 kg) is over every weight band or size limit of the uploaded price list',
    );
    // carrier_a_2_day's rows set no size limit: a long parcel is priced by it alone.
    expect(costs((await rateA({ packages: [{ weight: 1, length: 130, width: 10, height: 10 }] })).body.rates)).toEqual([
      ['carrier_a_2_day', '12.00'],
    ]);
    const long = expectError(
      await rateA({ packages: [{ weight: 1, length: 130, width: 10, height: 10 }], service: 'carrier_a_ground' }),
      400,
      'schema_validation_error',
    );
    expect(long.message).toContain('130 x 10 x 10 cm');
    expectError(await rateA({ recipient: recipientGB, service: 'carrier_a_2_day' }), 400, 'no_qualifying_rate');
  });

  it('rates dhl_parcel_de from its published list, and from an uploaded one once there is one', async () => {
    const published = await rateDhl();
    expect(published.body.rates).toEqual([
      {
        service_type: 'dhl_parcel_de_paket',
        service_name: 'DHL Paket (published price list)',
        total_cost: '7.50',
        currency: 'EUR',
        transit_days: 2,
        price_list: { source: 'published' },
      },
    ]);
    expectError(await t.call('GET', `/shippingaccount/${dhl}/price-list`, key), 404, 'not_found');
    const up = await csv(dhl, DHL);
    expect(up.status, up.raw).toBe(200);
    expect((await rateDhl()).body.rates).toEqual([
      {
        service_type: 'dhl_parcel_de_paket',
        service_name: 'DHL Paket (contract)',
        total_cost: '4.20',
        currency: 'EUR',
        transit_days: 2,
        price_list: { source: 'uploaded', uploaded_at: up.body.price_list.uploaded_at },
      },
    ]);
    // The uploaded list replaces the published one whole: no EU service in it, no EU rate.
    expectError(
      await rateDhl({ recipient: { ...berlin, country: 'FR', city: 'Paris', postal_code: '75001' } }),
      400,
      'no_qualifying_rate',
    );
    expectError(await rateDhl({ packages: [{ weight: 40 }] }), 400, 'schema_validation_error');
    // Deleted, the published list prices again.
    expect((await t.call('DELETE', `/shippingaccount/${dhl}/price-list`, key)).status).toBe(200);
    expectError(await t.call('DELETE', `/shippingaccount/${dhl}/price-list`, key), 404, 'not_found');
    expect((await rateDhl()).body.rates[0]).toMatchObject({ total_cost: '7.50', price_list: { source: 'published' } });
    expectError(await rateDhl({ packages: [{ weight: 40 }] }), 400, 'schema_validation_error');
  });

  it('rate shopping prices each account from its own list', async () => {
    await csv(a, CARRIER_A);
    const res = await t.call('POST', '/rate', key, {
      shipment: {
        ...shipment(a).shipment,
        shipping_account: undefined,
        shipping_accounts: [a, dhl],
        sender: bonn,
        recipient: berlin,
        packages: [{ weight: 3 }],
        weight_units: 'KG',
        dim_units: 'CM',
        currency: 'EUR',
      },
    });
    expect(res.status, res.raw).toBe(200);
    const dhlRate = res.body.rates.find((r: { shipping_account: string }) => r.shipping_account === dhl);
    expect(dhlRate).toMatchObject({
      carrier: 'dhl_parcel_de',
      total_cost: '7.50',
      price_list: { source: 'published' },
    });
    // carrier_a's list names only US and the rest of the world: Germany is the rest of the world.
    const aRate = res.body.rates.find((r: { shipping_account: string }) => r.shipping_account === a);
    expect(aRate).toMatchObject({ carrier: 'carrier_a', total_cost: '39.00', price_list: { source: 'uploaded' } });
  });

  it('deleting the list sends the account back to its carrier’s rates; deleting the account deletes its list', async () => {
    await csv(a, CARRIER_A);
    expect((await t.call('DELETE', `/shippingaccount/${a}/price-list`, key)).status).toBe(200);
    const res = await rateA({ sender: address(), recipient: recipientUS });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.rates.every((r: { price_list?: unknown }) => r.price_list === undefined)).toBe(true);
    const b = (
      await t.call('POST', '/shippingaccount', key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
      })
    ).body.shipping_account.id;
    expect((await csv(b, CARRIER_A)).status).toBe(200);
    expect((await t.call('DELETE', `/shippingaccount/${b}`, key)).status).toBe(200);
    expect(
      await t.db.database.db
        .selectFrom('price_lists')
        .select('shipping_account')
        .where('shipping_account', '=', b)
        .execute(),
    ).toEqual([]);
  });
});
