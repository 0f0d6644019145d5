/**
 * Group commit: pieces of database work handed in close together are written in one transaction.
 * On SQLite every commit waits for the disk with the event loop held (about 3 ms on a plain disk),
 * so sixteen carrier answers that land together cost one wait, not sixteen. Should the shared
 * transaction fail, each piece is run again in a transaction of its own, so one bad piece fails
 * alone; a piece must therefore only write through the transaction it is given.
 */
import type { Db } from '../../storage/database.js';

type Work = (trx: Db) => Promise<void>;
interface Pending {
  work: Work;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface CommitOptions {
  /**
   * More answers of the same request are on their way (a batch's other carrier calls): the piece
   * may wait for a quiet moment, so that the write does not hold the event loop while they arrive
   * and the calls they free wait to be written to their sockets. Without it, the piece, and any
   * waiting, is written at once.
   */
  more?: boolean;
}

/**
 * A quiet moment: no piece handed in for this long. A wave of sixteen answers of a batch arrives
 * within 20 to 50 ms, each a few ms after the one before, and the next wave 200 ms later
 * (bench/README.md, sixth round).
 */
const QUIET_MS = 20;
/** Pieces that may wait are written at the latest this long after the first of them, quiet or not. */
const MAX_WAIT_MS = 100;

export function createGroupCommit(
  db: Db,
  /** A quiet moment's length, and the longest wait (tests set them). */
  timing: { quietMs: number; maxWaitMs: number } = { quietMs: QUIET_MS, maxWaitMs: MAX_WAIT_MS },
): (work: Work, options?: CommitOptions) => Promise<void> {
  let queue: Pending[] = [];
  /** What the queue waits for: two check phases (`soon`), a quiet moment, or nothing yet. */
  let scheduled: 'soon' | 'quiet' | undefined;
  let quiet: NodeJS.Timeout | undefined;
  let quietDeadline = 0;

  async function write(group: Pending[]): Promise<void> {
    if (group.length > 1) {
      try {
        await db.transaction().execute(async (trx) => {
          for (const p of group) await p.work(trx);
        });
        for (const p of group) p.resolve();
        return;
      } catch {
        // One piece spoiled the group: each alone below, so the others still commit.
      }
    }
    for (const p of group) await db.transaction().execute(p.work).then(p.resolve, p.reject);
  }

  function flush(): void {
    clearTimeout(quiet);
    quiet = undefined;
    scheduled = undefined;
    const group = queue;
    queue = [];
    void write(group);
  }

  return (work, options = {}) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ work, resolve, reject });
      if (scheduled === 'soon') return;
      if (!options.more) {
        // After the turn's other I/O callbacks have run, and one check phase later still: the
        // carrier calls started in this turn are written to their sockets by immediates of their
        // own (undici's), which the write, holding the event loop for the whole transaction on
        // SQLite, would otherwise delay by 10 to 30 ms a wave (bench/README.md, fifth round).
        clearTimeout(quiet);
        scheduled = 'soon';
        setImmediate(() => setImmediate(flush));
        return;
      }
      const now = performance.now();
      if (scheduled !== 'quiet') {
        scheduled = 'quiet';
        quietDeadline = now + timing.maxWaitMs;
      }
      clearTimeout(quiet);
      quiet = setTimeout(flush, Math.max(0, Math.min(timing.quietMs, quietDeadline - now)));
    });
}
