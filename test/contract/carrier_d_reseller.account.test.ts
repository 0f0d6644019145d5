/**
 * The adapter's account operations over loopback against the ELS emulator: postage purchase
 * (BuyPostageXML), pass-phrase change (ChangePassPhraseXML) and the account status. They have no
 * route of their own (see README), so the adapter is driven directly, with the real transport.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierCall } from '../../src/carriers/carrier.js';
import { createAdapter } from '../../src/carriers/carrier_d_reseller/client.js';
import type { TokenStore } from '../../src/carriers/shared/oauth.js';
import { createTransport, type Transport } from '../../src/carriers/shared/transport.js';
import { createLogger } from '../../src/foundations/logger.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { OPENING_BALANCE } from '../../src/emulator/carrier_d_reseller/state.js';
import { apiErrorOf } from '../carriers/carrier_d_reseller/support.js';

let em: TestEmulator;
let transport: Transport;
beforeAll(async () => {
  em = await startTestEmulator();
  for (const [account_id, passphrase] of [
    ['acct-buy', 'phrase-buy'],
    ['acct-pp', 'old-phrase'],
  ])
    await em.knowCredentials('carrier_d_reseller', { account_id: account_id!, passphrase: passphrase! });
  transport = createTransport({ timeoutMs: 2000 });
});
afterAll(async () => {
  await transport.close();
  await em.close();
});

/** ELS has no tokens to store: a store that is used fails the test. */
const noTokens: TokenStore = {
  get: () => Promise.reject(new Error('carrier_d_reseller uses no OAuth tokens')),
  invalidate: () => Promise.reject(new Error('carrier_d_reseller uses no OAuth tokens')),
};

const adapter = () =>
  createAdapter({
    transport,
    labels: {} as never,
    tokens: noTokens,
    clock: { now: () => new Date() },
    baseUrl: (slug) => `${em.url}/${slug}`,
  });
const call = (account_id: string, passphrase: string): CarrierCall => ({
  auth: { account_id, passphrase },
  test: true,
  debug: false,
  country: 'US',
  log: createLogger('silent'),
});

describe('account operations', () => {
  it('reads the balance and buys postage: the balance grows by the amount', async () => {
    const a = adapter();
    const c = call('acct-buy', 'phrase-buy');
    expect(await a.accountStatus(c)).toEqual({
      accountId: 'acct-buy',
      postageBalance: OPENING_BALANCE.toFixed(2),
      accountStatus: 'A',
    });
    expect((await a.buyPostage(c, 100)).postageBalance).toBe((OPENING_BALANCE + 100).toFixed(2));
    expect((await apiErrorOf(() => a.buyPostage(c, 5))).code).toBe('schema_validation_error');
  });

  it('changes the pass phrase; the old one is then refused, the new one accepted', async () => {
    const a = adapter();
    expect(await a.accountStatus(call('acct-pp', 'old-phrase'))).toMatchObject({ accountStatus: 'A' });
    expect(await a.changePassPhrase(call('acct-pp', 'old-phrase'), 'new-phrase')).toEqual({});
    expect((await a.changePassPhrase(call('acct-pp', 'new-phrase'), 'newer-phrase', true)).token).toBeDefined();
    const refused = await apiErrorOf(() => a.accountStatus(call('acct-pp', 'old-phrase')));
    expect(refused).toMatchObject({ code: 'carrier_authentication', detail: 'carrier_d_reseller status 12507' });
    expect(await a.validateCredentials!(call('acct-pp', 'newer-phrase'))).toMatchObject({ valid: true });
  });

  it('buying postage is never retried: one 500 is the answer', async () => {
    await em.fault('carrier_d_reseller', 'buy_postage', 'http_500', 1);
    expect((await apiErrorOf(() => adapter().buyPostage(call('acct-buy', 'phrase-buy'), 10))).code).toBe(
      'carrier_http_exception',
    );
    expect((await adapter().accountStatus(call('acct-buy', 'phrase-buy'))).postageBalance).toBe(
      (OPENING_BALANCE + 100).toFixed(2),
    );
  });
});
