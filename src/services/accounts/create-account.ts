/** POST /shipping-accounts: credentials checked against the carrier's declaration, sealed at rest, the account stored with its audit entry. */
import type { CarrierSlug } from '../../carriers/carrier.js';
import { ApiError } from '../../domain/errors.js';
import type { ShippingAccountInput, ShippingAccountView } from '../../contract/shipping-account.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import { newAccountNumber } from '../../storage/ids.js';
import * as repo from '../../storage/repositories/accounts.js';
import { checkBillingAddress, validateAuth, validateDefaults } from './checks.js';
import { recordAudit } from '../audit/index.js';
import type { AccountsDeps, Defaults } from './accounts-deps.js';
import { accountView, mask, resolveRow, type AccountRecord } from './account-view.js';

export async function createAccount(
  deps: AccountsDeps,
  tenant: string,
  input: ShippingAccountInput,
  by: AuditContext,
): Promise<ShippingAccountView> {
  const { db, sealer, declarations, clock } = deps;
  const decl = declarations[input.carrier as CarrierSlug];
  let parent: AccountRecord | undefined;
  if (input.parent_shipping_account !== undefined) {
    parent = await repo.getAccount<Defaults>(db, tenant, input.parent_shipping_account);
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
  const row: AccountRecord = {
    id: newAccountNumber(),
    tenant,
    carrier: decl.slug,
    country: input.country,
    name: input.name ?? null,
    test: input.test === true,
    auth_sealed: auth && Object.keys(auth).length > 0 ? repo.sealAuth(sealer, auth) : null,
    billing_address: input.billing_address ?? null,
    defaults,
    location_id: input.location_id ?? null,
    parent_id: parent?.id ?? null,
    created_at: clock.now().toISOString(),
  };
  await insertWithFreshId(deps, row, (trx) =>
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
  const effective = await resolveRow(deps, tenant, row);
  // The spec echoes `auth` on creation: what the caller sent, as sent. Inherited members and the
  // operator's master test credentials are shown masked, never in clear.
  const echoed = { ...mask(effective.auth, decl.auth.secret), ...(fromMaster ? {} : (auth ?? {})) };
  return accountView(row, echoed, effective.defaults, decl, true);
}

/**
 * Account numbers are random; on the rare collision with an existing one, draw again. Each try is
 * its own transaction with what `also` writes (the audit entry, under the id that was kept).
 */
async function insertWithFreshId(
  deps: AccountsDeps,
  row: AccountRecord,
  also: (trx: Db) => Promise<void>,
): Promise<void> {
  const { db } = deps;
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
