/** The whole service → carrier_a adapter → emulator over loopback: rating and booking. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { localDate, utcOffsetMinutes } from '../../src/emulator/calendar.js';
import { expectError } from '../support/app.js';
import { customsItems, recipientGB, recipientUS, shipment, useCarrierA } from './support.js';

const s = useCarrierA();

describe('POST /rate', () => {
  it('answers rates with decimal-string costs and bookable service types', async () => {
    const res = await s.t.call('POST', '/rate', s.key, shipment(s.account));
    expect(res.status).toBe(200);
    expect(res.body.rates.length).toBeGreaterThan(2);
    for (const r of res.body.rates) {
      expect(r.total_cost).toMatch(/^\d+\.\d{2}$/);
      expect(r.currency).toBe('USD');
      expect(r.service_type).toMatch(/^carrier_a_/);
    }
    const ground = res.body.rates.find((r: { service_type: string }) => r.service_type === 'carrier_a_ground');
    expect(ground.transit_days).toBeGreaterThan(0);
    expect(ground.estimated_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ground.delivery_day).toMatch(/^(MON|TUE|WED|THU|FRI|SAT|SUN)$/);
  });

  it('filters by service, and rates internationally with customs detail sent', async () => {
    const one = await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'carrier_a_2_day' }));
    expect(one.body.rates.map((r: { service_type: string }) => r.service_type)).toEqual(['carrier_a_2_day']);
    const intl = await s.t.call('POST', '/rate', s.key, shipment(s.account, { recipient: recipientGB }));
    expect(intl.status).toBe(200);
    expect(intl.body.rates.some((r: { service_type: string }) => r.service_type.includes('international'))).toBe(true);
  });

  it('checks dates, catalog values, addresses and the carrier', async () => {
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { ship_date: '2020-01-01' })),
      400,
      'ship_date_past',
    );
    const svc = expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'carrier_b_ground' })),
      400,
      'schema_validation_error',
    );
    expect(svc.message).toContain('carrier_a_ground');
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { packaging: 'tube' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { label_type: 'ZPLII', label_size: 'PAPER_4X6' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { special_services: ['teleport'] })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { currency: 'ABC' })),
      400,
      'schema_validation_error',
    );
    const street = expectError(
      await s.t.call(
        'POST',
        '/rate',
        s.key,
        shipment(s.account, { sender: { country: 'US', city: 'Memphis', name: 'A' } }),
      ),
      400,
      'schema_field_required',
    );
    expect(street.detail).toBe('shipment.sender.street1');
    expect(
      expectError(
        await s.t.call('POST', '/rate', s.key, shipment(s.account, { weight_units: undefined })),
        400,
        'schema_field_required',
      ).detail,
    ).toBe('shipment.weight_units');
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { carrier: 'carrier_b' })),
      400,
      'shipping_account_wrong_carrier',
    );
    expectError(await s.t.call('POST', '/rate', s.key, shipment('sa_missing')), 404, 'shipping_account_not_found');
    expectError(
      await s.t.call('POST', '/rate', await s.t.key('other-tenant'), shipment(s.account)),
      404,
      'shipping_account_not_found',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { packages: [] })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { packages: [{ weight: -1 }] })),
      400,
      'schema_validation_error',
    );
  });
});

describe('POST /ship', () => {
  it('books a label, stores it and serves it at its URL', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        service: 'carrier_a_ground',
        references: [{ type: 'customer_reference', value: 'ORDER-1' }],
      }),
    );
    expect(res.status).toBe(200);
    const sh = res.body.shipment;
    expect(sh.tracking_number).toMatch(/^\d{12}$/);
    expect(sh).toMatchObject({
      carrier: 'carrier_a',
      service: 'carrier_a_ground',
      packaging: 'your_packaging',
      test: true,
      label_type: 'PDF',
    });
    expect(sh.costs.net_charge).toMatch(/^\d+\.\d{2}$/);
    expect(sh.references).toEqual([{ type: 'customer_reference', value: 'ORDER-1' }]);
    expect(sh.packages[0].label).toMatch(/^http:\/\/.+\/labels\/lbl_/);
    const label = await s.t.app.inject({
      method: 'GET',
      url: new URL(sh.packages[0].label).pathname,
      headers: { zkkey: s.key },
    });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(label.rawPayload)).getPageCount()).toBe(1);
    // Labels belong to the tenant that booked them.
    expect(
      (
        await s.t.app.inject({
          method: 'GET',
          url: new URL(sh.packages[0].label).pathname,
          headers: { zkkey: await s.t.key('intruder') },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('returns base64 labels in each requested format', async () => {
    const cases: [string, (b: Buffer) => boolean][] = [
      ['PNG__PAPER_4X6', (b) => b.subarray(1, 4).toString() === 'PNG'],
      ['ZPLII__STOCK_4X6', (b) => b.toString().startsWith('^XA')],
      ['EPL2__STOCK_4X6', (b) => /\nB\d/.test(b.toString()) || b.toString().includes('\nB')],
      ['PDF__PAPER_4X6', (b) => b.subarray(0, 4).toString() === '%PDF'],
    ];
    for (const [labelType, looksRight] of cases) {
      const res = await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'carrier_a_ground', label_type: labelType, include_base64_label: true }),
      );
      expect(res.status, labelType).toBe(200);
      expect(res.body.shipment.label_type).toBe(labelType);
      expect(looksRight(Buffer.from(res.body.shipment.packages[0].label, 'base64')), labelType).toBe(true);
    }
  });

  it('books several packages in one shipment with a combined PDF of all labels', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        service: 'carrier_a_2_day',
        packages: [{ weight: 1 }, { weight: 2 }, { weight: 3 }],
        combined_labels: true,
        include_base64_label: true,
      }),
    );
    expect(res.status).toBe(200);
    const sh = res.body.shipment;
    expect(sh.packages).toHaveLength(3);
    expect(new Set(sh.packages.map((p: { tracking_number: string }) => p.tracking_number)).size).toBe(3);
    expect(sh.packages[0].tracking_number).toBe(sh.tracking_number);
    expect((await PDFDocument.load(Buffer.from(sh.combined_label, 'base64'))).getPageCount()).toBe(3);
  });

  it('sends customs detail internationally and returns the commercial invoice', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        service: 'carrier_a_international_priority',
        recipient: recipientGB,
        customs_items: customsItems,
        terms_of_trade: 'DAP',
      }),
    );
    expect(res.status).toBe(200);
    const docs = res.body.shipment.shipping_documents;
    expect(docs.length).toBeGreaterThan(0);
    expect(Buffer.from(docs[0].content, 'base64').subarray(0, 4).toString()).toBe('%PDF');
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'carrier_a_international_priority', recipient: recipientGB }),
      ),
      400,
      'schema_field_required',
    );
  });

  it('needs a service and full addresses to book', async () => {
    expect(
      expectError(await s.t.call('POST', '/ship', s.key, shipment(s.account)), 400, 'schema_field_required').detail,
    ).toBe('shipment.service');
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'carrier_a_ground', recipient: { country: 'US', city: 'X' } }),
      ),
      400,
      'schema_field_required',
    );
    // carrier_a books only with contact phone numbers: said before any carrier call.
    const { phone: _phone, ...noPhone } = recipientUS;
    expect(
      expectError(
        await s.t.call(
          'POST',
          '/ship',
          s.key,
          shipment(s.account, { service: 'carrier_a_ground', recipient: noPhone }),
        ),
        400,
        'schema_field_required',
      ).detail,
    ).toBe('shipment.recipient.phone');
  });

  it('rates and books by weight alone without size units; a size still needs them', async () => {
    const { dim_units: _units, ...bare } = shipment(s.account, { packages: [{ weight: 2 }] }).shipment;
    const rate = await s.t.call('POST', '/rate', s.key, { shipment: bare });
    expect(rate.status, rate.raw).toBe(200);
    const ship = await s.t.call('POST', '/ship', s.key, { shipment: { ...bare, service: 'carrier_a_ground' } });
    expect(ship.status, ship.raw).toBe(200);
    const sized = { ...bare, packages: [{ weight: 2, length: 10, width: 8, height: 4 }] };
    expect(
      expectError(await s.t.call('POST', '/rate', s.key, { shipment: sized }), 400, 'schema_field_required').detail,
    ).toBe('shipment.dim_units');
  });

  it('books without ship_date whatever day the carrier thinks it is, on the carrier’s date', async () => {
    // The emulator a day ahead of the service (the README's clock example): the carrier dates the shipment.
    await s.em.advance(86_400_000);
    try {
      const res = await s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'carrier_a_ground' }));
      expect(res.status, res.raw).toBe(200);
      const now = new Date(((await (await fetch(`${s.em.url}/_emulator/clock`)).json()) as { now: string }).now);
      const carrierToday = localDate(now, utcOffsetMinutes('US', '38117'));
      expect(res.body.shipment.ship_date).toBe(carrierToday);
      expect((await s.t.call('GET', `/shipments/${res.body.shipment.id}`, s.key)).body.shipment.ship_date).toBe(
        carrierToday,
      );
    } finally {
      await s.em.resetClock();
    }
  });
});

describe('POST /merge', () => {
  it('combines base64 PDFs into one document', async () => {
    const label = async () =>
      (
        await s.t.call(
          'POST',
          '/ship',
          s.key,
          shipment(s.account, { service: 'carrier_a_ground', include_base64_label: true }),
        )
      ).body.shipment.packages[0].label as string;
    const res = await s.t.call('POST', '/merge', s.key, { file_type: 'pdf', files: [await label(), await label()] });
    expect(res.status).toBe(200);
    expect((await PDFDocument.load(Buffer.from(res.body.pdf, 'base64'))).getPageCount()).toBe(2);
    expectError(
      await s.t.call('POST', '/merge', s.key, { file_type: 'pdf', files: ['bm90IGEgcGRm'] }),
      400,
      'schema_validation_error',
    );
  });
});
