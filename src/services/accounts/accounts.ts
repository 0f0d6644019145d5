/**
 * Shipping accounts: carrier credentials registered once, named later by id. Credentials are sealed
 * at rest and masked on every read after creation. The face binds the dependencies to the use
 * cases: createAccount, readAccount and listAccounts, updateAccount and removeAccount,
 * resolveAccount and peekAccount.
 */
import { createTtlCache } from '../../foundations/ttl-cache.js';
import { bind } from '../../foundations/bind.js';
import type { AccountsDeps, ResolvedAccount } from './accounts-deps.js';
import { listAccounts, readAccount } from './account-view.js';
import { removeAccount, updateAccount } from './change-account.js';
import { createAccount } from './create-account.js';
import { peekAccount, resolveAccount } from './resolve-account.js';

export type { AccountsDeps, Defaults, MasterTestAccounts, ResolvedAccount } from './accounts-deps.js';

export function createAccountsService(deps: AccountsDeps) {
  const state = { ...deps, resolved: createTtlCache<ResolvedAccount>({ ttlMs: 5_000 }) };
  return {
    create: bind(deps, createAccount),
    read: bind(deps, readAccount),
    list: bind(deps, listAccounts),
    update: bind(state, updateAccount),
    remove: bind(state, removeAccount),
    resolve: bind(state, resolveAccount),
    peek: bind(state, peekAccount),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
