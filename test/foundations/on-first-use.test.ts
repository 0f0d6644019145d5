import { describe, expect, it } from 'vitest';
import { onFirstUse } from '../../src/foundations/on-first-use.js';

describe('onFirstUse', () => {
  it('makes the thing once, on the first call, and every later call shares it', async () => {
    let makes = 0;
    const get = onFirstUse(async () => ({ n: ++makes }));
    expect(makes).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(makes).toBe(1);
  });

  it('does not keep a failure: asked again, it tries again', async () => {
    let makes = 0;
    const get = onFirstUse(async () => {
      if (++makes === 1) throw new Error('not yet');
      return 'made';
    });
    await expect(get()).rejects.toThrow('not yet');
    expect(await get()).toBe('made');
    expect(await get()).toBe('made');
    expect(makes).toBe(2);
  });
});
