/** The client's retry decisions and Link parsing, as pure functions. */
import { describe, expect, it } from 'vitest';
import { linkTarget, totalCount } from '../../packages/client/src/links.js';
import { defaultRetryPolicy, delayMs, retryable, retryAfterMs } from '../../packages/client/src/retry.js';

describe('retries', () => {
  it('retries 429, 5xx and a key still in use, never a replayed answer or another refusal', () => {
    expect(retryable(429, 'rate_limited', false)).toBe(true);
    expect(retryable(503, 'service_unavailable', false)).toBe(true);
    expect(retryable(502, 'carrier_http_exception', false)).toBe(true);
    expect(retryable(409, 'idempotency_key_in_use', false)).toBe(true);
    expect(retryable(409, 'conflict', false)).toBe(false);
    expect(retryable(400, 'schema_validation_error', false)).toBe(false);
    expect(retryable(502, 'carrier_http_exception', true)).toBe(false);
  });

  it('reads Retry-After as seconds or an HTTP date, and backs off exponentially without one', () => {
    const now = Date.parse('2026-01-02T03:04:05Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Fri, 02 Jan 2026 03:04:15 GMT', now)).toBe(10_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(delayMs(defaultRetryPolicy, 1, 4000)).toBe(4000);
    expect(delayMs(defaultRetryPolicy, 1, undefined, () => 1)).toBe(300);
    expect(delayMs(defaultRetryPolicy, 3, undefined, () => 0)).toBe(600);
    expect(delayMs(defaultRetryPolicy, 20, undefined, () => 1)).toBe(defaultRetryPolicy.maxDelayMs);
  });
});

describe('Link', () => {
  it('finds a relation among several, with or without quotes', () => {
    const header =
      '<http://h/batches?page=1&pageSize=2>; rel="first", <http://h/batches?page=3&pageSize=2>; rel="next", <http://h/batches?page=9&pageSize=2>; rel=last';
    expect(linkTarget(header, 'next')).toBe('http://h/batches?page=3&pageSize=2');
    expect(linkTarget(header, 'last')).toBe('http://h/batches?page=9&pageSize=2');
    expect(linkTarget(header, 'prev')).toBeUndefined();
    expect(linkTarget(null, 'next')).toBeUndefined();
    expect(totalCount('17')).toBe(17);
    expect(totalCount('x')).toBeUndefined();
  });
});
