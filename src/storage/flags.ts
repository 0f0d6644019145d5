/**
 * Yes/no columns are 0/1 integers in both databases (SQLite has no boolean type). The records that
 * repositories take and return carry booleans, so the encoding never leaves storage/.
 */
export type WithFlags<Row, K extends keyof Row> = Omit<Row, K> & { [P in K]: boolean };

/** A record as its row: each named flag as 0 or 1. */
export function encodeFlags<Row, K extends keyof Row>(record: WithFlags<Row, K>, keys: readonly K[]): Row {
  const row: Record<PropertyKey, unknown> = { ...record };
  for (const k of keys) if (k in row) row[k] = row[k] ? 1 : 0;
  return row as Row;
}

/** A row as its record: each named flag as a boolean (PostgreSQL and SQLite both answer numbers). */
export function decodeFlags<Row, K extends keyof Row>(row: Row, keys: readonly K[]): WithFlags<Row, K> {
  const record: Record<PropertyKey, unknown> = { ...(row as object) };
  for (const k of keys) if (k in record) record[k] = Number(record[k]) === 1;
  return record as WithFlags<Row, K>;
}

/** A flag as a value to compare a column with. */
export const flag = (value: boolean): number => (value ? 1 : 0);
