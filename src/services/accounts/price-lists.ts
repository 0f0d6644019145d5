/**
 * A shipping account's uploaded price list: taken from a CSV file or JSON rows, checked strictly,
 * stored whole (replacing the account's list), read back, downloaded, deleted, each change in the
 * audit log. An account with a list rates from it whatever its carrier (rate.ts); the list is read
 * for every rate, so it is kept in memory a few seconds, as resolved accounts are: a change through
 * another instance takes effect here within that time.
 */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import type { AuditContext } from '../../domain/audit.js';
import { ApiError } from '../../domain/errors.js';
import type { PriceListView } from '../../contract/price-list.js';
import type { Db } from '../../storage/database.js';
import * as repo from '../../storage/repositories/price-lists.js';
import { createTtlCache } from '../../foundations/ttl-cache.js';
import type { AccountsService } from './accounts.js';
import { recordAudit } from '../audit/index.js';
import { priceListCsv } from './price-list-csv.js';
import { toBands, type RawRow } from './price-list-rows.js';

export interface PriceListsDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
}

const summaryView = (s: repo.PriceListSummary): PriceListView => ({
  shipping_account: s.shipping_account,
  source: 'uploaded',
  uploaded_at: s.uploaded_at,
  row_count: s.row_count,
});

export function createPriceLists(deps: PriceListsDeps) {
  const { db, clock, accounts } = deps;
  // `null`: the account has no list (asked often: every rate of every account without one).
  const cached = createTtlCache<repo.PriceListRecord | null>({ ttlMs: 5_000 });
  const key = (tenant: string, id: string) => `${tenant}\n${id}`;

  function notFound(id: string): ApiError {
    return new ApiError('not_found', `shipping account ${id} has no uploaded price list`, id);
  }

  /** Replaces the account's list with `rows` (read from the upload), once every row has passed. */
  async function upload(tenant: string, id: string, rows: RawRow[], by: AuditContext): Promise<PriceListView> {
    const account = await accounts.resolve(tenant, id);
    const bands = await toBands(rows, account.carrier, deps.declarations[account.carrier].catalog);
    const record: repo.PriceListRecord = {
      shipping_account: account.id,
      bands,
      row_count: bands.length,
      uploaded_at: clock.now().toISOString(),
    };
    const services = [...new Set(bands.map((b) => b.service))];
    await db.transaction().execute(async (trx) => {
      await repo.savePriceList(trx, tenant, record);
      await recordAudit(trx, by, {
        action: 'price_list.uploaded',
        resource: { id: account.id },
        changes: { row_count: bands.length, services },
        at: clock.now(),
      });
    });
    cached.delete(key(tenant, account.id));
    return summaryView(record);
  }

  async function read(tenant: string, id: string): Promise<PriceListView> {
    await accounts.resolve(tenant, id);
    const list = await repo.getPriceList(db, tenant, id);
    if (!list) throw notFound(id);
    return {
      ...summaryView(list),
      rows: list.bands.map(({ max_cm, ...b }) => ({
        ...b,
        countries: [...b.countries],
        transit_days: [...b.transit_days],
        ...(max_cm ? { max_cm: [...max_cm] } : {}),
      })),
    };
  }

  /** The list as a CSV file in the upload's columns. */
  async function download(tenant: string, id: string): Promise<string> {
    await accounts.resolve(tenant, id);
    const list = await repo.getPriceList(db, tenant, id);
    if (!list) throw notFound(id);
    return priceListCsv(list.bands);
  }

  async function remove(tenant: string, id: string, by: AuditContext): Promise<void> {
    await accounts.resolve(tenant, id);
    const deleted = await db.transaction().execute(async (trx) => {
      const done = await repo.deletePriceList(trx, tenant, id);
      if (done) await recordAudit(trx, by, { action: 'price_list.deleted', resource: { id }, at: clock.now() });
      return done;
    });
    cached.delete(key(tenant, id));
    if (!deleted) throw notFound(id);
  }

  /** The account's uploaded list, if it has one: what its rates are priced from. */
  async function uploadedFor(tenant: string, id: string): Promise<repo.PriceListRecord | undefined> {
    const now = clock.now().getTime();
    const hit = cached.get(key(tenant, id), now);
    if (hit !== undefined) return hit ?? undefined;
    const list = await repo.getPriceList(db, tenant, id);
    cached.set(key(tenant, id), list ?? null, now);
    return list;
  }

  return { upload, read, download, remove, uploadedFor };
}

export type PriceLists = ReturnType<typeof createPriceLists>;
