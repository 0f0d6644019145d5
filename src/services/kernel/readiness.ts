/**
 * Whether this instance may take traffic (/readyz): its database answers and its schema is up to
 * date. A balancer sends traffic only while it is; it never restarts the process for it.
 */
import { ApiError } from '../../domain/errors.js';
import type { Database } from '../../storage/database.js';
import { STORAGE_UNREACHABLE } from '../../storage/faults.js';
import { pendingMigrations } from '../../storage/migrations/index.js';

/** Why the instance is not ready: the message to answer with, and the fault behind it when there was one. */
export interface NotReady {
  message: string;
  err?: unknown;
}

/** Nothing when ready. */
export async function checkReadiness(database: Database): Promise<NotReady | undefined> {
  let pending: string[];
  try {
    await database.ping();
    pending = await pendingMigrations(database);
  } catch (err) {
    // In the words every request that meets the same fault is answered with (storage/faults.ts).
    return { err, message: err instanceof ApiError ? err.message : STORAGE_UNREACHABLE };
  }
  if (pending.length > 0)
    return {
      message: `The database schema is not up to date: run waybill migrate (${pending.length} migrations pending)`,
    };
  return undefined;
}
