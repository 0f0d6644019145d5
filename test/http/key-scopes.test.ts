/**
 * API keys with a scope: a `read` key reads and is refused the rest with 403 forbidden naming the
 * permission; a `ship` key books but cannot manage accounts; keys from before scopes (and JWTs) keep
 * doing everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, shipment as shipmentOf } from '../contract/support.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { createTestApp, expectError, type TestApp } from '../support/app.js';

let em: TestEmulator;
let t: TestApp;
let full: string;
let account: string;

beforeAll(async () => {
  em = await startTestEmulator();
  t = await createTestApp({ emulatorUrl: em.url });
  full = await t.key('acme');
  account = (
    await t.call('POST', '/shippingaccount', full, {
      shipping_account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: address() },
    })
  ).body.shipping_account.id;
});
afterAll(async () => {
  await t.close();
  await em.close();
});

const shipment = () => shipmentOf(account, { service: 'carrier_a_ground', label_type: 'PDF' });

describe('key scopes', () => {
  it('a read key reads, and gets 403 forbidden naming shipments.buy on /ship', async () => {
    const read = await t.key('acme', { scope: 'read' });
    expect((await t.call('GET', '/shipments', read)).status).toBe(200);
    expect((await t.call('GET', `/shippingaccount/${account}`, read)).status).toBe(200);
    const err = expectError(await t.call('POST', '/ship', read, shipment()), 403, 'forbidden');
    expect(err.detail).toBe('shipments.buy');
    expect(err.message).toBe('POST /ship needs the permission shipments.buy, which scope read does not have');
    expect(expectError(await t.call('POST', '/rate', read, shipment()), 403, 'forbidden').detail).toBe(
      'shipments.rate',
    );
    expect(expectError(await t.call('DELETE', `/shippingaccount/${account}`, read), 403, 'forbidden').detail).toBe(
      'accounts.manage',
    );
  });

  it('refuses before the body is looked at: a bad body to a refused route is still 403', async () => {
    const read = await t.key('acme', { scope: 'read' });
    expectError(await t.call('POST', '/ship', read, { nonsense: true }), 403, 'forbidden');
  });

  it('a ship key books a label but cannot change accounts or webhooks', async () => {
    const ship = await t.key('acme', { scope: 'ship' });
    const res = await t.call('POST', '/ship', ship, shipment());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      expectError(
        await t.call('POST', '/shippingaccount', ship, {
          shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
        }),
        403,
        'forbidden',
      ).detail,
    ).toBe('accounts.manage');
    expect(
      expectError(
        await t.call('POST', '/webhooks', ship, { webhook: { url: 'https://example.com/hook' } }),
        403,
        'forbidden',
      ).detail,
    ).toBe('webhooks.manage');
  });

  it('an admin key manages accounts but cannot buy postage (owners only)', async () => {
    const admin = await t.key('acme', { scope: 'admin' });
    expect((await t.call('GET', `/shippingaccount/${account}`, admin)).status).toBe(200);
    expect(
      expectError(
        await t.call('POST', `/shippingaccount/${account}/balance`, admin, {
          add_funds: { amount: 10, currency: 'USD' },
        }),
        403,
        'forbidden',
      ).detail,
    ).toBe('billing.manage');
  });

  it('a key from before scopes may do everything', async () => {
    expect((await t.call('POST', '/ship', full, shipment())).status).toBe(200);
  });
});
