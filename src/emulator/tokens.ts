/**
 * OAuth access tokens an emulated carrier has issued: opaque, deterministic per instance, valid for
 * the carrier's lifetime on the emulator clock. Shared by every emulated OAuth carrier.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';

export class IssuedTokens {
  readonly #clock: Clock;
  readonly #slug: string;
  readonly #ttlSeconds: number;
  readonly #tokens = new Map<string, { clientId: string; expiresAt: number }>();
  #seq = 0;

  constructor(clock: Clock, slug: string, ttlSeconds: number) {
    this.#clock = clock;
    this.#slug = slug;
    this.#ttlSeconds = ttlSeconds;
  }

  issue(clientId: string): string {
    const now = this.#clock.now().getTime();
    // Long-running emulators forget expired tokens instead of growing without bound.
    if (this.#tokens.size > 1000) {
      for (const [token, entry] of this.#tokens) if (entry.expiresAt <= now) this.#tokens.delete(token);
    }
    this.#seq += 1;
    const token = createHash('sha256').update(`${this.#slug}:${this.#seq}:${clientId}`).digest('base64url');
    this.#tokens.set(token, { clientId, expiresAt: now + this.#ttlSeconds * 1000 });
    return token;
  }

  status(token: string): 'valid' | 'expired' | 'unknown' {
    const entry = this.#tokens.get(token);
    if (!entry) return 'unknown';
    return entry.expiresAt > this.#clock.now().getTime() ? 'valid' : 'expired';
  }
}
