/** Wires the use cases from explicit dependencies; no module keeps state of its own. */
import type { Kysely } from 'kysely';
import type { CarrierDeclaration, CarrierSlug } from '../carriers/carrier.js';
import type { Clock } from '../clock.js';
import type { Database } from '../storage/database.js';
import type { Sealer } from '../storage/sealing.js';
import type { Tables } from '../storage/tables.js';
import { createAccountsService, type MasterTestAccounts } from './accounts.js';

export interface ServiceDeps {
  database: Database;
  sealer: Sealer;
  clock: Clock;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  masterTestAccounts: MasterTestAccounts;
}

export function createServices(deps: ServiceDeps) {
  const db: Kysely<Tables> = deps.database.db;
  const accounts = createAccountsService({ db, sealer: deps.sealer, declarations: deps.declarations, masterTestAccounts: deps.masterTestAccounts, clock: deps.clock });
  return { database: deps.database, declarations: deps.declarations, accounts };
}

export type Services = ReturnType<typeof createServices>;
