/** What the shipping use cases are handed, once, by their face (shipping.ts). */
import type { LabelWork } from '../../documents/index.js';
import type { Clock } from '../../foundations/clock.js';
import type { Db } from '../../storage/database.js';
import type { BookingLookup, CarrierCalls, Ownership, SignedLinks } from '../kernel/index.js';
import type { ShipChoiceService } from './ship-choice.js';
import type { TrackingCache } from '../tracking/index.js';

export interface ShippingDeps {
  db: Db;
  calls: CarrierCalls;
  links: SignedLinks;
  trackingCache: TrackingCache;
  clock: Clock;
  ownership: Ownership;
  choice: ShipChoiceService;
  labels: LabelWork;
  lookup: BookingLookup;
}
