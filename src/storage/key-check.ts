/**
 * Fail fast on a wrong sealing key. The first instance to start on a database stores a known text
 * sealed with its key; an instance (or `waybill migrate`) whose key cannot open it refuses to start,
 * instead of answering every call on a stored credential with an error.
 */
import type { Kysely } from 'kysely';
import { canOpen, type Sealer } from './sealing.js';
import type { Tables } from './tables.js';

const ROW = 'sealing';
const CHECK_TEXT = 'waybill sealing key check';

export class SealingKeyMismatch extends Error {
  constructor(keySource: string) {
    super(
      `The sealing key (${keySource}) does not match the key this database's credentials were sealed with, so this instance cannot use them and will not start. ` +
        'Every instance on one database needs the same key: set WAYBILL_SECRET_KEY to the key of the instances already running on it ' +
        "(or copy their data directory's secret.key), then start again.",
    );
    this.name = 'SealingKeyMismatch';
  }
}

/** Stores the check on first start; throws SealingKeyMismatch when the key cannot open it. */
export async function verifySealingKey(
  db: Kysely<Tables>,
  sealer: Sealer,
  keySource: string,
  now: Date,
): Promise<'stored' | 'matched'> {
  const row = await db.selectFrom('key_check').select('sealed').where('id', '=', ROW).executeTakeFirst();
  if (row) {
    if (!canOpen(sealer, row.sealed, CHECK_TEXT)) throw new SealingKeyMismatch(keySource);
    return 'matched';
  }
  // A database from before the check: its sealed credentials must open with this key too.
  const sample = await db
    .selectFrom('shipping_accounts')
    .select('auth_sealed')
    .where('auth_sealed', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (sample?.auth_sealed && !canOpen(sealer, sample.auth_sealed)) throw new SealingKeyMismatch(keySource);
  await db
    .insertInto('key_check')
    .values({ id: ROW, sealed: sealer.seal(CHECK_TEXT), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  // Another instance starting at the same moment may have stored its check first: the stored one wins.
  const stored = await db.selectFrom('key_check').select('sealed').where('id', '=', ROW).executeTakeFirstOrThrow();
  if (!canOpen(sealer, stored.sealed, CHECK_TEXT)) throw new SealingKeyMismatch(keySource);
  return 'stored';
}
