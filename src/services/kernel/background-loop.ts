/**
 * A loop run in the background of `waybill serve`: `step` runs, then again at once when it says
 * there is more to do, else after `idleMs`. Failures are logged and retried on the next turn, so a
 * database hiccup never stops the loop. Work a step starts without awaiting it goes through
 * `spawn`: the loop counts it, runs a step again when it settles, and stop() ends the loop and waits
 * for the step in progress and every spawned piece of work.
 */
import type { Log } from '../../foundations/logger.js';

export interface BackgroundLoop {
  /** Run a step soon (work was just made available). */
  nudge(): void;
  /** Work started by a step and left running: counted in `inFlight`, awaited by stop(). */
  spawn(work: Promise<void>, onError: (err: unknown) => void): void;
  /** How many spawned pieces of work are still running. */
  readonly inFlight: number;
  stop(): Promise<void>;
}

export function startLoop(
  name: string,
  step: () => Promise<boolean>,
  opts: {
    idleMs: number;
    log: Log;
    /** Told the count of spawned work whenever it changes (metrics). */ onInFlight?: (n: number) => void;
  },
): BackgroundLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const active = new Set<Promise<void>>();

  const schedule = (ms: number) => {
    if (stopped || running) return;
    clearTimeout(timer);
    timer = setTimeout(turn, ms);
    // A pending turn never keeps the process alive on its own.
    timer.unref();
  };

  function turn(): void {
    timer = undefined;
    if (stopped || running) return;
    running = (async () => {
      let more = false;
      try {
        more = await step();
      } catch (err) {
        opts.log.error({ err, loop: name }, `${name} failed; retrying`);
      }
      running = undefined;
      const soon = more || again;
      again = false;
      schedule(soon ? 0 : opts.idleMs);
    })();
  }

  function nudge(): void {
    if (running) again = true;
    else schedule(0);
  }

  schedule(0);
  return {
    nudge,
    spawn(work, onError) {
      const p: Promise<void> = work.catch(onError).finally(() => {
        active.delete(p);
        opts.onInFlight?.(active.size);
        nudge();
      });
      active.add(p);
      opts.onInFlight?.(active.size);
    },
    get inFlight() {
      return active.size;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await Promise.all(active);
    },
  };
}
