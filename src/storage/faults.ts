/**
 * Storage that cannot be reached or written, as one answer: the database's driver errors that say
 * the database is gone (PostgreSQL killed, restarting, refusing connections) or its disk is full
 * become `service_unavailable` with a Retry-After, in the words /readyz uses, instead of an
 * unexplained 500. Every query goes through `guardDialect`, so no caller has to recognise a driver's
 * errors itself.
 */
import type { DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { ApiError } from '../domain/errors.js';

/** What /readyz and every request that could not reach the database say. */
export const STORAGE_UNREACHABLE = 'The database is unreachable';
/** What they say while the database cannot be written for want of space. */
export const STORAGE_FULL = 'The database cannot be written: its disk is full';
/** What they say when the disk under SQLite fails to read or write. */
const STORAGE_FAILING = 'The database cannot be read or written: its storage failed';

/** A database that went away is usually back within seconds (a restart, a failover). */
export const STORAGE_RETRY_AFTER_SEC = 5;

// A socket that never connected or was cut.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);
// PostgreSQL's SQLSTATEs of a server shutting down, crashed or still starting (class 08 is every
// connection exception; 53300 is too many connections).
const POSTGRES_GONE = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres says these in words only, without a code.
const CUT_OFF =
  /^(Connection terminated|Client was closed|Client has encountered a connection error|timeout exceeded when trying to connect)/;

export type StorageFault = 'unreachable' | 'full' | 'failing';

/** Which storage fault a driver's error is, if it is one. */
export function storageFaultOf(err: unknown): StorageFault | undefined {
  if (!(err instanceof Error)) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code === 'SQLITE_FULL' || code === '53100') return 'full';
    if (code.startsWith('SQLITE_IOERR')) return 'failing';
    if (NETWORK_CODES.has(code) || POSTGRES_GONE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unreachable';
  }
  return CUT_OFF.test(err.message) ? 'unreachable' : undefined;
}

/** Whether `err` (a driver's error, or the ApiError made of one) says the database cannot be reached. */
export function isStorageUnreachable(err: unknown): boolean {
  if (err instanceof ApiError) return err.code === 'service_unavailable' && err.message === STORAGE_UNREACHABLE;
  return storageFaultOf(err) === 'unreachable';
}

export function storageError(fault: StorageFault, cause?: unknown): ApiError {
  const message = fault === 'full' ? STORAGE_FULL : fault === 'failing' ? STORAGE_FAILING : STORAGE_UNREACHABLE;
  return new ApiError('service_unavailable', message, 'storage', { retryAfter: STORAGE_RETRY_AFTER_SEC, cause });
}

export interface StorageGuard {
  /** Told of every storage fault a query met (SQLite's disk full makes /readyz fail until it is over). */
  onFault?(fault: StorageFault): void;
  /** A transaction was committed: writing works. */
  onCommit?(): void;
  /**
   * Whether the connection still has a transaction to roll back: SQLite rolls back by itself on a
   * full disk, and a ROLLBACK then fails with "no transaction is active", hiding the real failure.
   */
  inTransaction?(): boolean;
}

// Awaited inside a try: SQLite's driver throws before it returns a promise (a statement outside a
// transaction that meets a full disk), which a .catch on the returned promise never sees.
async function guarded<T>(guard: StorageGuard, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const fault = storageFaultOf(err);
    if (!fault) throw err;
    guard.onFault?.(fault);
    throw storageError(fault, err);
  }
}

function guardConnection(connection: DatabaseConnection, guard: StorageGuard): DatabaseConnection {
  return {
    executeQuery: <R>(query: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> =>
      guarded(guard, () => connection.executeQuery<R>(query)),
    async *streamQuery<R>(
      query: Parameters<DatabaseConnection['streamQuery']>[0],
      chunkSize?: number,
    ): AsyncIterableIterator<QueryResult<R>> {
      try {
        yield* connection.streamQuery<R>(query, chunkSize);
      } catch (err) {
        const fault = storageFaultOf(err);
        if (!fault) throw err;
        guard.onFault?.(fault);
        throw storageError(fault, err);
      }
    },
  };
}

/** The driver of `dialect` with its storage faults answered as ApiErrors (see the top of this file). */
export function guardDialect(dialect: Dialect, guard: StorageGuard): Dialect {
  // The driver's own connection of each guarded one, which its methods (PostgreSQL's release) need.
  const outerOf = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const innerOf = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inner = (c: DatabaseConnection) => innerOf.get(c) ?? c;
  return {
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      const driverWith: Driver = {
        init: () => guarded(guard, () => driver.init()),
        async acquireConnection() {
          const connection = await guarded(guard, () => driver.acquireConnection());
          let outer = outerOf.get(connection);
          if (!outer) {
            outer = guardConnection(connection, guard);
            outerOf.set(connection, outer);
            innerOf.set(outer, connection);
          }
          return outer;
        },
        beginTransaction: (c, settings) => guarded(guard, () => driver.beginTransaction(inner(c), settings)),
        commitTransaction: async (c) => {
          await guarded(guard, () => driver.commitTransaction(inner(c)));
          guard.onCommit?.();
        },
        rollbackTransaction: async (c) => {
          if (guard.inTransaction?.() === false) return;
          try {
            await driver.rollbackTransaction(inner(c));
          } catch (err) {
            // A connection that is gone has no transaction left to roll back; the failure that
            // led here is the one to report, not this one.
            if (!storageFaultOf(err)) throw err;
          }
        },
        releaseConnection: (c) => driver.releaseConnection(inner(c)),
        destroy: () => driver.destroy(),
      };
      if (driver.savepoint)
        driverWith.savepoint = (c, name, compile) => guarded(guard, () => driver.savepoint!(inner(c), name, compile));
      if (driver.rollbackToSavepoint)
        driverWith.rollbackToSavepoint = (c, name, compile) =>
          guarded(guard, () => driver.rollbackToSavepoint!(inner(c), name, compile));
      if (driver.releaseSavepoint)
        driverWith.releaseSavepoint = (c, name, compile) =>
          guarded(guard, () => driver.releaseSavepoint!(inner(c), name, compile));
      return driverWith;
    },
  };
}
