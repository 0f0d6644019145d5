/** POST /pickup/availability: the slots a carrier offers, the request echoed beside them. */
import type { Log } from '../../foundations/logger.js';
import { ApiError } from '../../domain/errors.js';
import type { PickupAvailabilityInput } from '../../contract/operations.js';
import { checkHorizon, DATE_HORIZON_DAYS } from '../kernel/index.js';
import { checkDateNotPast, checkPhone } from './checks.js';
import type { PickupsDeps } from './pickups-deps.js';

const MAX_AVAILABILITY_DAYS = 31;

export async function pickupAvailability(deps: PickupsDeps, tenant: string, input: PickupAvailabilityInput, log: Log) {
  const { calls, clock } = deps;
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
