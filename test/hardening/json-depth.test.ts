/**
 * Finding: a body of 10,000 nested arrays with an Idempotency-Key was a 500 (the fingerprint's
 * recursion overflowed the stack). Every body nests at most 64 levels: deeper is a 400.
 */
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../src/http/body-checks.js';
import { expectError, useTestApp } from '../support/app.js';

const s = useTestApp();
const nested = (depth: number) => `{"shipment":${'['.repeat(depth)}${']'.repeat(depth)}}`;

describe('deeply nested bodies', () => {
  it('are a 400 with or without an Idempotency-Key, and are not logged as failures', async () => {
    for (const depth of [10_000, 200_000]) {
      for (const headers of [{}, { 'idempotency-key': `deep-${depth}` }] as Record<string, string>[]) {
        const res = await s.t.call('POST', '/rate', s.key, nested(depth), headers);
        expect(expectError(res, 400, 'schema_validation_error').message).toContain(`${MAX_JSON_DEPTH} levels`);
      }
    }
    expect(s.t.logs.join('')).not.toContain('Maximum call stack');
    expect(s.t.logs.filter((l) => l.includes('"level":50'))).toEqual([]);
  });

  it('the bound is exact', () => {
    const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);
    expect(nestsDeeperThan(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(deep(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });
});
