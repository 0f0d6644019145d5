/**
 * GET and POST /shippingaccount/{id}/balance: the prepaid postage of carrier_d_reseller accounts,
 * bought with the carrier, safe to retry with an Idempotency-Key; other carriers have none.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { shipment, useReseller } from './carrier_d_reseller.support.js';

const s = useReseller();

describe('/shippingaccount/{id}/balance', () => {
  const balance = async (account: string) => {
    const res = await s.t.call('GET', `/shippingaccount/${account}/balance`, s.key);
    expect(res.status, res.raw).toBe(200);
    return res.body.balance as { amount: number; currency: string; updated: string };
  };
  const addFunds = (account: string, amount: number, headers: Record<string, string> = {}, currency = 'USD') =>
    s.t.call('POST', `/shippingaccount/${account}/balance`, s.key, { add_funds: { amount, currency } }, headers);

  it('starts with postage for at least a hundred ordinary labels', async () => {
    const account = await s.accountWith({ account_id: 'funds-0', passphrase: 'funds-phrase' });
    const start = await balance(account);
    expect(start).toMatchObject({ currency: 'USD' });
    expect(Number.isNaN(Date.parse(start.updated))).toBe(false);
    const rates = (await s.t.call('POST', '/rate', s.key, shipment(account, { service: 'priority' }))).body.rates as {
      total_cost: string;
    }[];
    expect(rates.length).toBeGreaterThan(0);
    expect(start.amount).toBeGreaterThanOrEqual(100 * Number(rates[0]!.total_cost));
    expect((await s.t.call('POST', '/ship', s.key, shipment(account, { service: 'priority' }))).status).toBe(200);
    expect((await balance(account)).amount).toBeLessThan(start.amount);
  });

  it('buys postage once per Idempotency-Key; a retry answers the same without buying again', async () => {
    const account = await s.accountWith({ account_id: 'funds-1', passphrase: 'funds-phrase' });
    const before = (await balance(account)).amount;
    const first = await addFunds(account, 100, { 'idempotency-key': 'topup-1' });
    expect(first.status, first.raw).toBe(200);
    expect(first.body.balance).toMatchObject({ amount: before + 100, currency: 'USD' });
    const retry = await addFunds(account, 100, { 'idempotency-key': 'topup-1' });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect((await balance(account)).amount).toBe(before + 100);
    expect((await addFunds(account, 50)).body.balance.amount).toBe(before + 150);
  });

  it('refuses amounts outside the carrier limits and other currencies with 400, before calling the carrier', async () => {
    const account = await s.accountWith({ account_id: 'funds-2', passphrase: 'funds-phrase' });
    const before = (await balance(account)).amount;
    expect(expectError(await addFunds(account, 5), 400, 'schema_validation_error').detail).toBe('add_funds.amount');
    expect(expectError(await addFunds(account, 100_000), 400, 'schema_validation_error').detail).toBe(
      'add_funds.amount',
    );
    expect(expectError(await addFunds(account, 20, {}, 'EUR'), 400, 'schema_validation_error').detail).toBe(
      'add_funds.currency',
    );
    expectError(await addFunds(account, -1), 400, 'schema_validation_error');
    expect((await balance(account)).amount).toBe(before);
  });

  it('answers carrier_unsupported_method for carriers without prepaid postage, and 404 for unknown accounts', async () => {
    const other = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
      })
    ).body.shipping_account.id;
    expectError(await s.t.call('GET', `/shippingaccount/${other}/balance`, s.key), 400, 'carrier_unsupported_method');
    expectError(await addFunds(other, 100), 400, 'carrier_unsupported_method');
    expectError(await s.t.call('GET', '/shippingaccount/999999999/balance', s.key), 404, 'shipping_account_not_found');
  });
});
