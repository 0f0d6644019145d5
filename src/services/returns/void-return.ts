/**
 * PATCH /returns/{id}: custom pairs replaced by name, and voiding (SHIPMENT_VOIDED: the shipment
 * through the normal cancel path, then the pickup). Every change is stored with its return.updated
 * event in one transaction. Carrier calls: voiding costs one cancel, plus one pickup cancel.
 */
import { ApiError } from '../../domain/errors.js';
import type { ReturnLine, ReturnPatch, ReturnView } from '../../contract/returns.js';
import type { Db } from '../../storage/database.js';
import * as repo from '../../storage/repositories/returns.js';
import * as shipments from '../../storage/repositories/shipments.js';
import { recordEvent } from '../kernel/index.js';
import { recordAudit } from '../audit/index.js';
import { checkCustom } from './filters.js';
import { findReturn, readReturn } from './read-returns.js';
import type { Opts, ReturnsDeps } from './returns-deps.js';
import { returnView } from './view.js';

/**
 * Concurrent voids of one return share the one running: one refund, one return.updated. Across
 * instances the stored state decides (a voided shipment is not cancelled again, a stored state not announced).
 */
export type VoidOnce = (key: string, run: () => Promise<void>) => Promise<void>;

/**
 * Changes a return and writes its return.updated event in one transaction; a change another
 * instance stored first is not announced again. `also` writes what else goes with it (the audit entry).
 */
export async function changeReturn(
  deps: ReturnsDeps,
  tenant: string,
  id: string,
  changes: repo.ReturnChanges,
  baseUrl: string,
  also?: (trx: Db) => Promise<void>,
): Promise<void> {
  const { db, clock } = deps;
  await db.transaction().execute(async (trx) => {
    const updated = await repo.updateReturn<ReturnLine>(trx, tenant, id, changes);
    if (!updated) return;
    await recordEvent(trx, { tenant, type: 'return.updated', data: returnView(updated, baseUrl), at: clock.now() });
    await also?.(trx);
  });
}

/**
 * Cancels what the carrier holds for the return. Everything that must be called is checked first,
 * so an unsupported step refuses before anything changed. A carrier without cancel (its labels
 * cost nothing until scanned) has the label voided here only.
 */
async function voidAtCarrier(deps: ReturnsDeps, tenant: string, row: repo.ReturnRow, opts: Opts): Promise<void> {
  const { db, calls, shipping, declarations, clock } = deps;
  const { log } = opts;
  const target = { shipping_account: row.shipping_account_id, ...(row.test ? { test: true } : {}) };
  const account = await calls.resolveAccount(tenant, target);
  const canCancel = declarations[account.carrier].operations.includes('cancel');
  const pickupPending = row.pickup_confirmation_number !== null && row.pickup_state !== 'CANCELLED';
  const cancelPickup = pickupPending
    ? await calls.prepare<'cancelPickup'>(tenant, target, 'pickup', log, 'cancelPickup')
    : undefined;
  const shipment = await shipments.getShipment(db, tenant, row.shipment_id);
  // A shipment already voided (a retried PATCH, POST /cancel) is not cancelled twice.
  if (shipment && shipment.status !== 'voided') {
    if (canCancel) await shipping.cancel(tenant, { ...target, tracking_number: row.tracking_number }, log);
    else await shipments.markVoided(db, tenant, shipment.id, clock.now().toISOString());
  }
  if (!cancelPickup) return;
  try {
    await cancelPickup.run(cancelPickup.call, {
      confirmation_number: row.pickup_confirmation_number!,
      ...(row.pickup_date !== null ? { date: row.pickup_date } : {}),
      ...(row.pickup_location_code !== null ? { location_code: row.pickup_location_code } : {}),
    });
  } catch (err) {
    // The label is void at the carrier by now: record that truth, then answer why the pickup stays.
    await changeReturn(
      deps,
      tenant,
      row.id,
      { status: 'SHIPMENT_VOIDED', updated_at: clock.now().toISOString() },
      opts.baseUrl,
    );
    if (!(err instanceof ApiError)) throw err;
    throw new ApiError(
      err.code,
      `the return's label was voided but its pickup ${row.pickup_confirmation_number} was not cancelled: ${err.message}; PATCH again to retry`,
      err.detail,
      { ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}) },
    );
  }
}

/** Voiding a voided return (its pickup cancelled too) changes nothing and answers it as it is (spec: "always"). */
async function voidReturn(deps: ReturnsDeps, tenant: string, id: string, opts: Opts): Promise<void> {
  const { clock } = deps;
  const row = await findReturn(deps, tenant, id);
  if (row.status === 'SHIPMENT_VOIDED' && (row.pickup_confirmation_number === null || row.pickup_state === 'CANCELLED'))
    return;
  await voidAtCarrier(deps, tenant, row, opts);
  const pickup = row.pickup_confirmation_number !== null ? { pickup_state: 'CANCELLED' } : {};
  await changeReturn(
    deps,
    tenant,
    id,
    { status: 'SHIPMENT_VOIDED', ...pickup, updated_at: clock.now().toISOString() },
    opts.baseUrl,
    async (trx) => {
      if (opts.by)
        await recordAudit(trx, opts.by, {
          action: 'return.voided',
          resource: { id },
          changes: { tracking_number: row.tracking_number, ...pickup },
          at: clock.now(),
        });
    },
  );
}

export async function patchReturn(
  deps: ReturnsDeps & { voidOnce: VoidOnce },
  tenant: string,
  id: string,
  body: ReturnPatch,
  opts: Opts,
): Promise<ReturnView> {
  const { clock, voidOnce } = deps;
  if (body.custom) checkCustom(body.custom, 'custom');
  const row = await findReturn(deps, tenant, id);
  if (body.shipment?.status === 'SHIPMENT_VOIDED')
    await voidOnce(`${tenant}\n${id}`, () => voidReturn(deps, tenant, id, opts));
  if (body.custom) {
    const byName = new Map(row.custom.map((c) => [c.name, c]));
    for (const c of body.custom) byName.set(c.name, c);
    await changeReturn(
      deps,
      tenant,
      id,
      { custom: [...byName.values()], updated_at: clock.now().toISOString() },
      opts.baseUrl,
    );
  }
  return readReturn(deps, tenant, id, opts.baseUrl);
}
