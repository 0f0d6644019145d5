/**
 * Batches, the face: binds the dependencies to the use cases, each a named function of its own:
 * createBatchFromJson and createBatchFromCsv (create-batch.ts), readBatch, listBatches and
 * listBatchItems (read-batches.ts), retryBatch and cancelBatch (change-batch.ts), manifestBatch
 * (manifest-batch.ts), batchLabels (labels.ts: the print file). The batch worker books the items
 * (worker.ts, with bookBatchItem and recoverBatchItem of booking.ts).
 */
import { bind } from '../../foundations/bind.js';
import type { BatchesDeps } from './batches-deps.js';
import { cancelBatch, retryBatch } from './change-batch.js';
import { createBatchFromCsv, createBatchFromJson } from './create-batch.js';
import { batchLabels } from './labels.js';
import { manifestBatch } from './manifest-batch.js';
import { listBatchItems, listBatches, readBatch } from './read-batches.js';

export type { BatchesDeps };

export function createBatchesService(deps: BatchesDeps) {
  return {
    createFromJson: bind(deps, createBatchFromJson),
    createFromCsv: bind(deps, createBatchFromCsv),
    read: bind(deps, readBatch),
    list: bind(deps, listBatches),
    items: bind(deps, listBatchItems),
    retry: bind(deps, retryBatch),
    cancel: bind(deps, cancelBatch),
    manifest: bind(deps, manifestBatch),
    printFile: bind(deps, batchLabels),
  };
}

export type BatchesService = ReturnType<typeof createBatchesService>;
