import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../src/foundations/request-id.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('a request id made here', () => {
  it('is a random (version 4) UUID, a new one each time, across many batches of random bytes', () => {
    const ids = Array.from({ length: 1000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is a string of its own, not a view of a buffer written again later', () => {
    const first = newRequestId();
    const copy = `${first}`;
    for (let i = 0; i < 300; i++) newRequestId();
    expect(first).toBe(copy);
  });
});
