/**
 * Shipping accounts: carrier credentials registered once, named later by id. Credentials are sealed
 * at rest and masked on every read after creation.
 */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import { ApiError } from '../../domain/errors.js';
import type {
  ShippingAccountInput,
  ShippingAccountPatch,
  ShippingAccountView,
} from '../../contract/shipping-account.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import { newAccountNumber } from '../../storage/ids.js';
import * as repo from '../../storage/repositories/accounts.js';
import { deletePriceList } from '../../storage/repositories/price-lists.js';
import type { Sealer } from '../../storage/sealing.js';
import type { Address } from '../../domain/types.js';
import { createTtlCache } from '../../foundations/ttl-cache.js';
import { checkBillingAddress, validateAuth, validateDefaults } from './checks.js';
import { recordAudit } from '../audit/index.js';

export type Defaults = NonNullable<ShippingAccountInput['defaults']>;
/** carrier → country → auth members: the operator's master test credentials. */
export type MasterTestAccounts = Partial<Record<CarrierSlug, Record<string, Record<string, string>>>>;

export interface AccountsDeps {
  db: Db;
  sealer: Sealer;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  masterTestAccounts: MasterTestAccounts;
  clock: Clock;
}

/** An account as the services use it: effective credentials and defaults after inheritance. */
export interface ResolvedAccount {
  id: string;
  tenant: string;
  carrier: CarrierSlug;
  country: string;
  test: boolean;
  auth: Record<string, string>;
  defaults: Defaults;
  billing_address?: Address;
  location_id?: string;
}

const MAX_PARENT_DEPTH = 5;

export function maskSecret(value: string): string {
  return value.length > 8 ? `****${value.slice(-4)}` : '****';
}

function mask(auth: Record<string, string>, secret: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(auth).map(([k, v]) => [k, secret.includes(k) ? maskSecret(v) : v]));
}

