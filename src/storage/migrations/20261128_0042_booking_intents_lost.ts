import type { Kysely } from 'kysely';

/**
 * When a booking call ended without its outcome (the connection cut or timed out after the request
 * went out): from then on nothing is making the call, so a retry with the same Idempotency-Key may
 * ask the carrier at once instead of waiting for the claim to go stale. Null while the call runs,
 * and on intents whose instance died mid-call (those are settled once their claim is stale).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking_intents').addColumn('answer_lost_at', 'text').execute();
}
