/** The whole service → carrier_b adapter → emulator over loopback: rating and booking. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { validAuth } from '../support/accounts.js';
import { expectError } from '../support/app.js';
import { recipientCA, senderUS, useCarrierB } from './carrier_b.support.js';
import { customsItems, recipientUS, shipment as baseShipment } from './support.js';

const s = useCarrierB();
const shipment = (account: string, overrides: Record<string, unknown> = {}) =>
  baseShipment(account, { sender: senderUS, ...overrides });
const service = (r: { service_type: string }) => r.service_type;

describe('POST /rate', () => {
  it('shops every service of the lane with negotiated decimal-string costs, transit days and dates', async () => {
    const res = await s.t.call('POST', '/rate', s.key, shipment(s.account));
    expect(res.status).toBe(200);
    expect(res.body.rates.map(service)).toEqual(
      expect.arrayContaining(['carrier_b_ground', 'carrier_b_next_day_air', 'carrier_b_second_day_air']),
    );
    for (const r of res.body.rates) {
      expect(r.total_cost).toMatch(/^\d+\.\d{2}$/);
      expect(r.currency).toBe('USD');
      expect(r.transit_days).toBeGreaterThan(0);
      expect(r.estimated_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.delivery_day).toMatch(/^(MON|TUE|WED|THU|FRI)$/);
    }
  });

  it('rates one service (one RatedShipment object), and list rates cost more than negotiated ones', async () => {
    const one = await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'carrier_b_ground' }));
    expect(one.body.rates.map(service)).toEqual(['carrier_b_ground']);
    const list = await s.t.call(
      'POST',
      '/rate',
      s.key,
      shipment(s.account, { service: 'carrier_b_ground', special_services: ['list_rates'] }),
    );
    expect(Number(list.body.rates[0].total_cost)).toBeGreaterThan(Number(one.body.rates[0].total_cost));
    const noTransit = await s.t.call(
      'POST',
      '/rate',
      s.key,
      shipment(s.account, { service: 'carrier_b_ground', special_services: ['no_transit_times'] }),
    );
    expect(noTransit.body.rates[0].estimated_date).toBeUndefined();
  });

  it('rates internationally with the lane’s services', async () => {
    const res = await s.t.call('POST', '/rate', s.key, shipment(s.account, { recipient: recipientCA }));
    expect(res.status).toBe(200);
    expect(res.body.rates.map(service)).toEqual(
      expect.arrayContaining(['carrier_b_express', 'carrier_b_saver', 'carrier_b_expedited']),
    );
  });

  it('refuses what carrier_b does not offer before calling it, and the carrier’s own refusals', async () => {
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'carrier_a_ground' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { packaging: 'carrier_a_box' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { special_services: ['cod'] })),
      400,
      'schema_validation_error',
    );
    // Next Day Air does not run to Canada: UPS's own 111210 refusal reaches the caller.
    const err = expectError(
      await s.t.call(
        'POST',
        '/rate',
        s.key,
        shipment(s.account, { service: 'carrier_b_next_day_air', recipient: recipientCA }),
      ),
      400,
      'carrier_exception',
    );
    expect(err.message).toContain('unavailable');
    expect(err.detail).toMatch(/carrier_b error code: 111210; transId: [0-9a-f]{32}/);
  });

  it('works for an account registered with client_id and client_secret', async () => {
    await s.em.knowCredentials('carrier_b', { client_id: 'cid', client_secret: 'csecret' });
    const acct = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: {
          carrier: 'carrier_b',
          country: 'US',
          test: true,
          auth: { account_number: 'Z9Y8X7', client_id: 'cid', client_secret: 'csecret' },
        },
      })
    ).body.shipping_account.id;
    expect((await s.t.call('POST', '/rate', s.key, shipment(acct))).status).toBe(200);
    const legacy = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_b', country: 'US', test: true, auth: validAuth.carrier_b },
      })
    ).body.shipping_account.id;
    expect((await s.t.call('POST', '/rate', s.key, shipment(legacy))).status).toBe(200);
  });
});

describe('POST /ship', () => {
  it('books with a 1Z number, costs, and a PDF label made from UPS’s PNG', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, { service: 'carrier_b_ground', references: [{ type: 'p_o_number', value: 'PO-7' }] }),
    );
    expect(res.status).toBe(200);
    const sh = res.body.shipment;
    expect(sh.tracking_number).toMatch(/^1Z[0-9A-Z]{16}$/);
    expect(sh).toMatchObject({ carrier: 'carrier_b', service: 'carrier_b_ground', label_type: 'PDF' });
    expect(sh.costs.net_charge).toMatch(/^\d+\.\d{2}$/);
    expect(Number(sh.costs.discounts)).toBeGreaterThan(0);
    const label = await s.t.app.inject({
      method: 'GET',
      url: new URL(sh.packages[0].label).pathname,
      headers: { zkkey: s.key },
    });
    expect(label.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(label.rawPayload)).getPageCount()).toBe(1);
  });

  it('returns base64 labels of the right kind in every format the emulator renders', async () => {
    const cases: [string, (b: Buffer) => boolean][] = [
      ['GIF', (b) => b.subarray(0, 6).toString() === 'GIF89a' || b.subarray(0, 6).toString() === 'GIF87a'],
      ['PNG', (b) => b.subarray(1, 4).toString() === 'PNG'],
      ['PDF', (b) => b.subarray(0, 5).toString() === '%PDF-'],
      ['ZPL', (b) => b.toString().startsWith('^XA')],
      ['ZPL__4X8', (b) => b.toString().startsWith('^XA')],
      [
        'EPL__4X6',
        (b) => b.toString().includes('\nN') || b.toString().startsWith('\nN') || b.toString().startsWith('N'),
      ],
    ];
    for (const [labelType, looksRight] of cases) {
      const res = await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'carrier_b_ground', label_type: labelType, include_base64_label: true }),
      );
      expect(res.status, labelType).toBe(200);
      expect(looksRight(Buffer.from(res.body.shipment.packages[0].label, 'base64')), labelType).toBe(true);
    }
  });

  it('asks UPS for SPL and passes on its refusal; qrcode and mismatched sizes are refused before the call', async () => {
    const spl = expectError(
      await s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'carrier_b_ground', label_type: 'SPL' })),
      400,
      'carrier_exception',
    );
    expect(spl.detail).toContain('120519');
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'carrier_b_ground', label_type: 'qrcode' }),
      ),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'carrier_b_ground', label_type: 'PNG', label_size: '4X8' }),
      ),
      400,
      'schema_validation_error',
    );
  });

  it('refuses GIF labels with combined_labels before booking', async () => {
    const before = s.em.emulator.state.carrier_b.shipments.size;
    const err = expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'carrier_b_ground', label_type: 'GIF', combined_labels: true }),
      ),
      400,
      'schema_validation_error',
    );
    expect(err.detail).toBe('shipment.combined_labels');
    expect(s.em.emulator.state.carrier_b.shipments.size).toBe(before);
  });

  it('books several packages with one combined PDF', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        service: 'carrier_b_second_day_air',
        packages: [{ weight: 1 }, { weight: 2 }, { weight: 3 }],
        combined_labels: true,
        include_base64_label: true,
      }),
    );
    expect(res.status).toBe(200);
    const sh = res.body.shipment;
    expect(new Set(sh.packages.map((p: { tracking_number: string }) => p.tracking_number)).size).toBe(3);
    expect(sh.packages[0].tracking_number).toBe(sh.tracking_number);
    expect((await PDFDocument.load(Buffer.from(sh.combined_label, 'base64'))).getPageCount()).toBe(3);
  });

  it('sends InternationalForms and returns UPS’s commercial invoice as a shipping document', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        service: 'carrier_b_express',
        recipient: recipientCA,
        customs_items: customsItems,
        invoice_number: 'INV-9',
        reason_for_export: 'SALE',
      }),
    );
    expect(res.status).toBe(200);
    const docs = res.body.shipment.shipping_documents;
    expect(docs[0]).toMatchObject({ type: 'COMMERCIAL_INVOICE', format: 'PDF' });
    expect(Buffer.from(docs[0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'carrier_b_express', recipient: recipientCA }),
      ),
      400,
      'schema_field_required',
    );
  });

  it('books return labels through ReturnService', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        service: 'carrier_b_ground',
        type: 'return',
        recipient: recipientUS,
        include_base64_label: true,
        label_type: 'ZPL',
      }),
    );
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body.shipment.packages[0].label, 'base64').toString()).toContain('RETURN');
  });

  it('books Mail Innovations services', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        service: 'carrier_b_expedited_mail_innovations',
        packaging: 'parcels',
        packages: [{ weight: 0.5 }],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.shipment.service).toBe('carrier_b_expedited_mail_innovations');
  });

  it('needs a service to book', async () => {
    expect(
      expectError(await s.t.call('POST', '/ship', s.key, shipment(s.account)), 400, 'schema_field_required').detail,
    ).toBe('shipment.service');
  });
});
