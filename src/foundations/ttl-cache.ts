/**
 * A small in-process cache with a time limit per entry and a size bound. It sits in front of the
 * database on hot paths; the database stays the truth that every instance shares, so an entry may
 * be at most `ttlMs` behind a change made by another instance.
 */
export interface TtlCache<V> {
  get(key: string, now: number): V | undefined;
  set(key: string, value: V, now: number, ttlMs?: number): void;
  delete(key: string): void;
  /** Drops every entry whose key starts with the prefix. */
  deletePrefix(prefix: string): void;
  clear(): void;
}

export function createTtlCache<V>(opts: { ttlMs: number; maxEntries?: number }): TtlCache<V> {
  const max = opts.maxEntries ?? 10_000;
  const entries = new Map<string, { value: V; until: number }>();
  return {
    get(key, now) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.until > now) return e.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, now, ttlMs = opts.ttlMs) {
      // Past the bound, start afresh rather than track recency: hot keys come back within a request.
      if (entries.size >= max) entries.clear();
      entries.set(key, { value, until: now + Math.min(ttlMs, opts.ttlMs) });
    },
    delete(key) {
      entries.delete(key);
    },
    deletePrefix(prefix) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
