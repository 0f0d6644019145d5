/** POST /pickup/availability, POST /pickup (stored, with an id) and POST /dopu. */
import type { Log } from '../../foundations/logger.js';
import type { Clock } from '../../foundations/clock.js';
import type { DropoffLocation } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import type { DopuInput, PickupAvailabilityInput, PickupCancelInput, PickupInput } from '../../contract/operations.js';
import type { Db } from '../../storage/database.js';
import { newId } from '../../storage/ids.js';
import * as repo from '../../storage/repositories/pickups.js';
import type { CarrierCalls, Ownership } from '../kernel/index.js';
import { checkHorizon, DATE_HORIZON_DAYS, earliestToday, recordEvent } from '../kernel/index.js';
import { checkAllowed } from '../../domain/allowed.js';
import type { AuditContext } from '../../domain/audit.js';
import { recordAudit } from '../audit/index.js';

const MAX_AVAILABILITY_DAYS = 31;

/** A phone number a carrier will take: 7 to 15 digits (E.164), optionally with + and separators. */
export function checkPhone(phone: string, path: string): void {
  const compact = phone.replace(/[\s().-]/g, '');
  if (!/^\+?\d{7,15}$/.test(compact)) {
    throw new ApiError(
      'invalid_phone_number',
      `${path} "${phone}" is not a phone number: use 7 to 15 digits, optionally with a leading + and spaces, dashes or brackets`,
      path,
    );
  }
}

function checkDateNotPast(date: string, now: Date, path: string): void {
  if (date < earliestToday(now)) throw new ApiError('schema_validation_error', `${path} ${date} is in the past`, path);
  checkHorizon(date, now, DATE_HORIZON_DAYS.pickup, path);
}

/** A pickup's date and window: not in the past, closing after it opens. */
export function checkPickupTime(
  time: { date: string; ready_time: string; close_time: string },
  now: Date,
  path: string,
): void {
  checkDateNotPast(time.date, now, `${path}.date`);
  if (time.close_time <= time.ready_time)
    throw new ApiError('schema_validation_error', `${path}.close_time must be after ready_time`, `${path}.close_time`);
}

export function createPickupsService(deps: { db: Db; calls: CarrierCalls; clock: Clock; ownership: Ownership }) {
  const { db, calls, clock } = deps;

  async function availability(tenant: string, input: PickupAvailabilityInput, log: Log) {
    checkPhone(input.location.phone!, 'pickup_availability.location.phone');
    const now = clock.now();
    checkDateNotPast(input.start_date, now, 'pickup_availability.start_date');
    checkHorizon(input.end_date, now, DATE_HORIZON_DAYS.pickup, 'pickup_availability.end_date');
    if (input.end_date < input.start_date)
      throw new ApiError(
        'schema_validation_error',
        'pickup_availability.end_date is before start_date',
        'pickup_availability.end_date',
      );
    const days = (Date.parse(input.end_date) - Date.parse(input.start_date)) / 86_400_000;
    if (days > MAX_AVAILABILITY_DAYS)
      throw new ApiError(
        'schema_validation_error',
        `pickup_availability covers at most ${MAX_AVAILABILITY_DAYS} days`,
        'pickup_availability.end_date',
      );
    const { call, run } = await calls.prepare<'pickupAvailability'>(tenant, input, 'pickup_availability', log);
    const dates = await run(call, input);
    // The spec answers with the request echoed plus the slots found.
    return { ...input, test: call.test, debug: call.debug, dates };
  }

  /** The pickup as stored and answered: the request, the carrier's confirmation and the pickup's id. */
  async function schedule(tenant: string, input: PickupInput, log: Log, by?: AuditContext) {
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

  async function locations(tenant: string, input: DopuInput, log: Log): Promise<{ locations: DropoffLocation[] }> {
    const { account, adapter, call, run } = await calls.prepare<'locations'>(tenant, input, 'dopu', log);
    if (input.packaging !== undefined)
      checkAllowed(input.packaging, adapter.declaration.catalog.packaging, 'dopu.packaging', account.carrier);
    const found = await run(call, {
      location: input.location,
      ...(input.radius !== undefined ? { radius: input.radius } : {}),
      ...(input.radius_units !== undefined ? { radius_units: input.radius_units } : {}),
      ...(input.packaging !== undefined ? { packaging: input.packaging } : {}),
    });
    return { locations: found };
  }

  /** POST /pickup/cancel: `location` is the carrier's location code the confirmation carried. */
  async function cancel(
    tenant: string,
    input: PickupCancelInput,
    log: Log,
    by?: AuditContext,
  ): Promise<{ success: { message: string } }> {
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

  return { availability, schedule, locations, cancel };
}
