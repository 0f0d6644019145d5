/** PATCH and DELETE /shipping-accounts/{id}: each change stored with its audit entry, and the resolved accounts forgotten. */
import type { CarrierSlug } from '../../carriers/carrier.js';
import { ApiError } from '../../domain/errors.js';
import type { ShippingAccountPatch, ShippingAccountView } from '../../contract/shipping-account.js';
import type { AuditContext } from '../../domain/audit.js';
import * as repo from '../../storage/repositories/accounts.js';
import { deletePriceList } from '../../storage/repositories/price-lists.js';
import { checkBillingAddress, validateAuth, validateDefaults } from './checks.js';
import { recordAudit } from '../audit/index.js';
import type { AccountsState, Defaults } from './accounts-deps.js';
import { getRow, ownAuth, readAccount } from './account-view.js';

/**
 * Changes what an account may change; the carrier and the country name what it is. New
 * credentials are validated as on creation and sealed again.
 */
export async function updateAccount(
  deps: AccountsState,
  tenant: string,
  id: string,
  patch: ShippingAccountPatch,
  by: AuditContext,
): Promise<ShippingAccountView> {
  const { db, sealer, declarations, clock, resolved } = deps;
  const row = await getRow(deps, tenant, id);
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
  const changes: repo.AccountChanges<Defaults> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.location_id !== undefined) changes.location_id = patch.location_id;
  if (patch.billing_address !== undefined) {
    checkBillingAddress(patch.billing_address);
    changes.billing_address = patch.billing_address;
  }
  if (patch.defaults !== undefined) {
    const defaults: Defaults = { ...row.defaults, ...patch.defaults };
    validateDefaults(decl, defaults, 'shipping_account.defaults');
    changes.defaults = defaults;
  }
  if (patch.auth !== undefined) {
    const auth = { ...ownAuth(deps, row), ...patch.auth };
    validateAuth(decl, auth, row.parent_id === null);
    changes.auth_sealed = repo.sealAuth(sealer, auth);
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
  return readAccount(deps, tenant, id);
}

export async function removeAccount(deps: AccountsState, tenant: string, id: string, by: AuditContext): Promise<void> {
  const { db, clock, resolved } = deps;
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
