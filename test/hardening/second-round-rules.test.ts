/**
 * Findings of the second round that bend a rule rather than crash: a whole-account action on the
 * shared test credentials after one auth member was edited; one postage balance for every tenant's
 * test account; voided labels that still download; and smaller ones (an empty /track body, the
 * last representable end_date, concurrent voids of one return, several spellings of one link
 * expiry, a tracking number `..` in a carrier's URL path, validate_credentials from a cached token).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { address, recipientUS, shipment } from '../contract/support.js';
import { shipmentD } from '../contract/carrier_d.support.js';
import { shipment as shipmentReseller } from '../contract/carrier_d_reseller.support.js';

let em: TestEmulator;
let t: TestApp;
let a: string;
let b: string;
beforeAll(async () => {
  em = await startTestEmulator();
  t = await createTestApp({ emulatorUrl: em.url });
  a = await t.key('tenant-a');
  b = await t.key('tenant-b');
});
afterAll(async () => {
  await t?.close();
  await em?.close();
});

/** A test account on the shared test credentials (no auth), with what else the body names. */
async function testAccount(key: string, carrier: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.call('POST', '/shippingaccount', key, {
    shipping_account: { carrier, country: 'US', test: true, ...extra },
  });
  expect(res.status, res.raw).toBe(200);
  return res.body.shipping_account.id as string;
}
const eventsOf = async (tenant: string, type: string) =>
  (
    await t.db.database.db
      .selectFrom('events')
      .select('id')
      .where('tenant', '=', tenant)
      .where('type', '=', type)
      .execute()
  ).length;

describe('whole-account actions on the shared test credentials', () => {
  it('a manifest without numbers stays refused after one auth member was edited, and puts no other tenant’s label on a form', async () => {
    const accountA = await testAccount(a, 'carrier_d', { billing_address: address() });
    const labelsA: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.call('POST', '/ship', a, shipmentD(accountA, { service: 'priority_mail' }));
      expect(res.status, res.raw.slice(0, 300)).toBe(200);
      labelsA.push(res.body.shipment.tracking_number as string);
    }
    const accountB = await testAccount(b, 'carrier_d', { billing_address: address() });
    // Still the shared identity at the carrier: only a member the carrier never sees has changed.
    expect(
      (
        await t.call('PATCH', `/shippingaccount/${accountB}`, b, {
          shipping_account: { auth: { user_id: 'other-user' } },
        })
      ).status,
    ).toBe(200);
    const err = expectError(
      await t.call('POST', '/manifest', b, { manifest: { shipping_account: accountB } }),
      400,
      'schema_field_required',
    );
    expect(err.message).toContain('shared test credentials');
    // A's labels are still A's to put on a form.
    const formA = await t.call('POST', '/manifest', a, {
      manifest: { shipping_account: accountA, tracking_numbers: labelsA },
    });
    expect(formA.status, formA.raw.slice(0, 300)).toBe(200);
    expect(formA.body.manifest.tracking_numbers).toEqual(labelsA);
  });

  it('the reseller’s shared test balance is nobody’s to read or fund; own test credentials have their own', async () => {
    const accountA = await testAccount(a, 'carrier_d_reseller');
    const accountB = await testAccount(b, 'carrier_d_reseller');
    expect((await t.call('POST', '/ship', a, shipmentReseller(accountA, { service: 'priority' }))).status).toBe(200);
    for (const [key, account] of [
      [a, accountA],
      [b, accountB],
    ] as const) {
      const read = expectError(
        await t.call('GET', `/shippingaccount/${account}/balance`, key),
        400,
        'carrier_unsupported_method',
      );
      expect(read.message).toContain('shared test credentials');
      expectError(
        await t.call('POST', `/shippingaccount/${account}/balance`, key, {
          add_funds: { amount: 500, currency: 'USD' },
        }),
        400,
        'carrier_unsupported_method',
      );
    }
    // A sub-account inherits the shared credentials, and so the refusal.
    const sub = await t.call('POST', '/shippingaccount', b, {
      shipping_account: { carrier: 'carrier_d_reseller', country: 'US', test: true, parent_shipping_account: accountB },
    });
    expect(sub.status, sub.raw).toBe(200);
    expectError(
      await t.call('GET', `/shippingaccount/${sub.body.shipping_account.id}/balance`, b),
      400,
      'carrier_unsupported_method',
    );
    const auth = { account_id: 'own-postage-b', passphrase: 'own-postage-phrase' };
    await em.knowCredentials('carrier_d_reseller', auth);
    const own = await testAccount(b, 'carrier_d_reseller', { auth });
    expect((await t.call('GET', `/shippingaccount/${own}/balance`, b)).status).toBe(200);
  });
});

