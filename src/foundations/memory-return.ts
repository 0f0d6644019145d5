/**
 * Gives memory back once a burst of work is over. V8 shrinks a heap that grew only once its memory
 * reducer finds the allocation rate low, a rate averaged over its last ten samples, the burst's own
 * among them: after one accepted 32 MiB batch body the service kept 50–90 MB more RSS, all of it
 * garbage, for 100 s (the reducer's watchdog), whatever it did meanwhile (bench/README.md, "Memory
 * after a burst"). What a server knows better is whether it is quiet.
 *
 * Every CHECK_MS: if RSS has grown GROWTH_BYTES past the least it was lately (FLOOR_MS) and the
 * process, its threads included, used less than QUIET_CPU of a core in each of the last two
 * intervals, the young generation is collected, and PREPARE_MS later, if the process is still
 * quiet, one full collection runs (V8's own, started from a task, so a request that arrives
 * meanwhile waits one collection: tens of ms; with threads busy beside it, a collection took
 * longer). Full collections are MIN_GAP_MS apart at least, so no client can make the service
 * collect back to back; RSS that stayed up for FLOOR_MS is memory in use (a cache that filled,
 * code compiled as the service warmed up) and becomes the floor, so it is not collected for again.
 *
 * Start-up is a burst too, though RSS only grows from where this starts: what loading the modules,
 * migrating and starting the emulator left is garbage once the service listens. So the first pair
 * of collections runs at the first quiet checks whatever the growth: idle RSS 109 MB until then,
 * about 10 s in, and 94-95 MB after (V8's own reduction came 10-20 s in, and not always by 15 s).
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Log } from './logger.js';

const CHECK_MS = 2_000;
const GROWTH_BYTES = 16 * 1024 * 1024;
/** At most this share of one core used by the whole process, its threads included. */
const QUIET_CPU = 0.1;
/** Full collections start at least this far apart. */
const MIN_GAP_MS = 10_000;
/** Growth is measured from the least RSS of the last FLOOR_MS, kept as the least of each half-minute. */
const FLOOR_MS = 120_000;
const FLOOR_STEP_MS = 30_000;
/**
 * How long before a full collection the young generation is collected on its own. V8 shrinks the
 * young generation only when less than 1 MB a second was allocated since its last collection, at
 * least 5 s before: a full collection soon after a burst kept 30 MB of it (and of RSS) committed.
 */
const PREPARE_MS = 6_000;

export interface MemoryReturnDeps {
  log: Log;
  /** A collection of the young generation, or a full one (V8's, by default). */
  collect?: (type: 'minor' | 'major') => Promise<void>;
  /** The process's resident memory in bytes. */
  rss?: () => number;
  /** CPU time the process has used, its threads included, in microseconds. */
  cpu?: () => number;
  now?: () => number;
  /** Runs `check` every `ms`; returns its stop. */
  every?: (ms: number, check: () => void) => () => void;
}

export interface MemoryReturn {
  /** One check, as the timer runs it; resolves once its collection, if any, is done. */
  check(): Promise<void>;
  stop(): void;
}

export function startMemoryReturn(deps: MemoryReturnDeps): MemoryReturn {
  const collect = deps.collect ?? v8Collect();
  const rss = deps.rss ?? (() => process.memoryUsage.rss());
  const cpu =
    deps.cpu ??
    (() => {
      const used = process.cpuUsage();
      return used.user + used.system;
    });
  const now = deps.now ?? (() => performance.now());
  const floor = leastOver(FLOOR_MS, FLOOR_STEP_MS);
  floor.add(now(), rss());
  let last = { at: now(), cpu: cpu() };
  let wasQuiet = false;
  let collectedAt = -Infinity;
  /** When the young generation was collected ahead of a full collection. */
  let preparedAt: number | undefined;
  let collecting = false;

  async function check(): Promise<void> {
    if (collecting) return;
    const reading = { at: now(), cpu: cpu() };
    const share = (reading.cpu - last.cpu) / 1000 / Math.max(1, reading.at - last.at);
    last = reading;
    const quiet = share < QUIET_CPU && wasQuiet;
    wasQuiet = share < QUIET_CPU;
    const before = rss();
    // Nothing collected yet: start-up's garbage is still there (see above).
    const grown = before - floor.add(reading.at, before) >= GROWTH_BYTES || collectedAt === -Infinity;
    if (!grown || !quiet || reading.at - collectedAt < MIN_GAP_MS) {
      preparedAt = undefined;
      return;
    }
    if (preparedAt === undefined) {
      preparedAt = reading.at;
      return run('minor');
    }
    if (reading.at - preparedAt < PREPARE_MS) return;
    preparedAt = undefined;
    await run('major');
    collectedAt = now();
    deps.log.debug({ rss_before_mb: mb(before), rss_after_mb: mb(rss()) }, 'collected the garbage of a burst of work');
  }

  async function run(type: 'minor' | 'major'): Promise<void> {
    collecting = true;
    try {
      await collect(type);
    } finally {
      collecting = false;
    }
  }

  const stop = (deps.every ?? interval)(
    CHECK_MS,
    () => void check().catch((err: unknown) => deps.log.warn({ err }, 'could not collect garbage')),
  );
  return { check, stop };
}

const mb = (bytes: number) => Math.round(bytes / 1048576);

/**
 * The least value added over the last `spanMs`, as the least of each `stepMs`: a process's floor
 * forgets how small it was before it warmed up (its caches, its compiled code).
 */
function leastOver(spanMs: number, stepMs: number): { add(at: number, value: number): number } {
  const steps = new Map<number, number>();
  return {
    add(at, value) {
      const step = Math.floor(at / stepMs);
      steps.set(step, Math.min(steps.get(step) ?? Infinity, value));
      for (const s of steps.keys()) if (s <= step - spanMs / stepMs) steps.delete(s);
      return Math.min(...steps.values());
    },
  };
}

function interval(ms: number, check: () => void): () => void {
  const timer = setInterval(check, ms);
  // Never what keeps the process alive.
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * V8's collector as a function: the one `--expose-gc` gives, taken from a new context made while
 * the flag is set, so that the service needs no flag of its own to start with and its own global
 * object never has a `gc`. The context is made at the first collection, not at start-up.
 */
function v8Collect(): (type: 'minor' | 'major') => Promise<void> {
  let gc = globalThis.gc;
  return (type) => {
    if (!gc) {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as NodeJS.GCFunction;
      setFlagsFromString('--no-expose-gc');
    }
    return gc({ type, execution: 'async' });
  };
}
