/**
 * Migrations, listed explicitly (no directory scanning, so bundling or a changed cwd cannot lose
 * one) and given the dialect for the rare column type that differs.
 */
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database, Dialect } from '../database.js';
import * as initial from './20261121_0001_initial.js';
import * as returns from './20261122_0002_returns.js';
import * as webhooks from './20261122_0012_webhooks.js';
import * as pickupsKeyCheck from './20261122_0020_pickups_key_check.js';
import * as portalLinks from './20261124_0030_portal_links.js';
import * as shipmentLists from './20261124_0031_shipment_lists.js';
import * as batches from './20261124_0032_batches.js';
import * as shipmentManifests from './20261124_0033_shipment_manifests.js';
import * as rateLimits from './20261126_0034_rate_limits.js';
import * as branding from './20261126_0035_branding.js';
import * as usersSessions from './20261126_0036_users_sessions.js';
import * as batchClaimOrder from './20261127_0037_batch_claim_order.js';
import * as auditTenants from './20261127_0038_audit_tenants.js';
import * as bookingIntents from './20261128_0039_booking_intents.js';
import * as idempotencyPrincipal from './20261128_0040_idempotency_principal.js';
import * as priceLists from './20261128_0041_price_lists.js';
import * as bookingIntentsLost from './20261128_0042_booking_intents_lost.js';
import * as returnMethodDestination from './20261128_0043_return_method_destination.js';

type Step = { up(db: Parameters<Migration['up']>[0], dialect: Dialect): Promise<void> };

const steps: Record<string, Step> = {
  '20261121_0001_initial': initial,
  '20261122_0002_returns': returns,
  '20261122_0012_webhooks': webhooks,
  '20261122_0020_pickups_key_check': pickupsKeyCheck,
  '20261124_0030_portal_links': portalLinks,
  '20261124_0031_shipment_lists': shipmentLists,
  '20261124_0032_batches': batches,
  '20261124_0033_shipment_manifests': shipmentManifests,
  '20261126_0034_rate_limits': rateLimits,
  '20261126_0035_branding': branding,
  '20261126_0036_users_sessions': usersSessions,
  '20261127_0037_batch_claim_order': batchClaimOrder,
  '20261127_0038_audit_tenants': auditTenants,
  '20261128_0039_booking_intents': bookingIntents,
  '20261128_0040_idempotency_principal': idempotencyPrincipal,
  '20261128_0041_price_lists': priceLists,
  '20261128_0042_booking_intents_lost': bookingIntentsLost,
  '20261128_0043_return_method_destination': returnMethodDestination,
};

function provider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, step] of Object.entries(steps)) out[name] = { up: (db) => step.up(db, dialect) };
      return out;
    },
  };
}

/** Brings the schema up to date; safe to run from several instances at once (kysely takes a lock). */
export async function migrate(database: Database): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: provider(database.dialect) });
  // On SQLite kysely runs each statement of a migration as a commit of its own, and each commit
  // waited for the disk (synchronous = FULL): a new database's 115 waits took some 0.3 s of its first
  // start (bench/README.md, fourth round). They commit without waiting, then the log reaches the
  // disk in one go before anything is served. A killed process loses none of it (the log is written
  // at each commit); a machine losing power meanwhile cuts the migration off, as a kill did already.
  const sqlite = database.dialect === 'sqlite';
  if (sqlite) await sql`pragma synchronous = NORMAL`.execute(database.db);
  const { error, results } = await migrator.migrateToLatest().finally(async () => {
    if (!sqlite) return;
    await sql`pragma synchronous = FULL`.execute(database.db);
    await sql`pragma wal_checkpoint(FULL)`.execute(database.db);
  });
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The migrations this build lists that the database has not run: none once `waybill migrate` (or
 * `serve`, which migrates before it listens) has finished; /readyz is not ready until then.
 */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: provider(database.dialect) });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
