/** The whole service → canadapost adapter → emulator over loopback: rating and booking. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { validAuth } from '../support/accounts.js';
import { expectError } from '../support/app.js';
import { address, recipientGB, recipientUS, shipment, useCarrier } from './support.js';

const s = useCarrier('canadapost', 'CA');

const montreal = address({
  name: 'Bob Sender',
  company: 'CGI',
  street1: '502 Main St N',
  city: 'Montreal',
  state: 'QC',
  postal_code: 'h2b 1a0',
  country: 'CA',
  phone: '1 (450) 823-8432',
});
const ottawa = {
  name: 'Jain Recipient',
  street1: '23 Jardin Private',
  city: 'Ottawa',
  state: 'ON',
  postal_code: 'K1K 4T3',
  country: 'CA',
  phone: '613 555 0100',
};
const cpShipment = (overrides: Record<string, unknown> = {}) =>
  shipment(s.account, {
    sender: montreal,
    recipient: ottawa,
    packages: [{ weight: 2, length: 30, width: 20, height: 10, value: 50 }],
    dim_units: 'CM',
    weight_units: 'KG',
    ...overrides,
  });
const customs = [
  {
    description: 'Maple syrup',
    quantity: 2,
    value: 40,
    harmonized_code: '1702.20.00.00',
    weight: 1,
    weight_unit: 'KG',
    manufacture_country_code: 'CA',
  },
];
const labelOf = (res: { body: { shipment: { packages: { label: string }[] } } }, i = 0) =>
  Buffer.from(res.body.shipment.packages[i]?.label ?? '', 'base64');

describe('POST /rate', () => {
  it('answers domestic rates in CAD, taxes included, with transit and delivery dates', async () => {
    const res = await s.t.call('POST', '/rate', s.key, cpShipment());
    expect(res.status).toBe(200);
    const types = res.body.rates.map((r: { service_type: string }) => r.service_type);
    expect(types.sort()).toEqual([
      'canadapost_expedited_parcel',
      'canadapost_priority',
      'canadapost_regular_parcel',
      'canadapost_xpresspost',
    ]);
    for (const r of res.body.rates) {
      expect(r.total_cost).toMatch(/^\d+\.\d{2}$/);
      expect(r.currency).toBe('CAD');
      expect(r.transit_days).toBeGreaterThan(0);
      expect(r.estimated_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // Quebec to Ontario, 2 kg, a contract account: the 13.99 bracket (neighbouring regions: zone 0), less 3 %, fuel 10 %, HST 13 %.
    const expedited = res.body.rates.find(
      (r: { service_type: string }) => r.service_type === 'canadapost_expedited_parcel',
    );
    expect(expedited).toMatchObject({ service_name: 'Expedited Parcel', total_cost: '16.87' });
  });

  it('rates the U.S. and the world, filters by service, and sums several parcels', async () => {
    const us = await s.t.call('POST', '/rate', s.key, cpShipment({ recipient: recipientUS }));
    expect(us.body.rates.map((r: { service_type: string }) => r.service_type)).toEqual(
      expect.arrayContaining(['canadapost_expedited_parcel_usa', 'canadapost_xpresspost_usa']),
    );
    const world = await s.t.call(
      'POST',
      '/rate',
      s.key,
      cpShipment({ recipient: recipientGB, service: 'canadapost_xpresspost_international' }),
    );
    expect(world.body.rates.map((r: { service_type: string }) => r.service_type)).toEqual([
      'canadapost_xpresspost_international',
    ]);
    const one = await s.t.call('POST', '/rate', s.key, cpShipment({ service: 'canadapost_xpresspost' }));
    const two = await s.t.call(
      'POST',
      '/rate',
      s.key,
      cpShipment({
        service: 'canadapost_xpresspost',
        packages: [
          { weight: 2, length: 30, width: 20, height: 10 },
          { weight: 2, length: 30, width: 20, height: 10 },
        ],
      }),
    );
    expect(Number(two.body.rates[0].total_cost)).toBeCloseTo(2 * Number(one.body.rates[0].total_cost), 2);
  });

  it("refuses a malformed postal code with Canada Post's words, and bad input with a 4xx", async () => {
    const bad = expectError(
      await s.t.call('POST', '/rate', s.key, cpShipment({ recipient: { ...ottawa, postal_code: 'K1K 4T' } })),
      400,
      'carrier_exception',
    );
    expect(bad.message).toContain("Value 'K1K4T' is not facet-valid");
    expect(bad.detail).toContain('code Server');
    expectError(
      await s.t.call('POST', '/rate', s.key, cpShipment({ sender: address() })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, cpShipment({ service: 'carrier_a_ground' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, cpShipment({ packages: [{ weight: 45 }] })),
      400,
      'carrier_exception',
    );
  });
});

describe('POST /ship', () => {
  it('books a contract shipment with a 16-digit PIN, costs with taxes apart, and a 4x6 PDF label', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      cpShipment({
        service: 'canadapost_expedited_parcel',
        references: [{ type: 'ref', value: 'ORDER-1' }],
        include_base64_label: true,
      }),
    );
    expect(res.status).toBe(200);
    const sh = res.body.shipment;
    expect(sh.tracking_number).toMatch(/^7023210\d{9}$/);
    expect(sh).toMatchObject({ carrier: 'canadapost', service: 'canadapost_expedited_parcel' });
    expect(sh.costs).toMatchObject({ currency: 'CAD', net_charge: '16.87', taxes: '1.94', discounts: '0.42' });
    const pdf = await PDFDocument.load(labelOf(res));
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
  });

  it('books several packages as one shipment per parcel, each with its PIN and label', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      cpShipment({
        service: 'canadapost_regular_parcel',
        packages: [{ weight: 1 }, { weight: 3 }],
        include_base64_label: true,
      }),
    );
    expect(res.status).toBe(200);
    const sh = res.body.shipment;
    expect(sh.packages).toHaveLength(2);
    expect(sh.packages[0].tracking_number).toBe(sh.tracking_number);
    expect(sh.packages[1].tracking_number).not.toBe(sh.tracking_number);
    for (const i of [0, 1]) expect(labelOf(res, i).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints every label type of the catalog', async () => {
    const cases: [string, (b: Buffer) => boolean][] = [
      ['PDF', (b) => b.subarray(0, 5).toString() === '%PDF-'],
      ['PDF__8.5x11', (b) => b.subarray(0, 5).toString() === '%PDF-'],
      ['ZPL', (b) => b.toString().startsWith('^XA')],
      ['ZPL__4x6', (b) => b.toString().startsWith('^XA')],
    ];
    for (const [labelType, looksRight] of cases) {
      const res = await s.t.call(
        'POST',
        '/ship',
        s.key,
        cpShipment({ service: 'canadapost_expedited_parcel', label_type: labelType, include_base64_label: true }),
      );
      expect(res.status, labelType).toBe(200);
      expect(looksRight(labelOf(res)), labelType).toBe(true);
    }
    const letter = await s.t.call(
      'POST',
      '/ship',
      s.key,
      cpShipment({ service: 'canadapost_expedited_parcel', label_type: 'PDF__8.5x11', include_base64_label: true }),
    );
    expect((await PDFDocument.load(labelOf(letter))).getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        cpShipment({ service: 'canadapost_expedited_parcel', label_type: 'ZPL__8.5x11' }),
      ),
      400,
      'schema_validation_error',
    );
  });

  it('books abroad with customs and the commercial invoice in shipping_documents, an S10 PIN for a packet', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      cpShipment({
        recipient: recipientGB,
        service: 'canadapost_tracked_packet_international',
        packages: [{ weight: 0.4 }],
        customs_items: customs,
        include_base64_label: true,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.shipment.tracking_number).toMatch(/^LM\d{9}CA$/);
    const docs = res.body.shipment.shipping_documents;
    expect(docs.map((d: { type: string }) => d.type)).toEqual(['commercial_invoice']);
    expect(Buffer.from(docs[0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        cpShipment({
          recipient: recipientGB,
          service: 'canadapost_tracked_packet_international',
          packages: [{ weight: 0.4 }],
        }),
      ),
      400,
      'schema_validation_error',
    );
  });

  it('books a non-contract shipment for an account without contract_id (PDF only)', async () => {
    const auth = validAuth.canadapost;
    await s.em.knowCredentials('canadapost', auth);
    const account = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'canadapost', country: 'CA', test: true, auth },
      })
    ).body.shipping_account.id;
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(account, {
        sender: montreal,
        recipient: ottawa,
        packages: [{ weight: 2 }],
        dim_units: 'CM',
        weight_units: 'KG',
        service: 'canadapost_expedited_parcel',
        include_base64_label: true,
      }),
    );
    expect(res.status).toBe(200);
    expect(labelOf(res).subarray(0, 5).toString()).toBe('%PDF-');
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(account, {
          sender: montreal,
          recipient: ottawa,
          packages: [{ weight: 2 }],
          service: 'canadapost_expedited_parcel',
          label_type: 'ZPL',
        }),
      ),
      400,
      'schema_validation_error',
    );
  });

  it('asks for the phone Canada Post needs before calling it', async () => {
    const { phone: _phone, ...noPhone } = ottawa;
    expect(
      expectError(
        await s.t.call(
          'POST',
          '/ship',
          s.key,
          cpShipment({ service: 'canadapost_expedited_parcel', recipient: noPhone }),
        ),
        400,
        'schema_field_required',
      ).detail,
    ).toBe('shipment.recipient.phone');
  });
});
