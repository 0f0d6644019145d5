/**
 * OAuth access tokens an emulated carrier has issued: opaque, deterministic per instance, valid for
 * the carrier's lifetime on the emulator clock. Shared by every emulated OAuth carrier.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../foundations/clock.js';

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

/**
 * Guards every tagged route of a carrier's plugin except its token endpoint with
 * `Authorization: Bearer <token>`: `refuse` turns the token's status (`unknown` when the header
 * is missing) into the carrier's own 401. Runs after the fault hook (registered on the root),
 * before any handler of the carrier.
 */
export function requireBearer(
  app: FastifyInstance,
  tokenStatus: (token: string) => string,
  refuse: (status: string) => Error,
): void {
  app.addHook('onRequest', async (request) => {
    const tag = request.routeOptions.config.emulator;
    if (!tag || tag.operation === 'oauth') return;
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const status = match?.[1] ? tokenStatus(match[1]) : 'unknown';
    if (status !== 'valid') throw refuse(status);
  });
}
