/**
 * API keys as objects: made by a user (or a key) with a name, a scope and an optional expiry, shown
 * once; listed with when they were made, by whom and last used; revoked. A key never gets more than
 * its maker may do. Keys made by `waybill keys create` appear here too (their scope full unless
 * --scope said otherwise). A revoked key stops working within the authentication cache's 5 seconds.
 *
 * The face binds the dependencies to the use cases: createKey and issueKey (create-key.ts),
 * listKeys (list-keys.ts), revokeKey (revoke-key.ts).
 */
import { bind } from '../../foundations/bind.js';
import { createKey, issueKey } from './create-key.js';
import type { KeysDeps } from './keys-deps.js';
import { listKeys } from './list-keys.js';
import { revokeKey } from './revoke-key.js';

export type { KeysDeps };

export function createKeys(deps: KeysDeps) {
  return {
    create: bind(deps, createKey),
    issue: bind(deps, issueKey),
    list: bind(deps, listKeys),
    revoke: bind(deps, revokeKey),
  };
}
