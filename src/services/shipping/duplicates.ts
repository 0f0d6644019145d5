/**
 * The opt-in duplicate check of POST /ship (`reject_duplicates`): a label already live for one of
 * the booking's references on the same account is refused before the carrier is called, so that a
 * second click, a second tab or a re-run script does not pay for a second label of one order.
 */
import { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import * as shipments from '../../storage/repositories/shipments.js';

export async function refuseDuplicates(
  db: Db,
  tenant: string,
  account: string,
  references: readonly { value?: string }[] | undefined,
): Promise<void> {
  const values = [
    ...new Set((references ?? []).map((r) => r.value).filter((v): v is string => typeof v === 'string' && v !== '')),
  ];
  const live = await shipments.liveWithReferences(db, tenant, account, values);
  if (live.length === 0) return;
  const which = live.map((s) => `${s.id} (tracking number ${s.tracking_number}, booked ${s.created_at})`).join(', ');
  throw new ApiError(
    'conflict',
    `A live label already exists for reference ${values.length === 1 ? values[0] : values.join(' or ')} on shipping account ${account}: ${which}. Void it first, or book again without reject_duplicates to buy another`,
    live.map((s) => s.id).join(','),
  );
}
