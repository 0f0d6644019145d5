/**
 * The SQLite write-ahead log copied back into the database file off the event loop. Left to itself,
 * SQLite does it inside whichever COMMIT takes the log past 1,000 pages (4 MB): that commit writes
 * and syncs 4 MB on the event loop (a 114 ms COMMIT, profiled under load while a 10,000-item batch
 * was stored). Here the service's connection leaves it to a worker thread with a connection of its
 * own, which checkpoints PASSIVE (it never waits for a writer, nor holds one up) whenever the log
 * file has grown past CHECKPOINT_BYTES, looked at every CHECK_MS. The service's connection
 * truncates the log back to that size when it starts it over (journal_size_limit), so its size on
 * disk says whether it grew. The thread starts with the first checkpoint: a service that never
 * writes 4 MB never starts one. SQLite still checkpoints by itself past BACKSTOP_PAGES, should the
 * thread fall behind or fail to start.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

export const CHECKPOINT_BYTES = 4 * 1024 * 1024;
const CHECK_MS = 250;
/** 64 MB of 4 KiB pages: far past where the thread checkpoints, and still a bound on the log. */
const BACKSTOP_PAGES = 16_384;

// A script, not a module of the bundle: the thread needs nothing but the driver, named by its path.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
parentPort.on('message', () => {
  try {
    parentPort.postMessage(db.pragma('wal_checkpoint(PASSIVE)')[0]);
  } catch (err) {
    parentPort.postMessage({ error: String(err) });
  }
});
`;

export interface Checkpointer {
  /** Checkpoints now if the log is past its size, as the timer would (for tests). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** `script`: what the thread runs (a test hands in one that fails). */
export function startCheckpointer(sqlite: SqliteDatabase.Database, file: string, script = THREAD): Checkpointer {
  sqlite.pragma(`journal_size_limit = ${CHECKPOINT_BYTES}`);
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  let thread: Worker | undefined;
  let running: Promise<void> | undefined;
  let failed = false;
  let closing = false;

  // A thread that cannot start or stops on its own leaves the checkpoints to SQLite again, inside
  // the commits. Called from a timer or an event: it must never throw.
  const fallBack = () => {
    if (failed) return;
    failed = true;
    try {
      if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    } catch {
      // The database is closing: nothing is left to checkpoint.
    }
  };

  const start = (): Worker | undefined => {
    try {
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      const w = new Worker(script, { eval: true, workerData: { driver, file } });
      w.unref();
      w.once('error', fallBack).once('exit', () => closing || fallBack());
      return w;
    } catch {
      fallBack();
      return undefined;
    }
  };

  const check = (): Promise<void> => {
    if (running || failed || logBytes(file) <= CHECKPOINT_BYTES) return running ?? Promise.resolve();
    thread ??= start();
    const w = thread;
    if (!w) return Promise.resolve();
    running = new Promise<void>((resolve) => {
      const done = () => {
        w.off('message', done).off('error', done).off('exit', done);
        running = undefined;
        resolve();
      };
      w.once('message', done).once('error', done).once('exit', done);
      w.postMessage('checkpoint');
    });
    return running;
  };

  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();
  return {
    check,
    async close() {
      closing = true;
      clearInterval(timer);
      await running;
      await thread?.terminate();
    },
  };
}

function logBytes(file: string): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}
