/**
 * Finding: the stored idempotent answers of POST /shippingaccount (the echoed `auth`) and
 * POST /webhooks (the signing secret) were kept in clear in the database. They are sealed now.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';

const s = useTestApp({ env: { WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true' } });

async function storedAnswer(key: string): Promise<string> {
  const row = await s.t.db.database.db
    .selectFrom('idempotency')
    .select('response')
    .where('tenant', '=', 'acme')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.response ?? '';
}

describe('idempotent answers that carry secrets', () => {
  it('are stored sealed and replayed in clear', async () => {
    const passphrase = 'correct-horse-battery-staple';
    const body = {
      shipping_account: {
        carrier: 'carrier_d_reseller',
        country: 'US',
        test: true,
        auth: { account_id: '2500000', passphrase },
      },
    };
    const first = await s.t.call('POST', '/shippingaccount', s.key, body, { 'idempotency-key': 'acct-1' });
    expect(first.status, first.raw).toBe(200);
    expect(first.raw).toContain(passphrase);
    expect(await storedAnswer('acct-1')).not.toContain(passphrase);
    const replay = await s.t.call('POST', '/shippingaccount', s.key, body, { 'idempotency-key': 'acct-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.raw).toBe(first.raw);

    const hook = { webhook: { url: 'http://127.0.0.1:9/hook', events: ['*'] } };
    const created = await s.t.call('POST', '/webhooks', s.key, hook, { 'idempotency-key': 'hook-1' });
    expect(created.status, created.raw).toBe(200);
    const secret = created.body.webhook.secret as string;
    expect(secret.length).toBeGreaterThan(10);
    expect(await storedAnswer('hook-1')).not.toContain(secret);
    expect(
      (await s.t.call('POST', '/webhooks', s.key, hook, { 'idempotency-key': 'hook-1' })).body.webhook.secret,
    ).toBe(secret);

    const rotated = await s.t.call('POST', `/webhooks/${created.body.webhook.id}/rotate-secret`, s.key, undefined, {
      'idempotency-key': 'rotate-1',
    });
    expect(rotated.status, rotated.raw).toBe(200);
    expect(await storedAnswer('rotate-1')).not.toContain(rotated.body.webhook.secret);
  });
});
