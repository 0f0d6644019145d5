/** POST /cancel: the carrier voids the label, then the shipment is marked voided with its event. */
import type { Log } from '../../foundations/logger.js';
import { ApiError } from '../../domain/errors.js';
import type { CancelInput } from '../../contract/operations.js';
import type { AuditContext } from '../../domain/audit.js';
import * as shipments from '../../storage/repositories/shipments.js';
import { watch } from '../../storage/repositories/tracked-shipments.js';
import { recordEvent } from '../kernel/index.js';
import { recordAudit } from '../audit/index.js';
import type { ShippingDeps } from './shipping-deps.js';

export async function cancelShipment(
  deps: ShippingDeps,
  tenant: string,
  input: CancelInput,
  log: Log,
  by?: AuditContext,
): Promise<{ success: { message: string } }> {
  const { db, calls, clock } = deps;
  const { account, call, run } = await calls.prepare<'cancel'>(tenant, input, 'cancel', log);
  // Only a shipment this tenant booked here is cancelled: the carrier cannot tell tenants apart.
  const stored = await deps.ownership.shipment(tenant, account.carrier, input.tracking_number);
  if (stored.status === 'voided') {
    throw new ApiError(
      'conflict',
      `shipment ${input.tracking_number} was already cancelled at ${stored.voided_at}`,
      stored.id,
    );
  }
  const result = await run(call, {
    tracking_number: input.tracking_number,
    ...(stored.carrier_shipment_id ? { carrier_shipment_id: stored.carrier_shipment_id } : {}),
    ...(stored.service ? { service: stored.service } : {}),
    ...(stored.ship_date ? { ship_date: stored.ship_date } : {}),
  });
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    if (!(await shipments.markVoided(trx, tenant, stored.id, now.toISOString()))) return;
    const data = {
      id: stored.id,
      carrier: account.carrier,
      shipping_account: account.id,
      tracking_number: input.tracking_number,
      test: call.test,
      cancelled: now.toISOString(),
      message: result.message,
    };
    await recordEvent(trx, { tenant, type: 'shipment.cancelled', data, at: now });
    if (by)
      await recordAudit(trx, by, {
        action: 'label.voided',
        resource: { id: stored.id },
        changes: { carrier: account.carrier, tracking_number: input.tracking_number },
        at: now,
      });
    if (input.webhooks)
      await watch(
        trx,
        {
          tenant,
          shipping_account_id: account.id,
          tracking_number: input.tracking_number,
          carrier: account.carrier,
          test: call.test,
        },
        now.toISOString(),
      );
  });
  await deps.trackingCache.forget(tenant, account.carrier, input.tracking_number);
  return { success: { message: result.message } };
}
