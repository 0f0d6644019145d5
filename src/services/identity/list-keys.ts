/** GET /keys: the tenant's keys, oldest first, revoked ones included (with when). */
import type { KeyView } from '../../contract/identity.js';
import type { Db } from '../../storage/database.js';
import * as keys from '../../storage/repositories/keys.js';
import { makerGone } from './key-auth.js';
import { emailsOf, keyView, type KeysDeps } from './keys-deps.js';

/** Whether the key works now, as authentication decides it (key-auth.ts): revoked, expired, or its maker gone. */
async function statusOf(db: Db, k: keys.ApiKeyRecord, now: Date): Promise<KeyView['status']> {
  if (k.revoked_at) return 'revoked';
  if (k.expires_at && Date.parse(k.expires_at) <= now.getTime()) return 'expired';
  return k.created_by ? (makerGone(await keys.keyLineage(db, k)) ?? 'active') : 'active';
}

export async function listKeys(deps: KeysDeps, tenant: string): Promise<KeyView[]> {
  const { db } = deps;
  const records = await keys.listKeys(db, tenant);
  const emails = await emailsOf(db, tenant, records);
  const now = deps.clock.now();
  return Promise.all(records.map(async (k) => keyView(k, emails, await statusOf(db, k, now))));
}
