/** One request-rate bucket shared by every instance (http/shared-buckets.ts). */
export interface RateLimitsTable {
  /** The bucket's kind and a hash of what it counts (a key, an address, a tenant, a link). */
  id: string;
  tokens: number;
  /** When it was last taken from, ms since the epoch. */
  at: number;
  /** How many tokens that take got. */
  granted: number;
}
