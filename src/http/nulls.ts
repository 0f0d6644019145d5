/**
 * Clients of the original interface send every property of their models, unset ones as `null`.
 * A null member means "absent": it is removed before validation, so `company: null` is no company
 * (not an empty string the validator coerced it to), and `ship_date: null` is no date. Nulls inside
 * arrays stay, so `packages: [null]` is still reported as a bad package.
 */
const MAX_DEPTH = 32;

export function dropNullMembers(value: unknown, depth = 0): void {
  // No schema nests deeper than this; a hostile, deeply nested body is left to the validator.
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const item of value) dropNullMembers(item, depth + 1);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (record[key] === null) delete record[key];
    else dropNullMembers(record[key], depth + 1);
  }
}
