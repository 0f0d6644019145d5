/** POST /batches/{id}/retry and POST /batches/{id}/cancel: a batch's items changed as a whole. */
import type { BatchView } from '../../contract/batches.js';
import type { AuditContext } from '../../domain/audit.js';
import { ApiError } from '../../domain/errors.js';
import { timeSlicer } from '../../foundations/time-slice.js';
import * as repo from '../../storage/repositories/batches.js';
import { recordAudit } from '../audit/index.js';
import { recordEvent } from '../kernel/index.js';
import { findBatch, type BatchesDeps } from './batches-deps.js';
import { readBatch } from './read-batches.js';
import { viewOf } from './state.js';

/** Failed items back in the queue; the batch is in progress again and completes (with its event) again. */
export async function retryBatch(
  deps: BatchesDeps,
  tenant: string,
  id: string,
  opts: { includeInterrupted: boolean; indexes?: number[] },
): Promise<BatchView> {
  const { db, clock } = deps;
  const b = await findBatch(db, tenant, id);
  if (b.status === 'cancelled')
    throw new ApiError('conflict', `batch ${id} was cancelled; its items cannot be retried`, id);
  const now = clock.now().toISOString();
  const slice = timeSlicer();
  await db.transaction().execute(async (trx) => {
    if ((await repo.requeueFailed(trx, id, b.total, { ...opts, at: now }, slice)) > 0)
      await repo.setBatchStatus(trx, id, 'in_progress', null);
  });
  return readBatch(deps, tenant, id);
}

/** Queued items become cancelled; items being booked finish, booked labels stay booked. */
export async function cancelBatch(deps: BatchesDeps, tenant: string, id: string, by: AuditContext): Promise<BatchView> {
  const { db, clock } = deps;
  const b = await findBatch(db, tenant, id);
  if (b.status !== 'queued' && b.status !== 'in_progress')
    throw new ApiError('conflict', `batch ${id} is ${b.status}; only a queued or running batch can be cancelled`, id);
  const now = clock.now();
  const slice = timeSlicer();
  await db.transaction().execute(async (trx) => {
    await repo.cancelQueued(trx, id, b.total, now.toISOString(), slice);
    await repo.setBatchStatus(trx, id, 'cancelled', now.toISOString());
    const view = await viewOf(trx, { ...b, status: 'cancelled', completed_at: now.toISOString() });
    await recordEvent(trx, { tenant, type: 'batch.completed', data: view, at: now });
    await recordAudit(trx, by, { action: 'batch.cancelled', resource: { id }, at: now });
  });
  return readBatch(deps, tenant, id);
}
