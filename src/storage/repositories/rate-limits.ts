/** Request-rate buckets shared by every instance: one statement takes tokens, so instances never race. */
import { sql, type Kysely } from 'kysely';
import type { Tables } from '../tables.js';

export interface Take {
  /** Tokens granted: `want`, else 1, else 0 when the bucket holds less than one. */
  granted: number;
  /** Tokens left in the bucket after the take. */
  tokens: number;
}

/**
 * Refills bucket `id` for the time since its last take (`ratePerSec`, up to `burst`) and takes
 * `want` tokens from it, or one when it holds fewer, or none. A new bucket starts full. Portable SQL
 * (an upsert with RETURNING); numbers are cast so PostgreSQL does not type them from the column.
 */
export async function takeTokens(
  db: Kysely<Tables>,
  id: string,
  want: number,
  opts: { ratePerSec: number; burst: number; nowMs: number },
): Promise<Take> {
  const now = sql`CAST(${Math.floor(opts.nowMs)} AS bigint)`;
  const rate = sql`CAST(${opts.ratePerSec} AS double precision)`;
  const burst = sql`CAST(${opts.burst} AS double precision)`;
  const n = sql`CAST(${want} AS double precision)`;
  const elapsed = sql`(CASE WHEN ${now} > rate_limits.at THEN ${now} - rate_limits.at ELSE 0 END)`;
  const grown = sql`(rate_limits.tokens + ${elapsed} * ${rate} / 1000.0)`;
  const refilled = sql`(CASE WHEN ${grown} > ${burst} THEN ${burst} ELSE ${grown} END)`;
  const grant = sql`(CASE WHEN ${refilled} >= ${n} THEN ${n} WHEN ${refilled} >= 1 THEN 1 ELSE 0 END)`;
  const first = Math.min(want, opts.burst);
  const { rows } = await sql<{ tokens: number | string; granted: number | string }>`
    INSERT INTO rate_limits (id, tokens, at, granted) VALUES (${id}, ${opts.burst - first}, ${now}, ${first})
    ON CONFLICT (id) DO UPDATE SET
      tokens = ${refilled} - ${grant},
      at = CASE WHEN rate_limits.at > ${now} THEN rate_limits.at ELSE ${now} END,
      granted = ${grant}
    RETURNING tokens, granted`.execute(db);
  const row = rows[0]!;
  return { granted: Number(row.granted), tokens: Number(row.tokens) };
}

/** Drops buckets nobody took from since `beforeMs`: they would be full again, as a missing one is. */
export async function dropIdle(db: Kysely<Tables>, beforeMs: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('at', '<', beforeMs).execute();
}
