/** The whole service → carrier_c adapter → emulator over loopback: rating and booking. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { address, recipientGB, shipment, useCarrier } from './support.js';

const s = useCarrier('carrier_c', 'DE');

const berlin = address({
  name: 'Anna Absender',
  company: 'Acme GmbH',
  street1: 'Unter den Linden 1',
  city: 'Berlin',
  state: undefined,
  postal_code: '10117',
  country: 'DE',
  phone: '+49 30 1234567',
});
const munich = {
  name: 'Max Empfänger',
  street1: 'Marienplatz 8',
  city: 'München',
  postal_code: '80331',
  country: 'DE',
  phone: '+49 89 7654321',
};
const cShipment = (overrides: Record<string, unknown> = {}) =>
  shipment(s.account, {
    sender: berlin,
    recipient: munich,
    packages: [{ weight: 2, length: 30, width: 20, height: 10, value: 50 }],
    dim_units: 'CM',
    weight_units: 'KG',
    ...overrides,
  });
const customs = [
  {
    description: 'Cotton T-shirt',
    quantity: 2,
    quantity_unit: 'PCS',
    value: 40,
    commodity_code: '610910',
    weight: 0.5,
    manufacture_country_code: 'DE',
    license_number: 'LIC-1',
  },
];

describe('POST /rate', () => {
  it('answers domestic rates in the account currency with transit and delivery dates', async () => {
    const res = await s.t.call('POST', '/rate', s.key, cShipment());
    expect(res.status).toBe(200);
    const types = res.body.rates.map((r: { service_type: string }) => r.service_type);
    expect(types).toEqual(
      expect.arrayContaining(['domestic_express', 'domestic_express_1200', 'domestic_express_900_i']),
    );
    for (const r of res.body.rates) {
      expect(r.total_cost).toMatch(/^\d+\.\d{2}$/);
      expect(r.currency).toBe('EUR');
      expect(r.transit_days).toBe(1);
      expect(r.estimated_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.delivery_day).toMatch(/^(MON|TUE|WED|THU|FRI)$/);
    }
  });

  it('rates internationally (goods and documents) and filters by service', async () => {
    const intl = await s.t.call('POST', '/rate', s.key, cShipment({ recipient: recipientGB }));
    expect(intl.status).toBe(200);
    expect(intl.body.rates.map((r: { service_type: string }) => r.service_type)).toEqual(
      expect.arrayContaining(['express_worldwide_p', 'express_1200_y']),
    );
    const docs = await s.t.call(
      'POST',
      '/rate',
      s.key,
      cShipment({ recipient: recipientGB, packaging: 'express_document' }),
    );
    expect(docs.body.rates.map((r: { service_type: string }) => r.service_type)).toContain('express_worldwide_d');
    const one = await s.t.call(
      'POST',
      '/rate',
      s.key,
      cShipment({ recipient: recipientGB, service: 'express_worldwide_p' }),
    );
    expect(one.body.rates.map((r: { service_type: string }) => r.service_type)).toEqual(['express_worldwide_p']);
  });

  it("refuses what the carrier cannot do with DHL's own message, and bad input with a 4xx", async () => {
    const noCity = expectError(
      await s.t.call('POST', '/rate', s.key, cShipment({ recipient: { country: 'GB' } })),
      400,
      'carrier_exception',
    );
    expect(noCity.message).toContain('Missing mandatory parameters');
    expect(noCity.detail).toContain('instance /expressapi/rates');
    expectError(
      await s.t.call('POST', '/rate', s.key, cShipment({ service: 'carrier_a_ground' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, cShipment({ special_services: ['cod'] })),
      400,
      'schema_validation_error',
    );
    expectError(await s.t.call('POST', '/rate', s.key, cShipment({ ship_date: '2020-01-01' })), 400, 'ship_date_past');
    expectError(await s.t.call('POST', '/rate', s.key, cShipment({ packages: [] })), 400, 'schema_validation_error');
  });
});

describe('POST /ship', () => {
  it('books a domestic shipment with a DHL waybill and a PDF label per piece', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      cShipment({
        service: 'domestic_express',
        packages: [{ weight: 2 }, { weight: 3 }],
        references: [{ type: 'ref', value: 'ORDER-1' }],
      }),
    );
    expect(res.status).toBe(200);
    const sh = res.body.shipment;
    expect(sh.tracking_number).toMatch(/^\d{10}$/);
    expect(Number(sh.tracking_number.slice(0, 9)) % 7).toBe(Number(sh.tracking_number[9]));
    expect(sh).toMatchObject({ carrier: 'carrier_c', service: 'domestic_express', label_type: 'PDF' });
    expect(sh.costs.net_charge).toMatch(/^\d+\.\d{2}$/);
    expect(sh.costs.currency).toBe('EUR');
    expect(sh.packages).toHaveLength(2);
    expect(sh.packages[1].tracking_number).toBe(`JD01460002${sh.tracking_number}`);
    const label = await s.t.app.inject({
      method: 'GET',
      url: new URL(sh.packages[0].label).pathname,
      headers: { zkkey: s.key },
    });
    expect(label.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(label.rawPayload);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 576 });
  });

  it('books internationally with customs, paperless trade and the commercial invoice in shipping_documents', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      cShipment({
        recipient: { ...recipientGB, eori_number: 'GB123456789000' },
        service: 'express_worldwide_p',
        customs_items: customs,
        special_services: ['paperless_trade', 'insurance', 'duties_and_taxes_paid'],
        invoice_number: 'INV-42',
        terms_of_trade: 'DDP',
        place_of_incoterms: 'London',
        remarks: 'Handle with care',
        include_base64_label: true,
      }),
    );
    expect(res.status).toBe(200);
    const docs = res.body.shipment.shipping_documents;
    expect(docs.map((d: { type: string }) => d.type)).toEqual(['COMMERCIAL_INVOICE']);
    expect(Buffer.from(docs[0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.from(res.body.shipment.packages[0].label, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('renders every label type of the catalog (PNG: carrier_c.png.test.ts)', async () => {
    const cases: [string, (b: Buffer) => boolean][] = [
      ['PDF__8X4_A4_PDF', (b) => b.subarray(0, 5).toString() === '%PDF-'],
      ['PDF__6X4_PDF', (b) => b.subarray(0, 5).toString() === '%PDF-'],
      ['ZPL2__6X4_thermal', (b) => b.toString().startsWith('^XA')],
      ['ZPL2', (b) => b.toString().startsWith('^XA')],
      ['EPL2', (b) => b.toString().startsWith('\nN') || b.toString().startsWith('N')],
    ];
    for (const [labelType, looksRight] of cases) {
      const res = await s.t.call(
        'POST',
        '/ship',
        s.key,
        cShipment({ service: 'domestic_express', label_type: labelType, include_base64_label: true }),
      );
      expect(res.status, labelType).toBe(200);
      expect(looksRight(Buffer.from(res.body.shipment.packages[0].label, 'base64')), labelType).toBe(true);
    }
  });

  it('combines the labels of several pieces', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      cShipment({
        service: 'domestic_express',
        packages: [{ weight: 1 }, { weight: 1 }, { weight: 1 }],
        combined_labels: true,
      }),
    );
    expect(res.status).toBe(200);
    const combined = await s.t.app.inject({
      method: 'GET',
      url: new URL(res.body.shipment.combined_label).pathname,
      headers: { zkkey: s.key },
    });
    expect((await PDFDocument.load(combined.rawPayload)).getPageCount()).toBe(3);
  });

  it('asks for the contact phone MyDHL needs before calling it', async () => {
    const { phone: _phone, ...noPhone } = munich;
    expect(
      expectError(
        await s.t.call('POST', '/ship', s.key, cShipment({ service: 'domestic_express', recipient: noPhone })),
        400,
        'schema_field_required',
      ).detail,
    ).toBe('shipment.recipient.phone');
  });

  it('answers the lane DHL does not serve with its own message', async () => {
    const res = expectError(
      await s.t.call('POST', '/ship', s.key, cShipment({ service: 'express_worldwide_p' })),
      400,
      'carrier_exception',
    );
    expect(res.message).toContain('Product P is not available');
  });
});
