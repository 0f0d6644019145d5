/**
 * JSON with object keys sorted, so that key order does not make two equal bodies differ: what an
 * Idempotency-Key's fingerprint hashes. A value already written this way can stand in for itself
 * (CanonicalJson): a batch body's shipments are kept as their text from the moment each is parsed,
 * so that 10,000 of them are 10,000 strings on the heap rather than a million small objects (whose
 * collection held the event loop for 90 ms) and are hashed without being written out again.
 */
export class CanonicalJson {
  constructor(readonly text: string) {}
}

export function canonicalJson(value: unknown): string {
  if (value instanceof CanonicalJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
