/** A batch as the API shows it, and the one place a batch becomes final (with its event). */
import type { BatchView } from '../../contract/batches.js';
import type { Db } from '../../storage/database.js';
import * as repo from '../../storage/repositories/batches.js';
import { recordEvent } from '../kernel/index.js';

export function batchView(b: repo.BatchRow, counts: repo.Counts): BatchView {
  return {
    id: b.id,
    status: b.status,
    created: b.created_at,
    ...(b.completed_at ? { completed: b.completed_at } : {}),
    reference: b.reference,
    label_type: b.label_type,
    counts,
  };
}

export async function viewOf(db: Db, b: repo.BatchRow): Promise<BatchView> {
  return batchView(b, (await repo.countsOf(db, [b.id])).get(b.id)!);
}

/**
 * Called after an item settles: when nothing is queued or in progress any more, the batch becomes
 * completed (or completed_with_errors) and batch.completed is recorded, once, by whichever worker
 * or instance wins the conditional update.
 */
export async function finishIfDone(db: Db, batchId: string, now: Date): Promise<void> {
  if (await repo.hasRemaining(db, batchId)) return;
  await db.transaction().execute(async (trx) => {
    const counts = (await repo.countsOf(trx, [batchId])).get(batchId)!;
    if (counts.queued + counts.in_progress > 0) return;
    const status = counts.failed > 0 ? 'completed_with_errors' : 'completed';
    if (!(await repo.finishBatch(trx, batchId, status, now.toISOString()))) return;
    const b = await repo.getBatchById(trx, batchId);
    await recordEvent(trx, { tenant: b.tenant, type: 'batch.completed', data: batchView(b, counts), at: now });
  });
}
