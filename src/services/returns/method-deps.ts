/** What the return method use cases are handed, once, by their face (methods.ts). */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import type { Db } from '../../storage/database.js';
import type { CarrierCalls } from '../kernel/index.js';

export interface ReturnMethodsDeps {
  db: Db;
  calls: CarrierCalls;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  clock: Clock;
}
