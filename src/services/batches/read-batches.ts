/** GET /batches, GET /batches/{id} and GET /batches/{id}/items: batches and their items as the API shows them. */
import type { BatchItemsQuery, BatchItemView, BatchView } from '../../contract/batches.js';
import * as repo from '../../storage/repositories/batches.js';
import { decodeBooking } from '../kernel/index.js';
import { findBatch, type BatchesDeps } from './batches-deps.js';
import { printFormats } from './labels.js';
import { batchView, viewOf } from './state.js';

/** The batch, with the print file formats its booked labels fit (asked of one batch, not of a list). */
export async function readBatch(deps: BatchesDeps, tenant: string, id: string): Promise<BatchView> {
  const { db } = deps;
  const view = await viewOf(db, await findBatch(db, tenant, id));
  return { ...view, print_formats: await printFormats(db, tenant, id) };
}

export async function listBatches(
  deps: BatchesDeps,
  tenant: string,
  q: { page?: number; pageSize?: number },
): Promise<{ items: BatchView[]; total: number }> {
  const { db } = deps;
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 50;
  const { rows, total } = await repo.listBatches(db, tenant, { limit: pageSize, offset: (page - 1) * pageSize });
  const counts = await repo.countsOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => batchView(r, counts.get(r.id)!)), total };
}

export async function listBatchItems(
  deps: BatchesDeps,
  tenant: string,
  id: string,
  q: BatchItemsQuery,
): Promise<{ items: BatchItemView[]; total: number }> {
  const { db } = deps;
  await findBatch(db, tenant, id);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 50;
  const { rows, total } = await repo.listItems(db, id, {
    ...(q.status ? { status: q.status } : {}),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const shipments = new Map(
    (
      await repo.shipmentSummaries(
        db,
        rows.flatMap((r) => (r.shipment_id ? [r.shipment_id] : [])),
      )
    ).map((s) => [s.id, s]),
  );
  const views = rows.map((r): BatchItemView => {
    const s = r.shipment_id ? shipments.get(r.shipment_id) : undefined;
    const booking = s ? decodeBooking(s.response, s.id) : undefined;
    const costs = booking?.costs;
    return {
      index: r.idx,
      ...(r.row !== null ? { row: r.row } : {}),
      reference: r.reference,
      status: r.status,
      ...(s
        ? {
            shipment: {
              id: s.id,
              tracking_number: s.tracking_number,
              carrier: s.carrier,
              service: s.service,
              ...(costs ? { costs } : {}),
              ...(booking?.recovered ? { recovered: booking.recovered } : {}),
            },
          }
        : {}),
      ...(r.error ? { error: r.error } : {}),
    };
  });
  return { items: views, total };
}
