/**
 * A return shipped under a tracked number follows where its parcel is (GET /returns?status=): a
 * fresh tracking answer moves it, with its return.updated event in the same transaction.
 */
import type { TrackingResult } from '../../domain/types.js';
import type { Clock } from '../../foundations/clock.js';
import type { Db } from '../../storage/database.js';
import { movedByStage, numbersWithReturns, updateStatusFromTracking } from '../../storage/repositories/returns.js';
import { recordEvent } from '../kernel/index.js';

export async function followReturns(
  deps: { db: Db; clock: Clock },
  tenant: string,
  carrier: string,
  fetched: { number: string; result: TrackingResult }[],
): Promise<void> {
  const { db, clock } = deps;
  // One read for the whole answer finds the numbers a return was shipped under (few or none).
  const returned = await numbersWithReturns(
    db,
    tenant,
    carrier,
    fetched.map((f) => f.number),
  );
  await Promise.all(
    fetched
      .filter((f) => returned.has(f.number))
      .map(async ({ number, result: outcome }) => {
        const at = clock.now();
        const stage = outcome.tracking_stage;
        // Most answers repeat the stage a return has already: one indexed read answers them, without a transaction.
        if (!(await movedByStage(db, tenant, carrier, number, stage))) return;
        await db.transaction().execute(async (trx) => {
          const ids = await updateStatusFromTracking(trx, tenant, carrier, number, stage, at.toISOString());
          // Compact: the tracking.updated event of the same change carries the full result.
          for (const id of ids) {
            await recordEvent(trx, {
              tenant,
              type: 'return.updated',
              data: { id, carrier, tracking_number: number, status: stage, updated: at.toISOString() },
              at,
            });
          }
        });
      }),
  );
}
