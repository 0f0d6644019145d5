/** Storing what a carrier booked: the shipment, its labels and event, and what goes with them in one transaction. */
import type { Log } from '../../foundations/logger.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import * as shipments from '../../storage/repositories/shipments.js';
import * as intents from '../../storage/repositories/booking-intents.js';
import { watch } from '../../storage/repositories/tracked-shipments.js';
import { recordEvent, type KeyClaim } from '../kernel/index.js';
import { recordAudit } from '../audit/index.js';
import type { ShippingDeps } from './shipping-deps.js';
import type { BookingRecord, PreparedBooking } from './booking.js';

/**
 * Stores what the carrier booked; a failure is logged loudly, since the carrier may bill that label.
 * `store` throws the `declined` it is handed to roll back on purpose (someone else stored this
 * booking first): false then, and nothing is logged.
 */
export async function storeBooked(
  log: Log,
  record: { shipment: { carrier: string; tracking_number: string | null } },
  store: (declined: Error) => Promise<void>,
): Promise<boolean> {
  const declined = new Error('declined');
  try {
    await store(declined);
    return true;
  } catch (err) {
    if (err === declined) return false;
    log.error(
      { err, carrier: record.shipment.carrier, tracking_number: record.shipment.tracking_number },
      'booked with the carrier but could not store the shipment',
    );
    throw err;
  }
}

/**
 * Stores a booking with its event (and background tracking when asked), plus what the caller does
 * in the same transaction; `alsoInTransaction`
 * answering false rolls it all back (someone else stored this booking first): false then.
 */
export async function storeBooking(
  deps: ShippingDeps,
  p: PreparedBooking,
  record: BookingRecord,
  log: Log,
  alsoInTransaction?: (trx: Db) => Promise<boolean | void>,
): Promise<boolean> {
  const { db } = deps;
  const { tenant, account, call, req, now } = p;
  return storeBooked(log, record, (declined) =>
    db.transaction().execute(async (trx) => {
      await shipments.insertShipmentRows(trx, record.shipment, record.labels);
      await recordEvent(trx, { tenant, type: 'shipment.created', data: record.stored, at: now });
      if (req.webhooks)
        await watch(
          trx,
          {
            tenant,
            shipping_account_id: account.id,
            tracking_number: record.shipment.tracking_number,
            carrier: account.carrier,
            test: call.test,
          },
          record.shipment.created_at,
        );
      if ((await alsoInTransaction?.(trx)) === false) throw declined;
    }),
  );
}

/**
 * Stores a booking made under `key` (a /ship's, or one the recovery found): the shipment, its event,
 * the key's answer and the audit entry in one transaction, which strikes out the call's intent.
 */
export async function storeShipped(
  deps: ShippingDeps,
  p: PreparedBooking,
  record: BookingRecord,
  log: Log,
  opts: { key: string; claimed: KeyClaim | undefined; answer: string; by?: AuditContext },
): Promise<void> {
  await storeBooking(deps, p, record, log, async (trx) => {
    await opts.claimed?.completeIn(trx, 200, opts.answer);
    await intents.remove(trx, p.tenant, opts.key);
    if (opts.by)
      await recordAudit(trx, opts.by, {
        action: 'label.bought',
        resource: { id: record.shipment.id },
        changes: {
          carrier: p.account.carrier,
          shipping_account: p.account.id,
          tracking_number: record.shipment.tracking_number,
          ...(record.shipment.service ? { service: record.shipment.service } : {}),
          test: p.call.test,
        },
        at: p.now,
      });
  });
}
