/**
 * Group commit: pieces of database work handed in during the same turn of the event loop are
 * written in one transaction. On SQLite every commit waits for the disk with the event loop held
 * (about 3 ms on a plain disk), so sixteen carrier answers that land together cost one wait, not
 * sixteen. Should the shared transaction fail, each piece is run again in a transaction of its own,
 * so one bad piece fails alone; a piece must therefore only write through the transaction it is given.
 */
import type { Db } from '../../storage/database.js';

type Work = (trx: Db) => Promise<void>;
interface Pending {
  work: Work;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export function createGroupCommit(db: Db): (work: Work) => Promise<void> {
  let queue: Pending[] = [];

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

  return (work) =>
    new Promise<void>((resolve, reject) => {
      // The first piece of a turn schedules the write after the turn's other I/O callbacks have run,
      // and one check phase later still: the carrier calls started in this turn are written to their
      // sockets by immediates of their own (undici's), which the write, holding the event loop for
      // the whole transaction on SQLite, would otherwise delay by 10 to 30 ms a wave (bench/README.md).
      if (queue.push({ work, resolve, reject }) === 1)
        setImmediate(() =>
          setImmediate(() => {
            const group = queue;
            queue = [];
            void write(group);
          }),
        );
    });
}
