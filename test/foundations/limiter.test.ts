/** The limiter: at most `limit` tasks at once, and a task that hands its slot on before it ends. */
import { expect, it } from 'vitest';
import { createLimiter } from '../../src/foundations/limiter.js';

/** A promise and its resolver, to end a task when the test says so. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

it('starts the next waiting task once a running one releases its slot, before that one ends', async () => {
  const limiter = createLimiter(1);
  const started: string[] = [];
  const first = gate();
  const second = gate();
  const third = gate();
  const a = limiter.run(async (release) => {
    started.push('a');
    release();
    release(); // a second release frees nothing more
    await first.promise;
  });
  const b = limiter.run(async () => {
    started.push('b');
    await second.promise;
  });
  const c = limiter.run(async () => {
    started.push('c');
    await third.promise;
  });
  await turn();
  expect(started).toEqual(['a', 'b']);
  // a ends after its release: its slot is b's, and c still waits for b.
  first.open();
  await a;
  await turn();
  expect(started).toEqual(['a', 'b']);
  second.open();
  await b;
  await turn();
  expect(started).toEqual(['a', 'b', 'c']);
  third.open();
  await c;
});
