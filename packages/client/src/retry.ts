/**
 * When to try a call again and how long to wait. A POST carries its Idempotency-Key on every try,
 * so the service answers a repeated booking with the first one's answer instead of booking again.
 */

export interface RetryPolicy {
  /** Tries after the first; 0 turns retrying off. */
  retries: number;
  /** The first back-off; each further one doubles, with full jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is thrown instead. */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  retries: 3,
  baseDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

/**
 * 429 and 5xx are worth another try, and 409 idempotency_key_in_use (the first try still runs).
 * An answer the service replayed under the key (`idempotent-replayed`) is final: a carrier failure
 * is kept under its key because the carrier may have acted, and asking again gives the same answer.
 */
export function retryable(status: number, code: string | undefined, replayed: boolean): boolean {
  if (replayed) return false;
  if (status === 409) return code === 'idempotency_key_in_use';
  return status === 429 || status >= 500;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before try `attempt` (1 = the first retry): the service's Retry-After when given, else exponential back-off. */
export function delayMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfter: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfter !== undefined) return retryAfter;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
