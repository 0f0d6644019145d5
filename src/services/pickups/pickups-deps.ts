/** What the pickup use cases are handed, once, by their face (pickups.ts). */
import type { Clock } from '../../foundations/clock.js';
import type { Db } from '../../storage/database.js';
import type { CarrierCalls, Ownership } from '../kernel/index.js';

export interface PickupsDeps {
  db: Db;
  calls: CarrierCalls;
  clock: Clock;
  ownership: Ownership;
}
