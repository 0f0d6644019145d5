/**
 * Finding: the logs held capabilities and personal data. Request lines carried whole URLs with a
 * label link's signature, the token of a tracking page or returns portal, and a key sent as
 * `?zkkey=`; `debug: true` wrote the recipient's street and phone at info. Everything below is
 * logged by the real app, and the captured lines are searched for each of them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { address, shipment } from '../contract/support.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

const webRoot = tempDir('web');
for (const page of ['tracking', 'portal']) {
  mkdirSync(join(webRoot, page));
  writeFileSync(join(webRoot, page, 'index.html'), `<!doctype html><title>${page}</title>`);
}

let t: TestApp;
let em: TestEmulator;
let key: string;
let account: string;
beforeAll(async () => {
  em = await startTestEmulator();
  // Logged at info, as a service runs: what debug: true writes must be fit for that level.
  t = await createTestApp({ emulatorUrl: em.url, env: { WAYBILL_WEB_ROOT: webRoot } });
  t.app.log.level = 'info';
  key = await t.key();
  account = (
    await t.call('POST', '/shippingaccount', key, {
      shipping_account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: address() },
    })
  ).body.shipping_account.id;
  // The portal offers a method only where returned parcels have somewhere to go: the account's billing address.
  await t.call('POST', '/returns/methods', key, {
    return_method: {
      shipping_account: account,
      method_name: 'Drop off',
      type: 'drop_off',
      service: 'carrier_a_ground',
      packaging: 'your_packaging',
      cost: { carrier_charge: 6, customer_charge: 0 },
      return_charge: 0,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await em?.close();
});

const local = (url: string) => new URL(url).pathname + new URL(url).search;
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
/** The signature of a link's token, `<id>.<expiry>.<signature>`. */
const signatureOf = (token: string) => token.split('.').pop()!;

describe('the logs', () => {
  it('hold no link signature, link token or key, and still say which request it was', async () => {
    const before = t.logs.length;
    const booked = await t.call('POST', '/ship', key, shipment(account, { service: 'carrier_a_ground' }));
    expect(booked.status, booked.raw).toBe(200);
    const label = booked.body.shipment.packages[0].label as string;
    const tracking = tokenOf(booked.body.shipment.tracking_url as string);
    const link = await t.call('POST', '/returns/portal-links', key, {
      portal_link: {
        customer_id: 'c-1',
        order_id: 'o-1',
        customer: address(),
        lines: [{ line_id: 'L1', product_name: 'Mug', sku: 'MUG', quantity: 1, value: 12, weight: 0.5 }],
        weight_units: 'LB',
      },
    });
    const portal = tokenOf(link.body.portal_link.url as string);
    const method = (await t.call('GET', `/public/portal/${portal}`, undefined)).body.portal.return_methods[0]
      .id as string;

    expect((await t.call('GET', local(label), undefined)).status).toBe(200);
    // A signature that does not verify is still not for the log; nor one with its dots escaped.
    expect(
      (await t.call('GET', `${new URL(label).pathname}?expires=1&signature=guessed-signature-1`, undefined)).status,
    ).toBe(404);
    for (const url of [
      `/public/tracking/${tracking}`,
      `/tracking/${tracking}`,
      `/public/portal/${portal}`,
      `/portal/${portal}`,
      `/portal/${portal.replaceAll('.', '%2E')}`,
    ]) {
      expect((await t.call('GET', url, undefined)).status, url).toBe(200);
    }
    const returned = await t.call(
      'POST',
      `/public/portal/${portal}/returns`,
      undefined,
      { return: { return_method: method, lines: [{ line_id: 'L1', quantity: 1, reason: 'Other' }] } },
      { 'idempotency-key': 'r-1' },
    );
    expect(returned.status, returned.raw).toBeLessThan(500);
    expect((await t.call('GET', `/shipments?zkkey=${key}&page=1`, undefined)).status).toBe(401);
    expect((await t.call('GET', `/shipments?access_token=tok-in-query-1`, key)).status).toBe(200);

    const lines = t.logs.slice(before).join('');
    for (const secret of [
      new URL(label).searchParams.get('signature')!,
      'guessed-signature-1',
      signatureOf(tracking),
      signatureOf(portal),
      tracking,
      portal,
      key,
      'tok-in-query-1',
    ]) {
      expect(lines).not.toContain(secret);
    }
    // What was asked stays readable: the path, the ids, the parameters that are no secret.
    const urls = t.logs
      .slice(before)
      .map((l) => JSON.parse(l) as { req?: { url: string } })
      .flatMap((l) => (l.req ? [l.req.url] : []));
    expect(urls).toContain(
      `${new URL(label).pathname}?expires=${new URL(label).searchParams.get('expires')}&signature=[REDACTED]`,
    );
    expect(urls).toContain(`/tracking/${tracking.split('.')[0]}.[REDACTED]`);
    expect(urls).toContain(`/public/portal/${portal.split('.')[0]}.[REDACTED]/returns`);
    expect(urls).toContain('/portal/[REDACTED]');
    expect(urls).toContain('/shipments?zkkey=[REDACTED]&page=1');
  });

  it('hold no street, phone, e-mail or person’s name of a debug: true exchange at info, and the exchange otherwise', async () => {
    const before = t.logs.length;
    const recipient = {
      name: 'Rosalind Quist',
      street1: '4417 Wisteria Lane',
      street2: 'Apt 9',
      city: 'New York',
      state: 'NY',
      postal_code: '10001',
      country: 'US',
      phone: '2125559876',
      email: 'rosalind@example.com',
    };
    const booked = await t.call(
      'POST',
      '/ship',
      key,
      shipment(account, { service: 'carrier_a_ground', debug: true, recipient }),
    );
    expect(booked.status, booked.raw).toBe(200);
    const lines = t.logs.slice(before).join('');
    expect(lines).toContain('carrier request');
    expect(lines).toContain('/ship/v1/shipments');
    expect(lines).toContain('New York');
    expect(lines).toContain('10001');
    for (const personal of [
      'Wisteria',
      'Apt 9',
      '2125559876',
      'rosalind@',
      'Rosalind',
      'Quist',
      '1 Main St',
      '9015550100',
      'Ann Sender',
    ])
      expect(lines).not.toContain(personal);
  });
});
