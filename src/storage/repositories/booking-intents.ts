/**
 * Booking calls whose outcome is not stored yet (migrations/20261128_0039_booking_intents.ts). The
 * repository takes and gives records; the JSON columns are its own business.
 */
import type { Kysely } from 'kysely';
import type { BookingIntentsTable, Tables } from '../tables.js';

export interface BookingIntent {
  tenant: string;
  key: string;
  /** The shipment as it went to the booking call (after rate shopping chose its account and service). */
  shipment: unknown;
  /** What the booking's answer adds besides the carrier's (rate shopping, address validation). */
  extras?: unknown;
  /** Who asked, for the audit entry of a booking recovered later. */
  actedBy?: unknown;
  calledAt: string;
  /** Not looked up before this: the call's timeout and the carrier's indexing delay after calledAt. */
  checkAfter: string;
  attempts: number;
  /** The call ended with its outcome unknown then: nothing makes it any more (markLost). */
  answerLostAt?: string;
}

const toRow = (i: BookingIntent): BookingIntentsTable => ({
  tenant: i.tenant,
  key: i.key,
  shipment: JSON.stringify(i.shipment),
  extras: i.extras === undefined ? null : JSON.stringify(i.extras),
  acted_by: i.actedBy === undefined ? null : JSON.stringify(i.actedBy),
  called_at: i.calledAt,
  check_after: i.checkAfter,
  attempts: i.attempts,
  answer_lost_at: i.answerLostAt ?? null,
});

const fromRow = (r: BookingIntentsTable): BookingIntent => ({
  tenant: r.tenant,
  key: r.key,
  shipment: JSON.parse(r.shipment),
  ...(r.extras !== null ? { extras: JSON.parse(r.extras) } : {}),
  ...(r.acted_by !== null ? { actedBy: JSON.parse(r.acted_by) } : {}),
  calledAt: r.called_at,
  checkAfter: r.check_after,
  attempts: Number(r.attempts),
  ...(r.answer_lost_at ? { answerLostAt: r.answer_lost_at } : {}),
});

/** Written before the call; a new call under the same key (a retry that books again) replaces it. */
export async function put(db: Kysely<Tables>, intent: BookingIntent): Promise<void> {
  const row = toRow(intent);
  await db
    .insertInto('booking_intents')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['tenant', 'key']).doUpdateSet({
        shipment: row.shipment,
        extras: row.extras,
        acted_by: row.acted_by,
        called_at: row.called_at,
        check_after: row.check_after,
        attempts: 0,
        answer_lost_at: null,
      }),
    )
    .execute();
}

/** The call under this key ended without its outcome (cut or timed out): a retry may ask the carrier at once. */
export async function markLost(db: Kysely<Tables>, tenant: string, key: string, at: string): Promise<void> {
  await db
    .updateTable('booking_intents')
    .set({ answer_lost_at: at })
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .execute();
}

/** Struck out: the booking is stored, or the call certainly booked nothing, or its outcome is settled. */
export async function remove(db: Kysely<Tables>, tenant: string, key: string): Promise<void> {
  await db.deleteFrom('booking_intents').where('tenant', '=', tenant).where('key', '=', key).execute();
}

export async function find(db: Kysely<Tables>, tenant: string, key: string): Promise<BookingIntent | undefined> {
  const row = await db
    .selectFrom('booking_intents')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** The oldest intents due for a lookup at `now`. */
export async function due(db: Kysely<Tables>, now: string, limit: number): Promise<BookingIntent[]> {
  const rows = await db
    .selectFrom('booking_intents')
    .selectAll()
    .where('check_after', '<=', now)
    .orderBy('check_after')
    .limit(limit)
    .execute();
  return rows.map(fromRow);
}

/**
 * Moves an intent's next lookup to `checkAfter`, only if no other instance moved it since it was
 * read (`seen`): true when this caller won it (the lease two instances could otherwise share).
 */
export async function postpone(
  db: Kysely<Tables>,
  seen: BookingIntent,
  checkAfter: string,
  attempts = seen.attempts,
): Promise<boolean> {
  const res = await db
    .updateTable('booking_intents')
    .set({ check_after: checkAfter, attempts })
    .where('tenant', '=', seen.tenant)
    .where('key', '=', seen.key)
    .where('check_after', '=', seen.checkAfter)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
