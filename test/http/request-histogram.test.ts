/** The request histogram writes the same text as prom-client's own Histogram given the same observations. */
import { Histogram, Registry } from 'prom-client';
import { expect, it } from 'vitest';
import { createRequestHistogram } from '../../src/foundations/request-histogram.js';

it("scrapes exactly as prom-client's Histogram", async () => {
  const buckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  const [ours, theirs] = [new Registry(), new Registry()];
  const help = 'HTTP requests by method, route pattern and status';
  const fast = createRequestHistogram({ name: 'x_seconds', help, buckets, registry: ours });
  const reference = new Histogram({
    name: 'x_seconds',
    help,
    labelNames: ['method', 'route', 'status'] as const,
    buckets,
    registers: [theirs],
  });
  expect(await ours.metrics()).toBe(await theirs.metrics());
  let seed = 3;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const calls: [string, string, number][] = [
    ['POST', '/track', 200],
    ['GET', '/shipments/:id', 404],
    ['POST', '/track', 400],
    ['GET', 'unmatched', 404],
  ];
  for (let i = 0; i < 2_000; i++) {
    const [method, route, status] = calls[i % calls.length]!;
    // Values on the bounds too: a value equal to a bound falls in that bucket.
    const seconds = i % 7 === 0 ? buckets[i % buckets.length]! : random() ** 4 * 40;
    fast.observe(method, route, status, seconds);
    reference.observe({ method, route, status: String(status) }, seconds);
  }
  expect(await ours.metrics()).toBe(await theirs.metrics());
});
