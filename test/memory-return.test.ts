/**
 * Memory given back after a burst (src/foundations/memory-return.ts): collections run once RSS grew 16 MB past
 * the least it was lately and the process was quiet for two checks (the young generation, then
 * everything 6 s later); not while it is busy, not twice within 10 s, and not at all once RSS has
 * stayed up two minutes. What start-up left is collected at the first quiet checks, grown or not. The readings are made up here; the default collector is V8's own,
 * run for real.
 */
import { describe, expect, it } from 'vitest';
import { startMemoryReturn } from '../src/foundations/memory-return.js';

const MB = 1024 * 1024;
const silent = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };

function harness() {
  // busy: the share of one core the process uses while the time goes on.
  const state = { rss: 100 * MB, busy: 0, cpuUs: 0, now: 0, minors: 0, collections: 0, freed: 0 };
  const memory = startMemoryReturn({
    log: silent,
    rss: () => state.rss,
    cpu: () => state.cpuUs,
    now: () => state.now,
    collect: async (type) => {
      if (type === 'minor') return void (state.minors += 1);
      state.collections += 1;
      state.rss -= state.freed;
    },
    every: () => () => {},
  });
  /** `ms` go by, then the timer's check runs. */
  const after = async (ms: number) => {
    state.now += ms;
    state.cpuUs += state.busy * ms * 1000;
    await memory.check();
  };
  /** A check every second until `end`, `each` first; when the full collections ran. */
  const times = async (end: number, each: () => void = () => {}) => {
    const at: number[] = [];
    while (state.now < end) {
      each();
      const before = state.collections;
      await after(1_000);
      if (state.collections > before) at.push(state.now);
    }
    return at;
  };
  /** Two busy checks (half a core), then one quiet one: not yet quiet for two checks. */
  const busyThenQuiet = async () => {
    state.busy = 0.5;
    await after(2_000);
    await after(2_000);
    state.busy = 0.02;
    await after(2_000);
  };
  /** The start-up's collections (the first quiet checks) and 10 s after them, the counts set back. */
  const startedUp = async () => {
    await after(2_000);
    await after(2_000);
    await after(6_000);
    expect([state.minors, state.collections]).toEqual([1, 1]);
    await after(10_000);
    Object.assign(state, { minors: 0, collections: 0 });
  };
  return { state, after, times, startedUp, busyThenQuiet };
}

describe('memory given back after a burst', () => {
  it('collects what start-up left at the first quiet checks, though RSS did not grow, and then only after a burst', async () => {
    const { state, after, busyThenQuiet } = harness();
    await busyThenQuiet();
    expect(state.minors).toBe(0);
    await after(2_000);
    expect([state.minors, state.collections]).toEqual([1, 0]);
    await after(6_000);
    expect([state.minors, state.collections]).toEqual([1, 1]);
    for (let i = 0; i < 30; i++) await after(2_000);
    expect([state.minors, state.collections]).toEqual([1, 1]);
  });

  it('collects the young generation once RSS grew 16 MB and the process was quiet for two checks, then everything 6 s later', async () => {
    const { state, after, startedUp } = harness();
    await startedUp();
    await after(2_000);
    state.rss += 15 * MB;
    await after(2_000);
    expect(state.minors).toBe(0);
    state.rss += 2 * MB;
    state.freed = 17 * MB;
    await after(2_000);
    expect([state.minors, state.collections]).toEqual([1, 0]);
    await after(4_000);
    expect(state.collections).toBe(0);
    await after(2_000);
    expect([state.minors, state.collections]).toEqual([1, 1]);
    expect(state.rss).toBe(100 * MB);
  });

  it('waits while the process is busy (its threads included), and starts over when it gets busy in between', async () => {
    const { state, after, startedUp, busyThenQuiet } = harness();
    await startedUp();
    state.rss += 60 * MB;
    await busyThenQuiet();
    expect(state.minors).toBe(0);
    await after(2_000);
    expect(state.minors).toBe(1);
    state.busy = 0.5;
    await after(6_000);
    state.busy = 0.02;
    await after(2_000);
    expect(state.collections).toBe(0);
    await after(2_000);
    expect(state.minors).toBe(2);
    await after(6_000);
    expect(state.collections).toBe(1);
  });

  it('waits 10 s between full collections, and takes RSS that stayed up two minutes as the floor', async () => {
    const { state, after, times, startedUp } = harness();
    await startedUp();
    await after(1_000);
    state.rss += 40 * MB;
    expect(await times(260_000)).toEqual([28_000, 44_000, 60_000, 76_000, 92_000, 108_000]);
  });

  it('measures growth from the least RSS it saw lately', async () => {
    const { state, after, startedUp } = harness();
    await startedUp();
    state.rss -= 30 * MB;
    await after(2_000);
    state.rss += 20 * MB;
    await after(2_000);
    expect(state.minors).toBe(1);
  });

  it("runs V8's collector without giving the service a global gc, and stops its timer", async () => {
    let rss = 100 * MB;
    let stopped = false;
    let at = 0;
    const memory = startMemoryReturn({
      log: silent,
      rss: () => rss,
      cpu: () => 0,
      now: () => (at += 2_000),
      every: () => () => void (stopped = true),
    });
    rss += 64 * MB;
    await memory.check();
    await memory.check();
    expect(globalThis.gc).toBeUndefined();
    memory.stop();
    expect(stopped).toBe(true);
  });
});
