/** Rate shopping's time budget: a carrier that does not answer is left out, and its call is abandoned. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopBody, useShopping } from './support.js';

// Long enough for a busy machine to answer the other accounts, far below the transport's own 30 s.
const s = useShopping({ WAYBILL_RATE_SHOP_TIMEOUT_MS: '3000' });

afterEach(() => s.em.clearFaults());

describe('WAYBILL_RATE_SHOP_TIMEOUT_MS', () => {
  it(
    'answers without the carrier that never answers, listing it as carrier_timeout, and aborts its call',
    { timeout: 20_000 },
    async () => {
      await s.em.fault('carrier_c', 'rate', 'timeout', 0);
      const res = await s.t.call(
        'POST',
        '/rate',
        s.key,
        shopBody([s.accounts.carrier_a, s.accounts.carrier_c, s.accounts.carrier_d], { select: 'cheapest' }),
      );
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual([
        {
          shipping_account: s.accounts.carrier_c,
          carrier: 'carrier_c',
          error: { code: 'carrier_timeout', message: expect.stringContaining('3000 ms'), detail: 'carrier_c rate' },
        },
      ]);
      expect(new Set(res.body.rates.map((r: { carrier: string }) => r.carrier))).toEqual(
        new Set(['carrier_a', 'carrier_d']),
      );
      expect(['carrier_a', 'carrier_d']).toContain(res.body.selected.carrier);
      // The transport reports the abandoned attempt as ended by the caller's budget, not by its own 30 s.
      await vi.waitFor(() => {
        const ended = s.t.logs.filter(
          (l) =>
            l.includes('"carrier":"carrier_c"') &&
            l.includes('"operation":"rate"') &&
            l.includes('"error":"carrier_timeout"'),
        );
        expect(ended.length).toBeGreaterThan(0);
      });
    },
  );

  it('waits for a slow carrier that answers within the budget', { timeout: 20_000 }, async () => {
    await s.em.fault('carrier_b', 'rate', 'latency:300', 0);
    const res = await s.t.call('POST', '/rate', s.key, shopBody([s.accounts.carrier_a, s.accounts.carrier_b]));
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([]);
    expect(res.body.rates.some((r: { carrier: string }) => r.carrier === 'carrier_b')).toBe(true);
  });
});
