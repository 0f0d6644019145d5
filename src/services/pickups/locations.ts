/** POST /dopu: the carrier's drop-off locations near an address. */
import type { Log } from '../../foundations/logger.js';
import type { DropoffLocation } from '../../domain/types.js';
import type { DopuInput } from '../../contract/operations.js';
import { checkAllowed } from '../../domain/allowed.js';
import type { PickupsDeps } from './pickups-deps.js';

export async function dropoffLocations(
  deps: PickupsDeps,
  tenant: string,
  input: DopuInput,
  log: Log,
): Promise<{ locations: DropoffLocation[] }> {
  const { calls } = deps;
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
