/** POST /batches/{id}/manifest: the end-of-day forms of a batch's booked shipments. */
import type { CarrierSlug } from '../../carriers/carrier.js';
import { ApiError } from '../../domain/errors.js';
import type { Log } from '../../foundations/logger.js';
import * as repo from '../../storage/repositories/batches.js';
import { findBatch, type BatchesDeps } from './batches-deps.js';

/** The end-of-day form for each shipping account of the batch whose carrier has manifests. */
export async function manifestBatch(deps: BatchesDeps, tenant: string, id: string, log: Log) {
  const { db } = deps;
  await findBatch(db, tenant, id);
  const groups = new Map<string, { account: string; carrier: string; ship_date: string | null; tracking: string[] }>();
  for (const s of await repo.bookedShipments(db, tenant, id)) {
    const key = `${s.shipping_account_id}|${s.ship_date ?? ''}`;
    const g = groups.get(key) ?? {
      account: s.shipping_account_id,
      carrier: s.carrier,
      ship_date: s.ship_date,
      tracking: [],
    };
    g.tracking.push(s.tracking_number);
    groups.set(key, g);
  }
  const eligible = [...groups.values()].filter((g) =>
    deps.declarations[g.carrier as CarrierSlug]?.operations.includes('manifest'),
  );
  if (eligible.length === 0) {
    const carriers = [...new Set([...groups.values()].map((g) => g.carrier))];
    throw new ApiError(
      'carrier_unsupported_method',
      groups.size === 0
        ? `batch ${id} has no booked shipments to manifest`
        : `no carrier of batch ${id} (${carriers.join(', ')}) has manifests`,
      id,
    );
  }
  const manifests = [];
  for (const g of eligible) {
    // /manifest takes up to 1,000 tracking numbers at a time.
    for (let i = 0; i < g.tracking.length; i += 1000) {
      const res = await deps.manifests.manifest(
        tenant,
        {
          shipping_account: g.account,
          tracking_numbers: g.tracking.slice(i, i + 1000),
          ...(g.ship_date ? { ship_date: g.ship_date } : {}),
        },
        log,
      );
      manifests.push(res.manifest);
    }
  }
  return { manifests };
}
