/**
 * Clients of the original interface send every property of their models, unset ones as `null`.
 * A null member means "absent": it is removed before validation, so `company: null` is no company
 * (not an empty string the validator coerced it to), and `ship_date: null` is no date. Nulls inside
 * arrays stay, so `packages: [null]` is still reported as a bad package.
 *
 * A change (PATCH) can clear a member only by naming it as null: the members a route declares in
 * `config.nullClears` (paths such as `return_method.destination`) keep their null, which its schema
 * then accepts there and nowhere else.
 */
const MAX_DEPTH = 32;

export function dropNullMembers(value: unknown, kept: readonly string[] = []): void {
  walk(value, kept, '', 0);
}

function walk(value: unknown, kept: readonly string[], path: string, depth: number): void {
  // No schema nests deeper than this; a hostile, deeply nested body is left to the validator.
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    // An array's items are never a member a route clears.
    for (const item of value) walk(item, [], '', depth + 1);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const member = record[key];
    // A string, number or boolean holds no member; a path is made only for a route that keeps some
    // nulls (most keep none).
    if (member !== null && typeof member !== 'object') continue;
    const at = kept.length === 0 ? '' : path ? `${path}.${key}` : key;
    if (member === null) {
      if (kept.length === 0 || !kept.includes(at)) delete record[key];
    } else walk(member, kept, at, depth + 1);
  }
}
