/** Token keys: the SHA-256 of the credential set, as stored tokens were keyed before (a change would orphan them). */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { tokenKey } from '../../../src/carriers/shared/oauth.js';

it('is the SHA-256 of the set joined by line breaks, the same however often it is asked', () => {
  const parts = ['carrier_a', 'https://apis-sandbox.example', 'client-1', 'secret-1'];
  const expected = createHash('sha256').update(parts.join('\n')).digest('hex');
  expect(tokenKey(...parts)).toBe(expected);
  expect(tokenKey(...parts)).toBe(expected);
  expect(tokenKey('carrier_a', 'https://apis-sandbox.example', 'client-1', 'secret-2')).not.toBe(expected);
  expect(tokenKey(...parts)).not.toContain('secret-1');
});
