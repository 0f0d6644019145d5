/**
 * POST /batches: a batch is stored with its items queued and answered at once; the batch worker
 * (worker.ts) books them in the background. Items are checked one by one first (check-items.ts).
 */
import type { BatchInput, BatchView, CsvQuery } from '../../contract/batches.js';
import type { AuditContext } from '../../domain/audit.js';
import { timeSlicer } from '../../foundations/time-slice.js';
import { newId } from '../../storage/ids.js';
import * as repo from '../../storage/repositories/batches.js';
import { recordAudit } from '../audit/index.js';
import type { BatchesDeps } from './batches-deps.js';
import { checkItems } from './check-items.js';
import type { NewItem } from './csv-items.js';
import { csvSender } from './csv-sender.js';
import { readCsvItems } from './csv-thread.js';
import { jsonItems } from './input.js';
import { finishIfDone, viewOf } from './state.js';

export interface NewBatch {
  items: NewItem[];
  label_type?: string;
  reference?: string;
  source: 'json' | 'csv';
}

/** Stores the batch with every item queued (or failed when it cannot be booked as given). */
export async function createBatch(
  deps: BatchesDeps,
  tenant: string,
  spec: NewBatch,
  by: AuditContext,
): Promise<BatchView> {
  const { db, clock } = deps;
  const now = clock.now().toISOString();
  const id = newId('bat');
  // The items' rows are made from their checked texts as they are inserted, a chunk at a time; the
  // checks and the inserts share one time slicer, giving the event loop its turns.
  const slice = timeSlicer();
  const checked = await checkItems(deps.accounts, tenant, spec.items, spec.label_type, slice);
  const rowOf = (idx: number): repo.BatchItemRow => {
    const { error, lane, reference } = checked[idx]!;
    return {
      batch_id: id,
      idx,
      tenant,
      row: spec.items[idx]!.row ?? null,
      reference,
      carrier: lane,
      input: spec.items[idx]!.text,
      status: error ? 'failed' : 'queued',
      attempt: 1,
      queued_at: now,
      lease_owner: null,
      lease_until: null,
      shipment_id: null,
      label_ids: null,
      error: error ? { code: error.code, message: error.message, detail: error.detail } : null,
      updated_at: now,
    };
  };
  const batch: repo.BatchRow = {
    id,
    tenant,
    status: 'queued',
    reference: spec.reference ?? null,
    label_type: spec.label_type ?? null,
    source: spec.source,
    total: spec.items.length,
    created_at: now,
    completed_at: null,
  };
  const refused = checked.filter((c) => c.error).length;
  // Stored over many short transactions, the batch seen (and its items booked) only once the last
  // is stored, with its audit entry. A store that fails leaves what a crash would: the batch worker removes it later.
  await repo.storeBatch(db, batch, spec.items.length, rowOf, slice);
  await db.transaction().execute(async (trx) => {
    await repo.publishBatch(trx, batch);
    await recordAudit(trx, by, {
      action: 'batch.started',
      resource: { id },
      changes: {
        source: spec.source,
        items: spec.items.length,
        refused,
        ...(spec.reference ? { reference: spec.reference } : {}),
      },
      at: new Date(now),
    });
  });
  // A batch whose every item failed its checks is finished already.
  if (checked.every((c) => c.error)) await finishIfDone(db, id, clock.now());
  return viewOf(db, (await repo.getBatch(db, tenant, id))!);
}

export function createBatchFromJson(
  deps: BatchesDeps,
  tenant: string,
  input: BatchInput,
  by: AuditContext,
): Promise<BatchView> {
  return createBatch(
    deps,
    tenant,
    {
      items: jsonItems(input),
      source: 'json',
      ...(input.label_type ? { label_type: input.label_type } : {}),
      ...(input.reference ? { reference: input.reference } : {}),
    },
    by,
  );
}

/** The file is read once the query is known to be right: a wrong account refuses it unread. */
export async function createBatchFromCsv(
  deps: BatchesDeps,
  tenant: string,
  file: AsyncIterable<Buffer>,
  q: CsvQuery,
  by: AuditContext,
): Promise<BatchView> {
  const account = await csvSender(deps.accounts, tenant, q);
  const items = await readCsvItems(tenant, file, {
    ...q,
    sender: account.billing_address as unknown as Record<string, unknown>,
  });
  return createBatch(
    deps,
    tenant,
    {
      items,
      source: 'csv',
      ...(q.label_type ? { label_type: q.label_type } : {}),
      ...(q.reference ? { reference: q.reference } : {}),
    },
    by,
  );
}
