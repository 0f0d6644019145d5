/**
 * createDatabase(url): a file path, `sqlite:<path>` or `:memory:` → SQLite (WAL, one process);
 * `postgres://…` → PostgreSQL (a pool; any number of service instances may share it).
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { startCheckpointer } from './checkpointer.js';
import { guardDialect, storageError, storageFaultOf, type StorageFault } from './faults.js';
import type { Tables } from './tables.js';

export type Dialect = 'sqlite' | 'postgres';

/** The database handle (or a transaction on it) that repositories take; its table types stay in storage/. */
export type Db = Kysely<Tables>;

export interface Database {
  db: Kysely<Tables>;
  dialect: Dialect;
  /** Cheap round trip for /readyz: throws the storage fault (an ApiError) while writes cannot succeed. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export function createDatabase(url: string, opts: { poolSize?: number } = {}): Database {
  if (isPostgresUrl(url)) {
    // The driver loads with the first query: an instance on SQLite never loads it at all.
    let opened: Promise<import('pg').Pool> | undefined;
    const pool = () =>
      (opened ??= import('pg').then(({ default: pg }) => {
        const p = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
        // A client that loses its server must not crash the process: an idle one tells the pool,
        // and one checked out (between a transaction's queries, say) tells the client itself,
        // where nothing else listens. Its query, if any, fails on its own; the pool drops the
        // client when it is released, and the next query connects anew.
        p.on('error', () => {});
        p.on('connect', (client) => client.on('error', () => {}));
        return p;
      }));
    const db = new Kysely<Tables>({ dialect: guardDialect(new PostgresDialect({ pool }), {}) });
    return {
      db,
      dialect: 'postgres',
      ping: async () => {
        try {
          await (await pool()).query('select 1');
        } catch (err) {
          throw storageError(storageFaultOf(err) ?? 'unreachable', err);
        }
      },
      close: () => db.destroy(),
    };
  }
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
  if (file !== ':memory:') ownerOnly(file);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // WAL + NORMAL survives a killed process without losing a committed transaction (only an OS crash
  // could drop the last ones); FULL keeps even those, at a cost we accept for bookings.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // SQLite's own default page cache, 2 MB: better-sqlite3 builds it with 16 MB, which booking a
  // 10,000-item batch fills, about 12 MB more resident for pages the operating system caches
  // anyway. The list and booking benchmarks measured no difference (bench/README.md "Batches").
  sqlite.pragma('cache_size = -2000');
  // The log is copied into the database file by a thread of its own, not inside a commit.
  const checkpointer = file === ':memory:' ? undefined : startCheckpointer(sqlite, file);
  // A write that failed for want of space (or on failing storage) keeps /readyz failing until a
  // commit succeeds or the disk has room again: reads still work, so `select 1` alone would say ready.
  let writeFault: StorageFault | undefined;
  const db = new Kysely<Tables>({
    dialect: guardDialect(new SqliteDialect({ database: sqlite }), {
      onFault: (fault) => {
        if (fault !== 'unreachable') writeFault = fault;
      },
      onCommit: () => {
        writeFault = undefined;
      },
      inTransaction: () => sqlite.inTransaction,
    }),
  });
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      try {
        sqlite.prepare('select 1').get();
      } catch (err) {
        throw storageError(storageFaultOf(err) ?? 'failing', err);
      }
      if (writeFault && file !== ':memory:' && freeBytes(file) >= ROOM_TO_WRITE) writeFault = undefined;
      if (writeFault) throw storageError(writeFault);
    },
    close: async () => {
      await checkpointer?.close();
      await db.destroy();
    },
  };
}

/** Free space that lets writes be tried again after a full disk: a few batches' worth of pages. */
const ROOM_TO_WRITE = 1024 * 1024;

function freeBytes(file: string): number {
  try {
    const fs = statfsSync(dirname(file));
    return fs.bavail * fs.bsize;
  } catch {
    return 0;
  }
}

/**
 * The database holds sealed credentials, addresses and the hashes of keys: readable by the
 * service's user alone, like the key file beside it. A directory made here is 0700 (one that exists
 * is the operator's and left as it is), the file is created 0600, and SQLite gives its -wal and
 * -shm files the mode of the database. A database an earlier version left readable to others is
 * made 0600 with the journal files it left, when this user may change it.
 */
function ownerOnly(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync(f).mode & 0o077) !== 0) chmodSync(f, 0o600);
    } catch {
      // Absent (no journal left), or owned by another user: then the operator arranged it so.
    }
  }
}
