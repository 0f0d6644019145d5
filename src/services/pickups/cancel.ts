/** POST /pickup/cancel: a pickup this tenant scheduled, cancelled at the carrier and marked so. */
import type { Log } from '../../foundations/logger.js';
import type { PickupCancelInput } from '../../contract/operations.js';
import type { AuditContext } from '../../domain/audit.js';
import * as repo from '../../storage/repositories/pickups.js';
import { recordEvent } from '../kernel/index.js';
import { recordAudit } from '../audit/index.js';
import type { PickupsDeps } from './pickups-deps.js';

/** POST /pickup/cancel: `location` is the carrier's location code the confirmation carried. */
export async function cancelPickup(
  deps: PickupsDeps,
  tenant: string,
  input: PickupCancelInput,
  log: Log,
  by?: AuditContext,
): Promise<{ success: { message: string } }> {
  const { db, calls, clock } = deps;
  const { account, call, run } = await calls.prepare(tenant, input, 'pickup', log, 'cancelPickup');
  // Only a pickup this tenant scheduled here is cancelled (confirmation numbers are guessable);
  // what the carrier asks for again comes from the stored one when not sent.
  const stored = await deps.ownership.pickup(tenant, account.carrier, input.confirmation_number);
  const date = input.date ?? stored.date;
  const locationCode = (typeof input.location === 'string' ? input.location : undefined) ?? stored.locationCode;
  const result = await run(call, {
    confirmation_number: input.confirmation_number,
    ...(date !== undefined ? { date } : {}),
    ...(locationCode !== undefined ? { location_code: locationCode } : {}),
  });
  const at = clock.now();
  const data = {
    carrier: account.carrier,
    shipping_account: account.id,
    confirmation_number: input.confirmation_number,
    ...(date !== undefined ? { date } : {}),
    cancelled: at.toISOString(),
    message: result.message,
  };
  await db.transaction().execute(async (trx) => {
    if (stored.row) await repo.markPickupCancelled(trx, tenant, stored.row.id, at.toISOString());
    await recordEvent(trx, { tenant, type: 'pickup.cancelled', data, at });
    if (by)
      await recordAudit(trx, by, {
        action: 'pickup.cancelled',
        resource: { ...(stored.row ? { id: stored.row.id } : {}) },
        changes: {
          carrier: account.carrier,
          shipping_account: account.id,
          confirmation_number: input.confirmation_number,
        },
        at,
      });
  });
  return { success: { message: result.message } };
}