describe('voided labels', () => {
  it('answer 410 label_voided, by signed URL and with the key; the shipment hands out no new link to them', async () => {
    const account = await testAccount(a, 'carrier_a');
    const booked = await t.call('POST', '/ship', a, shipment(account, { service: 'carrier_a_ground' }));
    expect(booked.status).toBe(200);
    const {
      id,
      tracking_number: trackingNumber,
      packages,
    } = booked.body.shipment as { id: string; tracking_number: string; packages: { label: string }[] };
    const url = new URL(packages[0]!.label);
    const signed = url.pathname + url.search;
    expect((await t.call('GET', signed, undefined)).status).toBe(200);
    expect(
      (await t.call('POST', '/cancel', a, { cancel: { shipping_account: account, tracking_number: trackingNumber } }))
        .status,
    ).toBe(200);
    const err = expectError(await t.call('GET', signed, undefined), 410, 'label_voided');
    expect(err.message).toContain('voided');
    expectError(await t.call('GET', url.pathname, a), 410, 'label_voided');
    const view = (await t.call('GET', `/shipments/${id}`, a)).body.shipment;
    expect(view).toMatchObject({ status: 'SHIPMENT_VOIDED' });
    expect(view.cancelled).toBeDefined();
    expect(view.packages[0].label).not.toContain('signature=');
    expectError(await t.call('GET', new URL(view.packages[0].label).pathname, a), 410, 'label_voided');
    // A label of another tenant is still a 404, voided or not.
    expectError(await t.call('GET', url.pathname, b), 404, 'not_found');
  });
});

