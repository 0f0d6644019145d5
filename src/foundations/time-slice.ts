/**
 * Long synchronous work cut into slices: `await slice()` between steps gives the event loop a turn
 * (a macrotask, so that I/O and timers run, not only promises) once the work has held it for
 * `budgetMs`. A 10,000-item batch is read, checked and stored this way, so that no request waits
 * behind it for longer than a slice.
 */
export const SLICE_MS = 10;

export function timeSlicer(budgetMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/** Two check phases later: after the immediates queued by what runs meanwhile (a socket write of undici's). */
export const afterNextTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
