/**
 * Pickups, the face: binds the dependencies to the use cases, each a named function of its own:
 * pickupAvailability (availability.ts), schedulePickup (schedule.ts), dropoffLocations
 * (locations.ts) and cancelPickup (cancel.ts). Each costs one carrier call.
 */
import { bind } from '../../foundations/bind.js';
import { pickupAvailability } from './availability.js';
import { cancelPickup } from './cancel.js';
import { dropoffLocations } from './locations.js';
import type { PickupsDeps } from './pickups-deps.js';
import { schedulePickup } from './schedule.js';

export type { PickupsDeps };

export function createPickupsService(deps: PickupsDeps) {
  return {
    availability: bind(deps, pickupAvailability),
    schedule: bind(deps, schedulePickup),
    locations: bind(deps, dropoffLocations),
    cancel: bind(deps, cancelPickup),
  };
}
