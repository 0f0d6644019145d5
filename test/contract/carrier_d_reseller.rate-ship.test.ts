/** The whole service → carrier_d_reseller adapter → ELS emulator over loopback: rating and booking. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { declarations } from '../../src/carriers/declarations.js';
import { OPENING_BALANCE } from '../../src/emulator/carrier_d_reseller/state.js';
import { expectError } from '../support/app.js';
import { customsItems, recipientCA, shipment, useReseller } from './carrier_d_reseller.support.js';

const s = useReseller();
const ship = (overrides: Record<string, unknown> = {}, account = s.account) =>
  s.t.call('POST', '/ship', s.key, shipment(account, { service: 'priority', ...overrides }));

describe('POST /rate', () => {
  it('rates every domestic mail class with decimal-string USD costs and bookable service types', async () => {
    const res = await s.t.call('POST', '/rate', s.key, shipment(s.account));
    expect(res.status).toBe(200);
    const types = res.body.rates.map((r: { service_type: string }) => r.service_type);
    expect(types).toEqual(expect.arrayContaining(['priority', 'priority_express', 'ground_advantage', 'media_mail']));
    for (const r of res.body.rates) {
      expect(r.total_cost).toMatch(/^\d+\.\d{2}$/);
      expect(r.currency).toBe('USD');
      expect(r.transit_days).toBeGreaterThan(0);
      expect(r.estimated_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const booked = await ship({ service: 'ground_advantage' });
    expect(booked.status).toBe(200);
    const ground = res.body.rates.find((r: { service_type: string }) => r.service_type === 'ground_advantage');
    expect(booked.body.shipment.costs.net_charge).toBe(ground.total_cost);
  });

  it('rates one service, several packages summed, and international classes', async () => {
    const one = await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'priority' }));
    expect(one.body.rates.map((r: { service_type: string }) => r.service_type)).toEqual(['priority']);
    const two = await s.t.call(
      'POST',
      '/rate',
      s.key,
      shipment(s.account, { service: 'priority', packages: [{ weight: 2 }, { weight: 2 }] }),
    );
    expect(Number(two.body.rates[0].total_cost)).toBeCloseTo(
      2 *
        Number(
          (
            await s.t.call(
              'POST',
              '/rate',
              s.key,
              shipment(s.account, { service: 'priority', packages: [{ weight: 2 }] }),
            )
          ).body.rates[0].total_cost,
        ),
      2,
    );
    const intl = await s.t.call('POST', '/rate', s.key, shipment(s.account, { recipient: recipientCA }));
    expect(intl.status).toBe(200);
    expect(intl.body.rates.map((r: { service_type: string }) => r.service_type)).toContain(
      'priority_mail_international',
    );
  });

  it('rates and books carrier_d_return labels under their own service name', async () => {
    const rated = await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'carrier_d_return' }));
    expect(rated.body.rates.map((r: { service_type: string }) => r.service_type)).toEqual(['carrier_d_return']);
    const booked = await ship({ service: 'carrier_d_return', type: 'return' });
    expect(booked.status).toBe(200);
    expect(booked.body.shipment).toMatchObject({ service: 'carrier_d_return', type: 'return' });
  });

  it('refuses bad input with 4xx before calling the carrier', async () => {
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'carrier_a_ground' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { packaging: 'tube' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { service: 'priority_mail_international' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { packages: [] })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { carrier: 'carrier_a' })),
      400,
      'shipping_account_wrong_carrier',
    );
  });

  it('names a malformed recipient address in the carrier error', async () => {
    const err = expectError(
      await s.t.call(
        'POST',
        '/rate',
        s.key,
        shipment(s.account, {
          service: 'priority',
          recipient: { ...shipment('').shipment.recipient, postal_code: '1000' },
        }),
      ),
      400,
      'carrier_exception',
    );
    expect(err.message).toContain('recipient postal code');
    expect(err.message).toContain('Invalid destination ZIP code');
    expect(err.detail).toBe('carrier_d_reseller status 308');
  });
});

describe('POST /ship', () => {
  it('books a label, stores it and serves it at its URL', async () => {
    const res = await ship({ references: [{ type: 'reference_1', value: 'ORDER-1' }] });
    expect(res.status).toBe(200);
    const sh = res.body.shipment;
    expect(sh.tracking_number).toMatch(/^9400\d{18}$/);
    expect(sh).toMatchObject({ carrier: 'carrier_d_reseller', service: 'priority', test: true, label_type: 'PDF' });
    expect(sh.costs).toMatchObject({ currency: 'USD', discounts: '0.00' });
    expect(sh.packages[0].tracking_number).toBe(sh.tracking_number);
    const label = await s.t.app.inject({
      method: 'GET',
      url: new URL(sh.packages[0].label).pathname,
      headers: { zkkey: s.key },
    });
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('escapes names with & and < so the request stays well-formed', async () => {
    const res = await ship({
      recipient: { ...shipment('').shipment.recipient, name: 'Bob & <Sons> "Ltd"' },
      include_base64_label: true,
    });
    expect(res.status).toBe(200);
  });

  it('books every label format and size of the catalog with bytes of the right kind', async () => {
    const magic: Record<string, (b: Buffer) => boolean> = {
      PDF: (b) => b.subarray(0, 5).toString() === '%PDF-',
      PNG: (b) => b[0] === 0x89 && b.subarray(1, 4).toString() === 'PNG',
      GIF: (b) => b.subarray(0, 4).toString() === 'GIF8',
      ZPLII: (b) => b.toString('latin1').startsWith('^XA'),
      EPL2: (b) => b.toString('latin1').trimStart().startsWith('N'),
      JPEG: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
    };
    const types = declarations.carrier_d_reseller.catalog.labelTypes;
    const account = await s.accountWith({ account_id: 'formats', passphrase: 'formats-phrase' });
    expect(
      (await s.t.call('POST', '/validate_credentials', s.key, { validate_credentials: { shipping_account: account } }))
        .body.valid,
    ).toBe(true);
    s.em.emulator.state.carrier_d_reseller.accounts.get('formats')!.balance = 10_000;
    for (const labelType of types) {
      const res = await ship(
        { service: 'first', packages: [{ weight: 0.5 }], label_type: labelType, include_base64_label: true },
        account,
      );
      expect(res.status, `${labelType}: ${res.raw.slice(0, 300)}`).toBe(200);
      const bytes = Buffer.from(res.body.shipment.packages[0].label, 'base64');
      const format = labelType.split('__')[0] as string;
      expect(magic[format]?.(bytes), labelType).toBe(true);
    }
  }, 120_000);

  it('books several packages, one label each, the first number being the shipment’s', async () => {
    const res = await ship({ packages: [{ weight: 1 }, { weight: 2 }, { weight: 3 }], combined_labels: true });
    expect(res.status).toBe(200);
    const sh = res.body.shipment;
    expect(sh.packages).toHaveLength(3);
    expect(new Set(sh.packages.map((p: { tracking_number: string }) => p.tracking_number)).size).toBe(3);
    expect(sh.tracking_number).toBe(sh.packages[0].tracking_number);
    const combined = await s.t.app.inject({
      method: 'GET',
      url: new URL(sh.combined_label).pathname,
      headers: { zkkey: s.key },
    });
    expect((await PDFDocument.load(combined.rawPayload)).getPageCount()).toBe(3);
    const cancelled = await s.t.call('POST', '/cancel', s.key, {
      cancel: { shipping_account: s.account, tracking_number: sh.tracking_number },
    });
    expect(cancelled.status).toBe(200);
    for (const p of sh.packages)
      expect(s.em.emulator.state.carrier_d_reseller.labels.get(p.tracking_number)?.refundedAt).toBeDefined();
  });

  it('refunds the labels already bought when a later package fails, then answers the error', async () => {
    const account = await s.accountWith({ account_id: 'multi-fail', passphrase: 'pass-phrase-1' });
    const before = s.em.emulator.state.carrier_d_reseller.labels.size;
    const err = expectError(
      await ship({ packages: [{ weight: 1 }, { weight: 2 }, { weight: 90 }] }, account),
      400,
      'carrier_exception',
    );
    expect(err.message).toContain('exceeds maximum');
    expect(err.detail).toContain('refunded');
    const bought = [...s.em.emulator.state.carrier_d_reseller.labels.values()].slice(before);
    expect(bought).toHaveLength(2);
    for (const l of bought) expect(l.refundedAt).toBeDefined();
    expect(s.em.emulator.state.carrier_d_reseller.accounts.get('multi-fail')?.balance).toBe(OPENING_BALANCE);
  });

  it('books international labels with the integrated customs form printed with them', async () => {
    const res = await ship({
      service: 'priority_mail_international',
      recipient: recipientCA,
      customs_items: customsItems,
      purpose_of_shipment: 'gift',
      non_delivery_option: 'return',
      eel_pfc: 'NOEEI 30.37(a)',
      include_base64_label: true,
    });
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    const sh = res.body.shipment;
    expect(sh.tracking_number).toMatch(/^CP\d{9}US$/);
    expect(sh.shipping_documents).toHaveLength(1);
    expect(sh.shipping_documents[0]).toMatchObject({ type: 'customs_declaration', format: 'PDF' });
    expect((await PDFDocument.load(Buffer.from(sh.packages[0].label, 'base64'))).getPageCount()).toBe(2);
    expectError(
      await ship({ service: 'priority_mail_international', recipient: recipientCA }),
      400,
      'schema_field_required',
    );
  });

  it('fails clearly when the postage balance cannot pay, and books once postage is bought', async () => {
    const account = await s.accountWith({ account_id: 'low-balance', passphrase: 'pass-phrase-2' });
    const heavy = {
      service: 'priority_mail_express_international',
      recipient: recipientCA,
      customs_items: customsItems,
      packages: [{ weight: 66 }],
    };
    // Opened by a first call, then down to what an ordinary label costs.
    expect(
      (await s.t.call('POST', '/validate_credentials', s.key, { validate_credentials: { shipping_account: account } }))
        .body.valid,
    ).toBe(true);
    s.em.emulator.state.carrier_d_reseller.accounts.get('low-balance')!.balance = 20;
    const err = expectError(await ship(heavy, account), 400, 'carrier_exception');
    expect(err.message).toContain('Insufficient postage');
    expect(err.detail).toBe('carrier_d_reseller status 12503');
    s.em.emulator.state.carrier_d_reseller.accounts.get('low-balance')!.balance += 500;
    expect((await ship(heavy, account)).status).toBe(200);
  });

  it('answers refused credentials with carrier_authentication', async () => {
    const right = await s.accountWith({ account_id: 'acct-auth', passphrase: 'right-phrase' });
    expect((await ship({}, right)).status).toBe(200);
    // Registered with a pass phrase the carrier never issued (accountWith would make it known).
    const wrong = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: {
          carrier: 'carrier_d_reseller',
          country: 'US',
          test: true,
          auth: { account_id: 'acct-auth', passphrase: 'wrong-phrase' },
        },
      })
    ).body.shipping_account.id;
    const err = expectError(await ship({}, wrong), 400, 'carrier_authentication');
    expect(err.message).toContain('pass phrase is incorrect');
    expect(err.detail).toBe('carrier_d_reseller status 12507');
  });
});
