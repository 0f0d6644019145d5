/** The whole service → carrier_d adapter → emulator over loopback: rating and booking. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { compositeServices } from '../../src/carriers/carrier_d/catalog.js';
import { expectError } from '../support/app.js';
import { customsItems, recipientGB, shipmentD as shipment, useCarrierD } from './carrier_d.support.js';

const s = useCarrierD();

describe('POST /rate (carrier_d)', () => {
  it('answers every domestic mail class with decimal-string USD prices and commitments', async () => {
    const res = await s.t.call('POST', '/rate', s.key, shipment(s.account));
    expect(res.status).toBe(200);
    const types = res.body.rates.map((r: { service_type: string }) => r.service_type);
    expect(types).toEqual(
      expect.arrayContaining(['priority_mail', 'priority_mail_express', 'carrier_d_ground_advantage', 'media_mail']),
    );
    for (const r of res.body.rates) {
      expect(r.total_cost).toMatch(/^\d+\.\d{2}$/);
      expect(r.currency).toBe('USD');
      expect(r.transit_days).toBeGreaterThan(0);
      expect(r.estimated_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.delivery_day).toMatch(/^(MON|TUE|WED|THU|FRI)$/);
    }
  });

  it('rates and books every composite service value of the catalog', async () => {
    const failures: string[] = [];
    for (const service of compositeServices) {
      const rated = await s.t.call('POST', '/rate', s.key, shipment(s.account, { service }));
      if (rated.status !== 200 || rated.body.rates.length !== 1 || rated.body.rates[0].service_type !== service) {
        failures.push(`rate ${service}: ${rated.status} ${JSON.stringify(rated.body).slice(0, 200)}`);
        continue;
      }
      const booked = await s.t.call('POST', '/ship', s.key, shipment(s.account, { service }));
      if (booked.status !== 200)
        failures.push(`ship ${service}: ${booked.status} ${JSON.stringify(booked.body).slice(0, 200)}`);
      else if (booked.body.shipment.costs.net_charge !== rated.body.rates[0].total_cost)
        failures.push(`price ${service}: ${booked.body.shipment.costs.net_charge} ≠ ${rated.body.rates[0].total_cost}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('sums the packages of a shipment and prices list rates above account rates', async () => {
    const one = await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'priority_mail' }));
    const two = await s.t.call(
      'POST',
      '/rate',
      s.key,
      shipment(s.account, { service: 'priority_mail', packages: [{ weight: 2 }, { weight: 2 }] }),
    );
    expect(Number(two.body.rates[0].total_cost)).toBeCloseTo(Number(one.body.rates[0].total_cost) * 2, 2);
  });

  it('rates international mail classes', async () => {
    const res = await s.t.call(
      'POST',
      '/rate',
      s.key,
      shipment(s.account, { recipient: recipientGB, customs_items: customsItems }),
    );
    expect(res.status).toBe(200);
    expect(res.body.rates.map((r: { service_type: string }) => r.service_type).sort()).toEqual([
      'first_class_package_international_service',
      'priority_mail_express_international',
      'priority_mail_international',
    ]);
  });

  it('checks catalog values, ZIP Codes and the service kind', async () => {
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'carrier_a_ground' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'priority_mail|tube|machinable|none' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { label_type: 'EPL2' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'priority_mail_international' })),
      400,
      'schema_validation_error',
    );
    const zip = expectError(
      await s.t.call(
        'POST',
        '/rate',
        s.key,
        shipment(s.account, {
          sender: { name: 'A', street1: '1 Main', city: 'Memphis', state: 'TN', country: 'US', postal_code: 'ABC' },
        }),
      ),
      400,
      'schema_field_required',
    );
    expect(zip.detail).toBe('shipment.sender.postal_code');
  });
});

describe('POST /ship (carrier_d)', () => {
  it('books a domestic label with an IMpb tracking number and costs', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        service: 'priority_mail',
        references: [{ type: 'reference', value: 'ORDER-9' }],
        special_services: ['signature_confirmation'],
      }),
    );
    expect(res.status).toBe(200);
    const sh = res.body.shipment;
    expect(sh.tracking_number).toMatch(/^92\d{20}$/);
    expect(sh).toMatchObject({ carrier: 'carrier_d', service: 'priority_mail', label_type: 'PDF' });
    expect(Number(sh.costs.surcharges)).toBeGreaterThan(0);
    const label = await s.t.app.inject({
      method: 'GET',
      url: new URL(sh.packages[0].label).pathname,
      headers: { zkkey: s.key },
    });
    expect(label.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(label.rawPayload)).getPageCount()).toBe(1);
  });

  it('returns labels in every format and size of the catalog', async () => {
    const cases: [string, (b: Buffer) => boolean][] = [
      ['PDF', (b) => b.subarray(0, 5).toString() === '%PDF-'],
      ['PDF__2X7LABEL', (b) => b.subarray(0, 5).toString() === '%PDF-'],
      ['PNG__4X4LABEL', (b) => b.subarray(1, 4).toString() === 'PNG'],
      ['PNG__2X7LABEL', (b) => b.subarray(1, 4).toString() === 'PNG'],
      ['ZPL__4X6LABEL', (b) => b.toString().startsWith('^XA')],
      ['ZPL__6X4LABEL', (b) => b.toString().startsWith('^XA')],
      ['ZPL__4X5LABEL', (b) => b.toString().startsWith('^XA')],
    ];
    for (const [labelType, looksRight] of cases) {
      const res = await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, {
          service: 'carrier_d_ground_advantage',
          label_type: labelType,
          include_base64_label: true,
        }),
      );
      expect(res.status, labelType).toBe(200);
      expect(looksRight(Buffer.from(res.body.shipment.packages[0].label, 'base64')), labelType).toBe(true);
    }
  });

  it('books one label per package, the first number being the shipment’s, with a combined PDF', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        service: 'priority_mail',
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

  it('refunds the labels already bought when a later package fails, then answers the error', async () => {
    const before = [...s.em.emulator.state.carrier_d.labels.keys()];
    // The second package is over the Priority Mail limit of 70 lb: USPS refuses its label.
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, { service: 'priority_mail', packages: [{ weight: 2 }, { weight: 90 }] }),
    );
    const err = expectError(res, 400, 'carrier_exception');
    expect(err.message).toContain('maximum');
    expect(err.detail).toContain('carrier_d error code');
    const bought = [...s.em.emulator.state.carrier_d.labels.values()].filter((l) => !before.includes(l.trackingNumber));
    expect(bought).toHaveLength(1);
    expect(bought[0]?.refunded).toBe('CANCELED');
  });

  it('books return labels and international labels with their customs form', async () => {
    const ret = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, { service: 'carrier_d_ground_advantage', type: 'return' }),
    );
    expect(ret.status).toBe(200);
    expect(ret.body.shipment.tracking_number).toMatch(/^92\d{20}$/);
    const intl = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        service: 'priority_mail_international',
        recipient: recipientGB,
        customs_items: customsItems,
        invoice_number: 'INV-1',
      }),
    );
    expect(intl.status).toBe(200);
    expect(intl.body.shipment.tracking_number).toMatch(/^LZ\d{9}US$/);
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'priority_mail_international', recipient: recipientGB }),
      ),
      400,
      'schema_field_required',
    );
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, {
          service: 'priority_mail_international',
          recipient: recipientGB,
          customs_items: customsItems,
          type: 'return',
        }),
      ),
      400,
      'schema_validation_error',
    );
  });

  it('needs a service to book', async () => {
    expect(
      expectError(await s.t.call('POST', '/ship', s.key, shipment(s.account)), 400, 'schema_field_required').detail,
    ).toBe('shipment.service');
  });
});
