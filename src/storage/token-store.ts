/**
 * OAuth2 client-credentials tokens shared by all instances through the database: the token store
 * the carrier adapters are handed (structurally their TokenStore).
 * Contract: `get` returns a token valid for at least the safety margin, calling `fetch` only when
 * needed, and never runs two fetches for one credential set at the same time (in this process or,
 * through a lease row, across processes): some carriers revoke the old token on refresh.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../foundations/clock.js';
import * as repo from './repositories/oauth-tokens.js';
import type { Sealer } from './sealing.js';
import type { Tables } from './tables.js';

/** What a token endpoint answered: the token and its lifetime in seconds. */
export interface TokenGrant {
  access_token: string;
  expires_in: number;
}

export interface DatabaseTokenStore {
  get(key: string, fetch: () => Promise<TokenGrant>): Promise<string>;
  invalidate(key: string, token: string): Promise<void>;
}

export interface TokenStoreOptions {
  db: Kysely<Tables>;
  sealer: Sealer;
  clock: Clock;
  /** A token is renewed this long before it expires, so that no call carries a dying token. */
  marginMs?: number;
  /**
   * How long one instance may hold the refresh lease before others may take over: longer than a
   * token call can take, so a slow carrier is not asked twice (`tokenLeaseMs`).
   */
  leaseMs?: number;
  /** Pause between looks at the row while another instance refreshes. */
  pollMs?: number;
}

/**
 * The lease for a carrier timeout (WAYBILL_CARRIER_TIMEOUT_MS, which bounds a token call, retries
 * included) plus time to save the token. No longer: an instance killed while refreshing leaves its
 * lease behind, and every other instance waits it out before calling that carrier again.
 */
export const tokenLeaseMs = (carrierTimeoutMs: number): number => carrierTimeoutMs + 5_000;

export function createTokenStore(opts: TokenStoreOptions): DatabaseTokenStore {
  const { db, sealer, clock } = opts;
  const marginMs = opts.marginMs ?? 120_000;
  const leaseMs = opts.leaseMs ?? 90_000;
  const pollMs = opts.pollMs ?? 50;
  const owner = randomBytes(9).toString('base64url');
  // One refresh per credential set inside this process; the lease covers other processes.
  const inflight = new Map<string, Promise<string>>();
  // The database row read last, per key: a fresh token is used without a round trip. A token another
  // instance replaced is refused by the carrier, and `invalidate` then sends us back to the row.
  const memory = new Map<string, { token: string; expiresAt: number }>();

  function remember(key: string, row: repo.OAuthTokenRecord | undefined): string | undefined {
    const token = fresh(row, clock.now().getTime());
    if (token && row?.expires_at) memory.set(key, { token, expiresAt: Date.parse(row.expires_at) });
    return token;
  }

  function fresh(row: repo.OAuthTokenRecord | undefined, now: number): string | undefined {
    if (!row?.token_sealed || !row.expires_at) return undefined;
    return Date.parse(row.expires_at) - marginMs > now ? sealer.open(row.token_sealed) : undefined;
  }

  async function obtain(key: string, fetch: () => Promise<TokenGrant>): Promise<string> {
    const deadline = clock.now().getTime() + leaseMs * 2;
    for (;;) {
      const now = clock.now();
      const cached = remember(key, await repo.readToken(db, key));
      if (cached) return cached;
      if (await repo.tryLease(db, key, owner, now.toISOString(), new Date(now.getTime() + leaseMs).toISOString())) {
        // Another instance may have saved a token and let the lease go between our read and our
        // lease: look again before asking the carrier, which would revoke that token.
        const saved = remember(key, await repo.readToken(db, key));
        if (saved) {
          await repo.releaseLease(db, key, owner);
          return saved;
        }
        try {
          const token = await fetch();
          const expiresAt = new Date(clock.now().getTime() + Math.max(0, token.expires_in) * 1000).toISOString();
          await repo.saveToken(db, key, owner, sealer.seal(token.access_token), expiresAt);
          memory.set(key, { token: token.access_token, expiresAt: Date.parse(expiresAt) });
          return token.access_token;
        } catch (err) {
          await repo.releaseLease(db, key, owner);
          throw err;
        }
      }
      if (clock.now().getTime() > deadline)
        throw new Error('timed out waiting for another instance to refresh the carrier token');
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  return {
    async get(key, fetch) {
      const mem = memory.get(key);
      if (mem && mem.expiresAt - marginMs > clock.now().getTime()) return mem.token;
      const cached = remember(key, await repo.readToken(db, key));
      if (cached) return cached;
      let pending = inflight.get(key);
      if (!pending) {
        pending = obtain(key, fetch).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return pending;
    },
    async invalidate(key, token) {
      if (memory.get(key)?.token === token) memory.delete(key);
      const row = await repo.readToken(db, key);
      if (row?.token_sealed && sealer.open(row.token_sealed) === token)
        await repo.clearToken(db, key, row.token_sealed);
    },
  };
}
