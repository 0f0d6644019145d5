/**
 * At most `limit` tasks at once; the rest wait in arrival order. A task may hand its slot on before
 * it ends (`release`): a carrier call's slot once its answer is read, before the answer is decoded.
 */
export interface Limiter {
  run<T>(task: (release: () => void) => Promise<T>): Promise<T>;
}

export function createLimiter(limit: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      // A finishing task hands its slot straight to the next waiter, so a newcomer arriving in
      // between can never push the count past the limit.
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        const wake = waiting.shift();
        if (wake) wake();
        else active--;
      };
      try {
        return await task(release);
      } finally {
        release();
      }
    },
  };
}

/** `fn` over every item, at most `limit` at once; the results in the items' order. */
export function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const limiter = createLimiter(limit);
  return Promise.all(items.map((item, i) => limiter.run(() => fn(item, i))));
}
