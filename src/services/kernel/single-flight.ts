/**
 * One run per key at a time on this instance: a caller that finds a run of its key in flight shares
 * it instead of starting another (concurrent voids of one return make one refund, one event).
 */
export function createSingleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return (key: string, run: () => Promise<T>): Promise<T> => {
    let flight = running.get(key);
    if (!flight) running.set(key, (flight = run().finally(() => running.delete(key))));
    return flight;
  };
}
