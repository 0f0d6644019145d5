/** The whole service → dhl_parcel_de adapter → emulator over loopback: price-list rates and bookings. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { shipment, useCarrier } from './support.js';

const s = useCarrier('dhl_parcel_de', 'DE');

const bonn = {
  name: 'Max Mustermann',
  company: 'My Online Shop GmbH',
  street1: 'Sträßchensweg 10',
  city: 'Bonn',
  postal_code: '53113',
  country: 'DE',
  phone: '+49 228 1234567',
  email: 'max@example.com',
};
const berlin = {
  name: 'Maria Muster',
  street1: 'Kurt-Schumacher-Str. 20',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
  phone: '+49 30 7654321',
};
const paris = { name: 'Jean Dupont', street1: '10 Rue de Rivoli', city: 'Paris', postal_code: '75001', country: 'FR' };
const london = {
  name: 'Joe Black',
  street1: '10 Downing Street',
  city: 'London',
  postal_code: 'SW1A 2AA',
  country: 'GB',
  phone: '+44 20 7946 0000',
};
const customs = [
  {
    description: 'Red T-shirt',
    quantity: 2,
    value: 20,
    weight: 0.4,
    weight_unit: 'KG',
    manufacture_country_code: 'FR',
    harmonized_code: '610910',
  },
];

const body = (overrides: Record<string, unknown> = {}) =>
  shipment(s.account, {
    sender: bonn,
    recipient: berlin,
    packages: [{ weight: 3, length: 30, width: 20, height: 10 }],
    dim_units: 'CM',
    weight_units: 'KG',
    ...overrides,
  });

describe('POST /rate (the published price list)', () => {
  it('prices domestic parcels by weight band, saying which list priced them', async () => {
    const res = await s.t.call('POST', '/rate', s.key, body());
    expect(res.status, res.raw).toBe(200);
    expect(res.body.rates).toEqual([
      {
        service_type: 'dhl_parcel_de_paket',
        service_name: 'DHL Paket (published price list)',
        total_cost: '7.50',
        currency: 'EUR',
        transit_days: 2,
        price_list: { source: 'published' },
      },
    ]);
    // A small, light parcel also fits the small-parcel product, which is cheaper.
    const small = await s.t.call(
      'POST',
      '/rate',
      s.key,
      body({ packages: [{ weight: 0.8, length: 30, width: 20, height: 4 }] }),
    );
    expect(
      small.body.rates.map((r: { service_type: string; total_cost: string }) => [r.service_type, r.total_cost]),
    ).toEqual([
      ['dhl_parcel_de_kleinpaket', '3.39'],
      ['dhl_parcel_de_paket', '7.50'],
    ]);
  });

  it('adds up the parcels of a booking of several, and converts pounds and inches', async () => {
    const res = await s.t.call(
      'POST',
      '/rate',
      s.key,
      body({ packages: [{ weight: 3 }, { weight: 12 }], service: 'dhl_parcel_de_paket' }),
    );
    expect(res.body.rates).toMatchObject([{ service_type: 'dhl_parcel_de_paket', total_cost: '26.30' }]);
    const lb = await s.t.call(
      'POST',
      '/rate',
      s.key,
      body({ packages: [{ weight: 15, length: 12, width: 10, height: 6 }], weight_units: 'LB', dim_units: 'IN' }),
    );
    expect(lb.body.rates).toMatchObject([{ service_type: 'dhl_parcel_de_paket', total_cost: '10.30' }]);
  });

  it('prices the EU and the rest of the world from their zones', async () => {
    const eu = await s.t.call('POST', '/rate', s.key, body({ recipient: paris }));
    expect(
      eu.body.rates.map((r: { service_type: string; total_cost: string }) => [r.service_type, r.total_cost]),
    ).toEqual([['dhl_parcel_de_europaket', '15.99']]);
    const world = await s.t.call(
      'POST',
      '/rate',
      s.key,
      body({ recipient: london, packages: [{ weight: 0.4, length: 30, width: 20, height: 4 }] }),
    );
    expect(
      world.body.rates.map((r: { service_type: string; total_cost: string }) => [r.service_type, r.total_cost]),
    ).toEqual([
      ['dhl_parcel_de_warenpost_international', '3.99'],
      ['dhl_parcel_de_paket_international', '15.99'],
    ]);
  });

  it('refuses a parcel over every band with a clear 4xx, never a made-up price', async () => {
    const heavy = expectError(
      await s.t.call('POST', '/rate', s.key, body({ packages: [{ weight: 2 }, { weight: 40 }] })),
      400,
      'schema_validation_error',
    );
    expect(heavy.message).toContain('packages[1] (40 kg) is over every weight band');
    expect(heavy.detail).toBe('packages[1]');
    const long = expectError(
      await s.t.call('POST', '/rate', s.key, body({ packages: [{ weight: 2, length: 130, width: 20, height: 10 }] })),
      400,
      'schema_validation_error',
    );
    expect(long.message).toContain('130 x 20 x 10 cm');
    expectError(await s.t.call('POST', '/rate', s.key, body({ sender: london })), 400, 'schema_validation_error');
    expectError(
      await s.t.call('POST', '/rate', s.key, body({ service: 'carrier_a_ground' })),
      400,
      'schema_validation_error',
    );
  });
});

describe('POST /ship', () => {
  it('books one parcel with a PDF label carrying its number', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({
        service: 'dhl_parcel_de_paket',
        references: [{ type: 'ref', value: 'ORDER-10001' }],
        include_base64_label: true,
      }),
    );
    expect(res.status, res.raw).toBe(200);
    const sh = res.body.shipment;
    expect(sh.tracking_number).toMatch(/^\d{12}$/);
    expect(sh).toMatchObject({ carrier: 'dhl_parcel_de', service: 'dhl_parcel_de_paket', label_type: 'PDF' });
    const label = Buffer.from(sh.packages[0].label, 'base64');
    expect(label.subarray(0, 5).toString()).toBe('%PDF-');
    // 910-300-700, the print medium of an account without one chosen: 105 x 205 mm.
    const page = (await PDFDocument.load(label)).getPage(0).getSize();
    expect([Math.round(page.width), Math.round(page.height)]).toEqual([298, 581]);
  });

  it('books several packages as one shipment per parcel, each with its label', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({
        service: 'dhl_parcel_de_paket',
        packages: [{ weight: 2 }, { weight: 5 }, { weight: 9 }],
        include_base64_label: true,
      }),
    );
    expect(res.status, res.raw).toBe(200);
    const numbers = res.body.shipment.packages.map((p: { tracking_number: string }) => p.tracking_number);
    expect(numbers).toHaveLength(3);
    expect(new Set(numbers).size).toBe(3);
    expect(res.body.shipment.tracking_number).toBe(numbers[0]);
  });

  it('prints ZPL II labels on the thermal medium asked for', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({ service: 'dhl_parcel_de_paket', label_type: 'ZPLII__910_300_400', include_base64_label: true }),
    );
    expect(res.status, res.raw).toBe(200);
    const zpl = Buffer.from(res.body.shipment.packages[0].label, 'base64').toString('latin1');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl).toContain(res.body.shipment.tracking_number);
  });

  it('books internationally with customs, the customs document in shipping_documents', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({
        recipient: london,
        service: 'dhl_parcel_de_paket_international',
        customs_items: customs,
        terms_of_trade: 'DDP',
        include_base64_label: true,
      }),
    );
    expect(res.status, res.raw).toBe(200);
    const docs = res.body.shipment.shipping_documents;
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ type: 'customs_declaration', format: 'PDF' });
    expect(Buffer.from(docs[0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('books Warenpost International with an S10 number ending in DE', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({
        recipient: london,
        service: 'dhl_parcel_de_warenpost_international',
        packages: [{ weight: 0.4, length: 30, width: 20, height: 3 }],
        customs_items: customs,
      }),
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.shipment.tracking_number).toMatch(/^CD\d{9}DE$/);
  });

  it('refuses what DHL refuses with its validation messages, and bad input with a 4xx', async () => {
    const noCustoms = expectError(
      await s.t.call('POST', '/ship', s.key, body({ recipient: london, service: 'dhl_parcel_de_paket_international' })),
      400,
      'schema_field_required',
    );
    expect(noCustoms.detail).toBe('shipment.customs_items');
    const heavy = expectError(
      await s.t.call('POST', '/ship', s.key, body({ service: 'dhl_parcel_de_kleinpaket', packages: [{ weight: 5 }] })),
      400,
      'carrier_exception',
    );
    expect(heavy.message).toContain('details.weight.value: The weight exceeds the maximum of 1 kg for V62KP.');
    expect(heavy.detail).toContain('properties: details.weight.value');
    const abroad = expectError(
      await s.t.call('POST', '/ship', s.key, body({ service: 'dhl_parcel_de_paket', recipient: paris })),
      400,
      'carrier_exception',
    );
    expect(abroad.message).toContain('not available to FRA');
    expectError(
      await s.t.call('POST', '/ship', s.key, body({ service: 'dhl_parcel_de_paket', label_type: 'PNG' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/ship', s.key, body({ service: 'dhl_parcel_de_paket', ship_date: '2020-01-01' })),
      400,
      'ship_date_past',
    );
  });

  it('takes a missing house number as DHL does: a warning, not an error', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({ service: 'dhl_parcel_de_paket', recipient: { ...berlin, street1: 'Kurt-Schumacher-Str.' } }),
    );
    expect(res.status, res.raw).toBe(200);
  });
});
