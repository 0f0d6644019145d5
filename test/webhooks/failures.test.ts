/** What happens when an endpoint keeps failing: deliveries give up, endpoints get disabled. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/services/kernel/events.js';
import { MAX_ATTEMPTS, retryDelayMs } from '../../src/services/webhooks/worker.js';
import { useTestApp } from '../support/app.js';
import { startReceiver, waitFor, type Receiver } from '../support/webhook-receiver.js';

let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
  rx.respond = (r) => (r.path.startsWith('/down') ? 500 : 200);
});
afterAll(() => rx.close());

const fast = {
  WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true',
  WAYBILL_WEBHOOK_POLL_MS: '5',
  WAYBILL_WEBHOOK_RETRY_BASE_MS: '1',
};
const giveUp = useTestApp({ env: fast, background: true });
const disable = useTestApp({
  env: { ...fast, WAYBILL_WEBHOOK_RETRY_BASE_MS: '5', WAYBILL_WEBHOOK_DISABLE_AFTER_MS: '40' },
  background: true,
});

async function endpoint(s: typeof giveUp, path: string): Promise<string> {
  return (await s.t.call('POST', '/webhooks', s.key, { webhook: { url: `${rx.url}${path}`, events: ['*'] } })).body
    .webhook.id;
}
const emit = (s: typeof giveUp, n: number) =>
  recordEvent(s.t.db.database.db, { tenant: 'acme', type: 'pickup.scheduled', data: { n } });

describe('the retry schedule', () => {
  it('doubles from the base with ±20 % jitter, capped at 480 × base, about 24 h in all at the default base', () => {
    const base = 60_000;
    const nominal = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(base, i + 1, 0.5));
    expect(nominal.map((ms) => ms / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 480, 480]);
    const total = nominal.reduce((a, b) => a + b, 0) / 3_600_000;
    expect(total).toBeGreaterThan(23);
    expect(total).toBeLessThan(26);
    expect(retryDelayMs(base, 1, 0)).toBe(48_000);
    expect(retryDelayMs(base, 1, 0.999999)).toBe(72_000);
  });
});

describe('an endpoint that never answers 2xx', () => {
  it('gets every attempt of the schedule, then the delivery is failed', async () => {
    const id = await endpoint(giveUp, '/down/a');
    await emit(giveUp, 1);
    const [delivery] = await waitFor(async () => {
      const d = (await giveUp.t.call('GET', `/webhooks/${id}/deliveries`, giveUp.key)).body.deliveries;
      return d[0]?.status === 'failed' && d;
    }, 'the delivery to fail');
    expect(delivery.attempts).toHaveLength(MAX_ATTEMPTS);
    expect(
      delivery.attempts.every(
        (a: { status_code: number; error: string }) => a.status_code === 500 && a.error === 'HTTP 500',
      ),
    ).toBe(true);
    expect(delivery.next_attempt).toBeUndefined();
    expect(rx.at('/down/a')).toHaveLength(MAX_ATTEMPTS);
    const hook = (await giveUp.t.call('GET', `/webhooks/${id}`, giveUp.key)).body.webhook;
    expect(hook.enabled).toBe(true);
    expect(hook.failing_since).toMatch(/Z$/);
  });

  it('records connection failures as attempts without a status code', async () => {
    const id = (
      await giveUp.t.call('POST', '/webhooks', giveUp.key, {
        webhook: { url: 'http://127.0.0.1:1/closed', events: ['*'] },
      })
    ).body.webhook.id;
    await emit(giveUp, 2);
    const attempt = await waitFor(
      async () =>
        (await giveUp.t.call('GET', `/webhooks/${id}/deliveries`, giveUp.key)).body.deliveries[0]?.attempts[0],
      'an attempt',
    );
    expect(attempt.status_code).toBeUndefined();
    expect(attempt.error).toContain('ECONNREFUSED');
    await giveUp.t.call('DELETE', `/webhooks/${id}`, giveUp.key);
  });
});

describe('an endpoint failing longer than WAYBILL_WEBHOOK_DISABLE_AFTER_MS', () => {
  it('is disabled, says why, receives nothing new, and resumes when enabled again', async () => {
    const id = await endpoint(disable, '/down/b');
    await emit(disable, 1);
    const hook = await waitFor(async () => {
      const w = (await disable.t.call('GET', `/webhooks/${id}`, disable.key)).body.webhook;
      return w.enabled === false && w;
    }, 'the endpoint to be disabled');
    expect(hook.disabled_reason).toContain('failing since');
    expect(hook.failing_since).toMatch(/Z$/);

    // Disabled: a new event creates no delivery for it.
    await emit(disable, 2);
    const deliveries = (await disable.t.call('GET', `/webhooks/${id}/deliveries`, disable.key)).body.deliveries;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].status).toBe('pending');

    rx.respond = (r) => (r.path === '/down/b' ? 200 : r.path.startsWith('/down') ? 500 : 200);
    const enabled = (await disable.t.call('PATCH', `/webhooks/${id}`, disable.key, { webhook: { enabled: true } })).body
      .webhook;
    expect(enabled).toMatchObject({ enabled: true });
    expect(enabled.disabled_reason).toBeUndefined();
    expect(enabled.failing_since).toBeUndefined();
    await waitFor(
      async () =>
        (await disable.t.call('GET', `/webhooks/${id}/deliveries`, disable.key)).body.deliveries[0]?.status ===
        'succeeded',
      'the pending delivery to resume',
    );
  });
});
