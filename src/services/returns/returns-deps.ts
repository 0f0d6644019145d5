/** What the returns' use cases are handed, once, by their face (returns.ts). */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import type { Log } from '../../foundations/logger.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import type { CarrierCalls } from '../kernel/index.js';
import type { createShippingService } from '../shipping/index.js';

export interface ReturnsDeps {
  db: Db;
  calls: CarrierCalls;
  shipping: ReturnType<typeof createShippingService>;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  clock: Clock;
}

export interface Opts {
  log: Log;
  baseUrl: string;
  /** Who acted, for the audit log: a return spends money. */
  by?: AuditContext;
}
