/** The whole service → australiapost adapter → emulator over loopback: rating and booking. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { apShipment, auckland, customs, melbourne, sydney } from './australiapost.support.js';
import { useCarrier } from './support.js';

const s = useCarrier('australiapost', 'AU');
const body = (overrides: Record<string, unknown> = {}) => apShipment(s.account, overrides);

describe('POST /rate', () => {
  it('answers the domestic products in AUD with GST, summed over the parcels', async () => {
    const res = await s.t.call('POST', '/rate', s.key, body());
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    const byType = Object.fromEntries(res.body.rates.map((r: { service_type: string }) => [r.service_type, r]));
    expect(Object.keys(byType)).toEqual(
      expect.arrayContaining([
        'australiapost_parcel_post',
        'australiapost_express_post',
        'australiapost_parcel_post_signature',
        'australiapost_express_post_signature',
      ]),
    );
    // Parcel Post 1-3 kg: 12.50 ex GST, 13.75 with it.
    expect(byType.australiapost_parcel_post).toMatchObject({ total_cost: '13.75', currency: 'AUD', transit_days: 3 });
    const two = await s.t.call(
      'POST',
      '/rate',
      s.key,
      body({ packages: [{ weight: 2 }, { weight: 0.4 }], service: 'australiapost_parcel_post' }),
    );
    // 13.75 + 9.85 (0.5 kg band: 8.95 + GST).
    expect(two.body.rates).toEqual([
      expect.objectContaining({ service_type: 'australiapost_parcel_post', total_cost: '23.60' }),
    ]);
  });

  it('rates abroad without GST, and adds transit cover when asked for', async () => {
    const intl = await s.t.call('POST', '/rate', s.key, body({ recipient: auckland }));
    expect(intl.status, intl.raw.slice(0, 300)).toBe(200);
    const types = intl.body.rates.map((r: { service_type: string }) => r.service_type);
    expect(types).toEqual(
      expect.arrayContaining(['australiapost_intl_standard_pack_track', 'australiapost_intl_express_merchandise']),
    );
    expect(
      intl.body.rates.find((r: { service_type: string }) => r.service_type === 'australiapost_intl_standard_pack_track')
        .total_cost,
    ).toBe('25.90');
    const covered = await s.t.call(
      'POST',
      '/rate',
      s.key,
      body({
        service: 'australiapost_parcel_post',
        packages: [{ weight: 2, value: 500 }],
        special_services: ['transit_cover'],
      }),
    );
    // 13.75 + 4 × 1.50 of cover beyond the included $100.
    expect(covered.body.rates[0].total_cost).toBe('19.75');
  });

  it("refuses a parcel over 22 kg or its size in Australia Post's words, and bad input with a 4xx", async () => {
    const heavy = expectError(
      await s.t.call('POST', '/rate', s.key, body({ packages: [{ weight: 23 }] })),
      400,
      'carrier_exception',
    );
    expect(heavy.message).toContain('exceeds the maximum of 22 kg');
    expect(heavy.detail).toContain('code 44022');
    const long = expectError(
      await s.t.call('POST', '/rate', s.key, body({ packages: [{ weight: 1, length: 120, width: 10, height: 10 }] })),
      400,
      'carrier_exception',
    );
    expect(long.message).toContain('exceed the maximum of 105 x 50 x 50 cm');
    const pounds = expectError(
      await s.t.call('POST', '/rate', s.key, body({ packages: [{ weight: 50 }], weight_units: 'LB' })),
      400,
      'carrier_exception',
    );
    expect(pounds.message).toContain('22.68 kg');
    expectError(
      await s.t.call('POST', '/rate', s.key, body({ service: 'carrier_a_ground' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, body({ packaging: 'jumbo_box' })),
      400,
      'schema_validation_error',
    );
    expectError(await s.t.call('POST', '/rate', s.key, body({ packages: [] })), 400, 'schema_validation_error');
  });
});

describe('POST /ship', () => {
  it('books one parcel with an article id, costs with GST apart and a PDF label', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({ service: 'australiapost_parcel_post', references: [{ type: 'ref', value: 'ORDER-1' }] }),
    );
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    const sh = res.body.shipment;
    expect(sh.tracking_number).toMatch(/^[A-Z0-9]{16}$/);
    expect(sh).toMatchObject({ carrier: 'australiapost', service: 'australiapost_parcel_post', label_type: 'PDF' });
    expect(sh.costs).toMatchObject({ net_charge: '13.75', taxes: '1.25', currency: 'AUD' });
    const label = await s.t.app.inject({
      method: 'GET',
      url: new URL(sh.packages[0].label).pathname,
      headers: { zkkey: s.key },
    });
    expect(label.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(label.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
  });

  it('books several parcels, a label each, and combines them', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({
        service: 'australiapost_express_post',
        packages: [{ weight: 1 }, { weight: 2 }, { weight: 3 }],
        combined_labels: true,
      }),
    );
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    const sh = res.body.shipment;
    expect(sh.packages).toHaveLength(3);
    expect(new Set(sh.packages.map((p: { tracking_number: string }) => p.tracking_number)).size).toBe(3);
    expect(sh.packages[0].tracking_number).toBe(sh.tracking_number);
    const combined = await s.t.app.inject({
      method: 'GET',
      url: new URL(sh.combined_label).pathname,
      headers: { zkkey: s.key },
    });
    expect((await PDFDocument.load(combined.rawPayload)).getPageCount()).toBe(3);
  });

  it('renders every label type of the catalog as real bytes', async () => {
    for (const labelType of ['PDF__A4_1pp', 'PDF__A4_4pp', 'PDF__A6_1pp', 'ZPL', 'ZPL__A6_1pp']) {
      const res = await s.t.call(
        'POST',
        '/ship',
        s.key,
        body({ service: 'australiapost_parcel_post', label_type: labelType, include_base64_label: true }),
      );
      expect(res.status, labelType).toBe(200);
      const bytes = Buffer.from(res.body.shipment.packages[0].label, 'base64');
      if (labelType.startsWith('ZPL')) expect(bytes.toString('latin1'), labelType).toContain('^XA');
      else expect(bytes.subarray(0, 5).toString(), labelType).toBe('%PDF-');
    }
  });

  it('books internationally with the customs declaration on the item, refused without one', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({ recipient: auckland, service: 'australiapost_intl_standard_pack_track', customs_items: customs }),
    );
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    expect(res.body.shipment.costs.taxes).toBe('0.00');
    const booked = s.em.emulator.state.australiapost.byArticle(res.body.shipment.tracking_number);
    expect(booked?.shipment.customs).toBe(true);
    expect(
      expectError(
        await s.t.call(
          'POST',
          '/ship',
          s.key,
          body({ recipient: auckland, service: 'australiapost_intl_standard_signature' }),
        ),
        400,
        'schema_field_required',
      ).detail,
    ).toBe('shipment.customs_items');
  });

  it('books return labels with a returns product, and only with one', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({ type: 'return', service: 'australiapost_parcel_post_returns', sender: sydney, recipient: melbourne }),
    );
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    expect(res.body.shipment.service).toBe('australiapost_parcel_post_returns');
    expect(s.em.emulator.state.australiapost.byArticle(res.body.shipment.tracking_number)?.shipment.movementType).toBe(
      'RETURN',
    );
    expectError(
      await s.t.call('POST', '/ship', s.key, body({ type: 'return', service: 'australiapost_parcel_post' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/ship', s.key, body({ service: 'australiapost_parcel_post_returns' })),
      400,
      'schema_validation_error',
    );
  });

  it("answers Australia Post's refusal of a product and lane in its words", async () => {
    const err = expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        body({
          service: 'australiapost_intl_standard_pack_track',
          recipient: { ...auckland, country: 'FR', postal_code: '75001', city: 'Paris' },
          customs_items: customs,
        }),
      ),
      400,
      'carrier_exception',
    );
    expect(err.message).toContain('not available for the destination country FR');
    expect(err.detail).toContain('code 44011');
  });

  it('never answers a booking without its label: a label still PENDING deletes the shipment', async () => {
    const state = s.em.emulator.state.australiapost;
    state.labelPendingPolls = 100;
    try {
      const before = state.booked.length;
      const err = expectError(
        await s.t.call('POST', '/ship', s.key, body({ service: 'australiapost_parcel_post' })),
        504,
        'carrier_timeout',
      );
      expect(err.message).toContain('book it again');
      const made = state.booked[before];
      expect(made && state.shipments.has(made.shipmentId)).toBe(false);
    } finally {
      state.labelPendingPolls = 1;
    }
  });
});

describe('debug: true', () => {
  it('logs the exchange with the Basic credentials and label bytes redacted', async () => {
    const before = s.t.logs.length;
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      body({ service: 'australiapost_parcel_post', debug: true, include_base64_label: true }),
    );
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    const lines = s.t.logs.slice(before).join('');
    expect(lines).toContain('/shipping/v1/shipments');
    expect(lines).toContain('article_id');
    expect(lines).not.toMatch(/Basic [A-Za-z0-9+/=]{8,}/);
    expect(lines).not.toContain('test-au-password');
    expect(lines).not.toContain(res.body.shipment.packages[0].label.slice(0, 200));
  });
});
