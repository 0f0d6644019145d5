import { randomBytes, randomInt } from 'node:crypto';

/** Opaque ids with a readable prefix (`shp_`, `lbl_`, …) so a misplaced id is easy to spot in logs. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/**
 * A shipping account number: clients of the original interface parse the id as a 64-bit integer,
 * and JavaScript clients read it as a number. So: 15 decimal digits (below 2^53, exact as a double),
 * never a leading 0, drawn at random so that ids cannot be guessed in sequence.
 */
export function newAccountNumber(): string {
  // randomInt takes ranges below 2^48, so the 14 digits after the first come in two halves.
  const half = () => String(randomInt(0, 10_000_000)).padStart(7, '0');
  return `${randomInt(1, 10)}${half()}${half()}`;
}

export function nowIso(now: Date): string {
  return now.toISOString();
}
