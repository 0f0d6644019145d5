/**
 * A loop run in the background of `waybill serve`: `step` runs, then again at once when it says
 * there is more to do, else after `idleMs`. Failures are logged and retried on the next turn, so a
 * database hiccup never stops the loop. stop() ends it and waits for the step in progress.
 */
import type { Log } from '../logger.js';

export interface BackgroundLoop {
  /** Run a step soon (work was just made available). */
  nudge(): void;
  stop(): Promise<void>;
}

export function startLoop(name: string, step: () => Promise<boolean>, opts: { idleMs: number; log: Log }): BackgroundLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

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

  schedule(0);
  return {
    nudge() {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
