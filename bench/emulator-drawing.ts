/**
 * How long the built-in emulator's label drawing holds the event loop of the process it runs in
 * (bench/README.md "The emulator's drawing and the event loop"). A shipment's labels are drawn as
 * the emulator draws them (all at once, Promise.all), on the event loop (drawing/labels.ts called
 * directly: the code before) and on the drawing threads (drawing/index.ts: what the emulator
 * calls now), alternately in one process, while a 1 ms interval timer records the longest gap
 * between its turns.
 * Usage: npx tsx bench/emulator-drawing.ts   (BENCH_ROUNDS, default 3)
 */
import { renderLabel as onThreads } from '../src/documents/drawing/index.js';
import {
  labelStock,
  renderLabel as onLoop,
  type LabelData,
  type LabelFormat,
} from '../src/documents/drawing/labels.js';
import { fmt } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const data = (i: number): LabelData => ({
  trackingNumber: `1Z999AA1${String(i).padStart(10, '0')}`,
  service: 'GROUND',
  from: ['ANN SENDER', '1 MAIN ST', 'MEMPHIS TN 38117', 'US'],
  to: ['BOB', '5 FIFTH AVE', 'NEW YORK NY 10001', 'US'],
  weight: '2 LB',
  shipDate: '2026-11-28',
  piece: `${i + 1} OF 200`,
  note: 'TEST LABEL - DO NOT SHIP',
});
const cases: { name: string; format: LabelFormat; count: number }[] = [
  { name: '200 PDF labels (carrier_b, carrier_a)', format: 'PDF', count: 200 },
  { name: '99 PNG labels (carrier_c)', format: 'PNG', count: 99 },
];

/** The longest gap between turns of a 1 ms timer while `work` runs, and the work's time. */
async function measure(work: () => Promise<unknown>): Promise<{ gap: number; ms: number }> {
  let last = performance.now();
  let gap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  gap = Math.max(gap, performance.now() - last);
  clearInterval(timer);
  return { gap, ms };
}

const stock = labelStock(4, 6);
for (const c of cases) {
  // Warm-up: the libraries loaded, the threads started.
  await onLoop(c.format, stock, data(0));
  await Promise.all([onThreads(c.format, stock, data(0)), onThreads(c.format, stock, data(1))]);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [way, draw] of [
      ['event loop', onLoop],
      ['threads', onThreads],
    ] as const) {
      const { gap, ms } = await measure(() =>
        Promise.all(Array.from({ length: c.count }, (_, i) => draw(c.format, stock, data(i)))),
      );
      console.log(`${c.name}, ${way}, round ${round}: longest gap ${fmt(gap, 0)} ms, drawn in ${fmt(ms, 0)} ms`);
    }
  }
}
process.exit(0);