describe('smaller findings', () => {
  it('POST /track with content-type application/json and no body is a 400', async () => {
    for (const body of [undefined, '', '  ']) {
      const err = expectError(
        await t.call('POST', '/track', a, body, { 'content-type': 'application/json' }),
        400,
        'schema_field_required',
      );
      expect(err.detail).toBe('track');
    }
  });

  it('end_date=9999-12-31 is the last day there is, not a day before start_date', async () => {
    for (const path of ['/returns', '/shipments', '/pickups']) {
      for (const q of [
        'end_date=9999-12-31',
        'start_date=2020-01-01&end_date=9999-12-31',
        'end_date=9999-12-31T23:59:59Z',
        'end_date=9999-12-31T23:59:59.999Z',
      ]) {
        const res = await t.call('GET', `${path}?${q}`, a);
        expect(res.status, `${path}?${q} ${res.raw}`).toBe(200);
      }
    }
    const account = await testAccount(a, 'carrier_a');
    const booked = (await t.call('POST', '/ship', a, shipment(account, { service: 'carrier_a_ground' }))).body.shipment;
    const listed = (await t.call('GET', `/shipments?end_date=9999-12-31&search=${booked.tracking_number}`, a)).body as {
      id: string;
    }[];
    expect(listed.map((s) => s.id)).toEqual([booked.id]);
    expect((await t.call('GET', `/shipments?start_date=9999-12-31&search=${booked.tracking_number}`, a)).body).toEqual(
      [],
    );
    expectError(
      await t.call('GET', '/shipments?start_date=9999-12-31&end_date=9999-12-30', a),
      400,
      'schema_validation_error',
    );
  });

  it('concurrent voids of one return refund it once and announce it once; each answers the voided return', async () => {
    const account = await testAccount(a, 'carrier_a');
    const method = await t.call('POST', '/returns/methods', a, {
      return_method: {
        shipping_account: account,
        method_name: 'Back by post',
        type: 'drop_off',
        service: 'carrier_a_ground',
        packaging: 'your_packaging',
        cost: { carrier_charge: 6, customer_charge: 3 },
        return_charge: 3,
      },
    });
    expect(method.status, method.raw).toBe(200);
    const created = await t.call('POST', '/returns', a, {
      return: {
        return_method: method.body.return_method.id,
        customer_id: 'c-void',
        customer: address({ name: 'Cora Customer' }),
        destination: recipientUS,
        return_lines: [{ product_name: 'Mug', quantity: 1, value: 10, weight: 1 }],
        packages: [{ weight: 2 }],
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expect(created.status, created.raw).toBe(200);
    const id = created.body.id as string;
    const [updatedBefore, cancelledBefore] = [
      await eventsOf('tenant-a', 'return.updated'),
      await eventsOf('tenant-a', 'shipment.cancelled'),
    ];
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call('PATCH', `/returns/${id}`, a, { shipment: { status: 'SHIPMENT_VOIDED' } }),
      ),
    );
    for (const res of answers) {
      expect(res.status, res.raw).toBe(200);
      expect(res.body.shipment.status).toBe('SHIPMENT_VOIDED');
      // Its label is void: the read no longer hands out its bytes.
      expect(res.body.shipment.label).toBeUndefined();
    }
    expect(await eventsOf('tenant-a', 'shipment.cancelled')).toBe(cancelledBefore + 1);
    expect(await eventsOf('tenant-a', 'return.updated')).toBe(updatedBefore + 1);
    // Voiding it again changes nothing and announces nothing.
    expect((await t.call('PATCH', `/returns/${id}`, a, { shipment: { status: 'SHIPMENT_VOIDED' } })).status).toBe(200);
    expect(await eventsOf('tenant-a', 'return.updated')).toBe(updatedBefore + 1);
  });

  it('a link expiry has one spelling: the integer as the service wrote it', async () => {
    const account = await testAccount(a, 'carrier_a');
    const booked = (await t.call('POST', '/ship', a, shipment(account, { service: 'carrier_a_ground' }))).body.shipment;
    const url = new URL(booked.packages[0].label as string);
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const label = (e: string) =>
      t.call('GET', `${url.pathname}?expires=${encodeURIComponent(e)}&signature=${signature}`, undefined);
    expect((await label(expires)).status).toBe(200);
    for (const e of [
      `${expires}.0`,
      `+${expires}`,
      `0x${Number(expires).toString(16)}`,
      `0${expires}`,
      ` ${expires}`,
      `${expires}e0`,
    ]) {
      expectError(await label(e), 404, 'not_found');
    }
    // The tracking page's token writes its expiry in base 36: a leading zero is another spelling too.
    const token = new URL(booked.tracking_url as string).pathname.split('/').pop()!;
    const [shipmentId, exp36, sig] = token.split('.');
    expect((await t.call('GET', `/public/tracking/${token}`, undefined)).status).toBe(200);
    expectError(await t.call('GET', `/public/tracking/${shipmentId}.0${exp36}.${sig}`, undefined), 404, 'not_found');
  });

  it('a tracking number that is a dot segment never reaches a carrier’s URL path', async () => {
    // Encoded or not, `..` in a path is resolved: carrier_c's /shipments/../tracking became /tracking.
    for (const carrier of ['carrier_b', 'carrier_c', 'carrier_d']) {
      const account = await testAccount(a, carrier);
      for (const number of ['..', '.']) {
        const err = expectError(
          await t.call('POST', '/track', a, { track: { shipping_account: account, tracking_number: number } }),
          400,
          'schema_validation_error',
        );
        expect(err.detail, carrier).toBe('tracking_number');
      }
    }
  });

  it('carrier_d validate_credentials asks the carrier, not a token it holds from before', async () => {
    const auth = {
      account_number: '1000000077',
      client_id: 'client-d-revoked',
      client_secret: 'secret-soon-revoked',
      customer_registration_id: 'crid-77',
      mailer_id: '900000077',
      manifest_mid: '900000078',
    };
    await em.knowCredentials('carrier_d', auth);
    const validate = () =>
      t.call('POST', '/validate_credentials', a, {
        validate_credentials: { carrier: 'carrier_d', country: 'US', test: true, auth },
      });
    expect((await validate()).body).toMatchObject({ valid: true });
    await em.forgetCredentials('carrier_d', auth);
    const refused = await validate();
    expect(refused.status, refused.raw).toBe(200);
    expect(refused.body).toMatchObject({ valid: false });
  });
});