function view(
  row: repo.AccountRow,
  auth: Record<string, string>,
  defaults: Defaults,
  decl: CarrierDeclaration,
  reveal: boolean,
): ShippingAccountView {
  return {
    id: row.id,
    name: row.name,
    dim_units: defaults.dim_units ?? null,
    weight_units: defaults.weight_units ?? null,
    currency: defaults.currency ?? null,
    carrier: row.carrier,
    country: row.country,
    auth: reveal ? auth : mask(auth, decl.auth.secret),
    ...(row.billing_address !== null ? { billing_address: JSON.parse(row.billing_address) as Address } : {}),
    defaults,
    ...(row.location_id !== null ? { location_id: row.location_id } : {}),
    ...(row.parent_id !== null ? { parent_shipping_account: row.parent_id } : {}),
    test: row.test,
    created: row.created_at,
  };
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, sealer, declarations, clock } = deps;
  const resolved = createTtlCache<ResolvedAccount>({ ttlMs: 5_000 });

  function ownAuth(row: repo.AccountRow): Record<string, string> {
    if (!row.auth_sealed) return {};
    let plain: string;
    try {
      plain = sealer.open(row.auth_sealed);
    } catch {
      throw new ApiError(
        'sealing_key_mismatch',
        `The stored credentials of shipping account ${row.id} cannot be opened by this instance: it runs with another sealing key than the one they were sealed with. The operator must give every instance the same WAYBILL_SECRET_KEY.`,
        row.id,
      );
    }
    return JSON.parse(plain) as Record<string, string>;
  }

  /** Credentials and defaults after walking up the parent chain (the child's own members win). */
  async function resolveRow(
    tenant: string,
    row: repo.AccountRow,
  ): Promise<{ auth: Record<string, string>; defaults: Defaults }> {
    const chain = [row];
    let cur = row;
    while (cur.parent_id && chain.length <= MAX_PARENT_DEPTH) {
      const parent = await repo.getAccount(db, tenant, cur.parent_id);
      if (!parent) break;
      chain.push(parent);
      cur = parent;
    }
    const auth: Record<string, string> = {};
    const defaults: Defaults = {};
    for (const r of chain.reverse()) {
      Object.assign(auth, ownAuth(r));
      Object.assign(defaults, JSON.parse(r.defaults) as Defaults);
    }
    return { auth, defaults };
  }

  async function create(tenant: string, input: ShippingAccountInput, by: AuditContext): Promise<ShippingAccountView> {
    const decl = declarations[input.carrier as CarrierSlug];
    let parent: repo.AccountRow | undefined;
    if (input.parent_shipping_account !== undefined) {
      parent = await repo.getAccount(db, tenant, input.parent_shipping_account);
      if (!parent)
        throw new ApiError(
          'shipping_account_not_found',
          `parent shipping account ${input.parent_shipping_account} was not found`,
          'shipping_account.parent_shipping_account',
        );
      if (parent.carrier !== decl.slug) {
        throw new ApiError(
          'shipping_account_wrong_carrier',
          `parent shipping account ${parent.id} belongs to ${parent.carrier}, not ${decl.slug}`,
          'shipping_account.parent_shipping_account',
        );
      }
    }
    let auth = input.auth;
    let fromMaster = false;
    if (auth === undefined && !parent) {
      if (!input.test)
        throw new ApiError(
          'schema_field_required',
          `shipping_account.auth is required (or test: true to use the test credentials for ${decl.slug})`,
          'shipping_account.auth',
        );
      auth = deps.masterTestAccounts[decl.slug]?.[input.country];
      if (!auth)
        throw new ApiError(
          'master_test_shipping_account_not_found',
          `no master test shipping account exists for ${decl.slug} in ${input.country}`,
          `${decl.slug}/${input.country}`,
        );
      fromMaster = true;
    }
    validateAuth(decl, auth ?? {}, !parent);
    const defaults: Defaults = input.defaults ?? {};
    validateDefaults(decl, defaults, 'shipping_account.defaults');
    if (input.billing_address) checkBillingAddress(input.billing_address);
    const row: repo.AccountRow = {
      id: newAccountNumber(),
      tenant,
      carrier: decl.slug,
      country: input.country,
      name: input.name ?? null,
      test: input.test === true,
      auth_sealed: auth && Object.keys(auth).length > 0 ? sealer.seal(JSON.stringify(auth)) : null,
      billing_address: input.billing_address ? JSON.stringify(input.billing_address) : null,
      defaults: JSON.stringify(defaults),
      location_id: input.location_id ?? null,
      parent_id: parent?.id ?? null,
      created_at: clock.now().toISOString(),
    };
    await insertWithFreshId(row, (trx) =>
      recordAudit(trx, by, {
        action: 'shipping_account.created',
        resource: { id: row.id },
        changes: {
          carrier: row.carrier,
          country: row.country,
          test: row.test,
          ...(input.name ? { name: input.name } : {}),
          ...(auth ? { auth } : {}),
          ...(parent ? { parent_shipping_account: parent.id } : {}),
        },
        at: clock.now(),
      }),
    );
    const effective = await resolveRow(tenant, row);
    // The spec echoes `auth` on creation: what the caller sent, as sent. Inherited members and the
    // operator's master test credentials are shown masked, never in clear.
    const echoed = { ...mask(effective.auth, decl.auth.secret), ...(fromMaster ? {} : (auth ?? {})) };
    return view(row, echoed, effective.defaults, decl, true);
  }

  /**
   * Account numbers are random; on the rare collision with an existing one, draw again. Each try is
   * its own transaction with what `also` writes (the audit entry, under the id that was kept).
   */
  async function insertWithFreshId(row: repo.AccountRow, also: (trx: Db) => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx) => {
          await repo.insertAccount(trx, row);
          await also(trx);
        });
      } catch (err) {
        if (attempt >= 3 || !(await repo.accountIdTaken(db, row.id))) throw err;
        row.id = newAccountNumber();
      }
    }
  }

  async function getRow(tenant: string, id: string): Promise<repo.AccountRow> {
    const row = await repo.getAccount(db, tenant, id);
    if (!row) throw new ApiError('shipping_account_not_found', `shipping account ${id} was not found`, id);
    return row;
  }

  async function read(tenant: string, id: string): Promise<ShippingAccountView> {
    const row = await getRow(tenant, id);
    const { auth, defaults } = await resolveRow(tenant, row);
    return view(row, auth, defaults, declarations[row.carrier as CarrierSlug], false);
  }

  async function list(tenant: string, page: { limit: number; offset: number }): Promise<ShippingAccountView[]> {
    const rows = await repo.listAccounts(db, tenant, page);
    return Promise.all(
      rows.map(async (row) => {
        const { auth, defaults } = await resolveRow(tenant, row);
        return view(row, auth, defaults, declarations[row.carrier as CarrierSlug], false);
      }),
    );
  }

  /**
   * Changes what an account may change; the carrier and the country name what it is. New
   * credentials are validated as on creation and sealed again.
   */
  async function update(
    tenant: string,
    id: string,
    patch: ShippingAccountPatch,
    by: AuditContext,
  ): Promise<ShippingAccountView> {
    const row = await getRow(tenant, id);
    const decl = declarations[row.carrier as CarrierSlug];
    for (const field of ['carrier', 'country'] as const) {
      const value = patch[field];
      if (value !== undefined && value !== row[field]) {
        throw new ApiError(
          'schema_validation_error',
          `shipping_account.${field} cannot change (${row[field]}); register a new account for another ${field}`,
          `shipping_account.${field}`,
        );
      }
    }
    const changes: repo.AccountChanges = {};
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.location_id !== undefined) changes.location_id = patch.location_id;
    if (patch.billing_address !== undefined) {
      checkBillingAddress(patch.billing_address);
      changes.billing_address = JSON.stringify(patch.billing_address);
    }
    if (patch.defaults !== undefined) {
      const defaults: Defaults = { ...(JSON.parse(row.defaults) as Defaults), ...patch.defaults };
      validateDefaults(decl, defaults, 'shipping_account.defaults');
      changes.defaults = JSON.stringify(defaults);
    }
    if (patch.auth !== undefined) {
      const auth = { ...ownAuth(row), ...patch.auth };
      validateAuth(decl, auth, row.parent_id === null);
      changes.auth_sealed = sealer.seal(JSON.stringify(auth));
    }
    await db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length > 0) await repo.updateAccount(trx, tenant, id, changes);
      await recordAudit(trx, by, {
        action: 'shipping_account.updated',
        resource: { id },
        changes: { ...patch },
        at: clock.now(),
      });
    });
    // Sub-accounts inherit from this one: forget every resolved account of the tenant.
    resolved.deletePrefix(`${tenant}\n`);
    return read(tenant, id);
  }

  async function remove(tenant: string, id: string, by: AuditContext): Promise<void> {
    const outcome = await db.transaction().execute(async (trx) => {
      const done = await repo.deleteAccount(trx, tenant, id);
      // Its uploaded price list goes with it: a new account of the same number must not inherit it.
      if (done === 'deleted') await deletePriceList(trx, tenant, id);
      if (done === 'deleted')
        await recordAudit(trx, by, { action: 'shipping_account.deleted', resource: { id }, at: clock.now() });
      return done;
    });
    resolved.delete(`${tenant}\n${id}`);
    if (outcome === 'not_found')
      throw new ApiError('shipping_account_not_found', `shipping account ${id} was not found`, id);
    if (outcome === 'has_sub_accounts')
      throw new ApiError('conflict', `shipping account ${id} has sub-accounts; delete them first`, id);
  }

  /**
   * The account a carrier call runs on, with inherited credentials; 404 for another tenant's id.
   * Kept in memory for a few seconds: every carrier call needs it, and a change or deletion through
   * another instance takes effect here within that time.
   */
  async function resolve(tenant: string, id: string): Promise<ResolvedAccount> {
    const cacheKey = `${tenant}\n${id}`;
    const now = clock.now().getTime();
    const hit = resolved.get(cacheKey, now);
    if (hit) return hit;
    const account = await load(tenant, id);
    resolved.set(cacheKey, account, now);
    return account;
  }

  /** The account as `resolve` has it in memory at `now` (ms), without a promise; undefined when it is not. */
  function peek(tenant: string, id: string, now: number): ResolvedAccount | undefined {
    return resolved.get(`${tenant}\n${id}`, now);
  }

  async function load(tenant: string, id: string): Promise<ResolvedAccount> {
    const row = await getRow(tenant, id);
    const { auth, defaults } = await resolveRow(tenant, row);
    return {
      id: row.id,
      tenant,
      carrier: row.carrier as CarrierSlug,
      country: row.country,
      test: row.test,
      auth,
      defaults,
      ...(row.billing_address !== null ? { billing_address: JSON.parse(row.billing_address) as Address } : {}),
      ...(row.location_id !== null ? { location_id: row.location_id } : {}),
    };
  }

  return { create, read, list, update, remove, resolve, peek };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
