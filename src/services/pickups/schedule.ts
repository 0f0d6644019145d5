/** POST /pickup: the carrier's pickup, stored with an id, its event and its audit entry. */
import type { Log } from '../../foundations/logger.js';
import type { PickupInput } from '../../contract/operations.js';
import type { AuditContext } from '../../domain/audit.js';
import { newId } from '../../storage/ids.js';
import * as repo from '../../storage/repositories/pickups.js';
import { recordEvent } from '../kernel/index.js';
import { recordAudit } from '../audit/index.js';
import { checkPhone, checkPickupTime } from './checks.js';
import type { PickupsDeps } from './pickups-deps.js';

/** The pickup as stored and answered: the request, the carrier's confirmation and the pickup's id. */
export async function schedulePickup(
  deps: PickupsDeps,
  tenant: string,
  input: PickupInput,
  log: Log,
  by?: AuditContext,
) {
  const { db, calls, clock } = deps;
  checkPhone(input.location.phone!, 'pickup.location.phone');
  checkPickupTime(input.time, clock.now(), 'pickup.time');
  const { account, call, run } = await calls.prepare<'pickup'>(tenant, input, 'pickup', log);
  const confirmation = await run(call, input);
  const now = clock.now().toISOString();
  const record = {
    ...input,
    id: newId('pck'),
    carrier: account.carrier,
    shipping_account: account.id,
    test: call.test,
    pickup_date: input.time.date,
    ready_time: input.time.ready_time,
    close_time: input.time.close_time,
    ...confirmation,
    currency: confirmation.currency ?? input.currency ?? 'USD',
    created: now,
  };
  try {
    // The pickup and its event are written together (the outbox's rule).
    await db.transaction().execute(async (trx) => {
      await repo.insertPickup(trx, {
        id: record.id,
        tenant,
        shipping_account_id: account.id,
        carrier: account.carrier,
        confirmation_number: record.confirmation_number,
        location_code: record.location_code ?? null,
        pickup_date: record.pickup_date,
        test: call.test,
        status: 'scheduled',
        record,
        created_at: now,
        cancelled_at: null,
      });
      await recordEvent(trx, { tenant, type: 'pickup.scheduled', data: record, at: clock.now() });
      // A pickup may cost money at the carrier: who asked for it is kept.
      if (by)
        await recordAudit(trx, by, {
          action: 'pickup.scheduled',
          resource: { id: record.id },
          changes: {
            carrier: account.carrier,
            shipping_account: account.id,
            confirmation_number: record.confirmation_number,
            date: record.pickup_date,
            test: call.test,
          },
          at: clock.now(),
        });
    });
  } catch (err) {
    // The carrier has scheduled it: say so loudly so an operator can cancel it.
    log.error(
      { err, carrier: account.carrier, confirmation_number: record.confirmation_number },
      'pickup scheduled with the carrier but could not be stored',
    );
    throw err;
  }
  return record;
}
