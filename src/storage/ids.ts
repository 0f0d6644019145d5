import { randomBytes } from 'node:crypto';

/** Opaque ids with a readable prefix (`sa_`, `shp_`, …) so a misplaced id is easy to spot in logs. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

export function nowIso(now: Date): string {
  return now.toISOString();
}
