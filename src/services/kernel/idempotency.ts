/**
 * Idempotency-Key: the first request with a key claims it; its response is stored before it is sent
 * and replayed to any retry with the same body for 24 hours, without calling the carrier again.
 * Same key, different body → idempotency_key_reused; same key while the first still runs →
 * idempotency_key_in_use. A request rejected with a 4xx changed nothing, so its key is released and
 * may be retried; a 2xx or 5xx (where a carrier may have acted) is kept.
 *
 * A claim whose instance died (kill -9 while the carrier call was in flight) would hold the key until
 * it expires. A claim in progress for longer than `staleAfterMs` (twice the carrier timeout: no live
 * request runs that long) is stale, and the next retry takes it over and runs the request again.
 * That cannot buy a label twice once the carrier has answered: /ship stores the idempotent answer in
 * the same transaction as the shipment (`KeyClaim.completeIn`), so a booking that was stored is replayed, never
 * stale. A booking the carrier made in the instant before the crash, not yet stored, is looked up at
 * the carrier by the taker-over (`interruptedAt`; shipping/ship.ts settleInterrupted, where the carrier
 * has a lookup: README "Retrying safely"). A /ship whose carrier call lost its answer (cut or timed
 * out) marks its booking intent so: nothing runs under that claim any more, and the next retry takes
 * it over at once to ask the carrier, rather than being told "still being processed" until it is stale.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import { ApiError } from '../../domain/errors.js';
import type { Principal } from '../../domain/principal.js';
import type { Db } from '../../storage/database.js';
import * as repo from '../../storage/repositories/idempotency.js';
import * as intents from '../../storage/repositories/booking-intents.js';
import type { Sealer } from '../../storage/sealing.js';
import { CanonicalJson, canonicalJson } from '../../foundations/canonical-json.js';
import { timeSlicer } from '../../foundations/time-slice.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/** `interruptedAt`: the key was taken over from a stale claim made then (its request's instance died). */
export type Claim = { kind: 'owner'; interruptedAt?: string } | { kind: 'replay'; status: number; body: string };

export function fingerprint(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** Characters of a long string hashed at a time. */
const STRING_PIECE = 65_536;

/**
 * The same fingerprint, hashed a piece at a time with the event loop given its turns in between: at
 * once, a 10,000-shipment batch body held it for as long as its parsing used to. Every array and
 * every object holding an array or object is taken apart (a batch's shipments sit two objects
 * deep); an object of plain values is written whole, as canonicalJson does. `slice` is the
 * caller's turn-giver (its budget), a time slicer by default.
 */
export async function fingerprintInSlices(
  method: string,
  route: string,
  body: unknown,
  slice = timeSlicer(),
): Promise<string> {
  const hash = createHash('sha256').update(`${method} ${route}\n`);
  const container = (v: unknown): v is object => v !== null && typeof v === 'object';
  const walk = async (value: unknown): Promise<void> => {
    if (value instanceof CanonicalJson) hash.update(value.text);
    else if (Array.isArray(value)) {
      hash.update('[');
      for (let i = 0; i < value.length; i++) {
        await slice();
        if (i > 0) hash.update(',');
        await walk(value[i]);
      }
      hash.update(']');
    } else if (container(value) && Object.values(value).some(container)) {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      hash.update('{');
      for (const [i, [k, v]] of entries.entries()) {
        await slice();
        hash.update(`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`);
        await walk(v);
      }
      hash.update('}');
    } else if (typeof value === 'string' && value.length > STRING_PIECE) {
      // A CSV file read before its key was claimed: one string of up to 32 MiB, hashed in pieces.
      for (let at = 0; at < value.length; at += STRING_PIECE) {
        await slice();
        hash.update(JSON.stringify(value.slice(at, at + STRING_PIECE)));
      }
    } else hash.update(canonicalJson(value));
  };
  await walk(body);
  return hash.digest('hex');
}

/** Who made a request, as its claim keeps it. */
const makerOf = (principal: Principal): repo.KeyMaker => ({
  actor:
    principal.actor.kind === 'jwt' ? `jwt:${principal.actor.subject}` : `${principal.actor.kind}:${principal.actor.id}`,
  permissions: [...principal.permissions].sort(),
});

/**
 * Whether a stored answer goes to `asking`. A replay skips the route's own checks (only owners
 * invite owners, …): it is answered to the principal that made the request, or to one holding every
 * permission that one held, who would pass them too; an answer carrying a secret (an echoed
 * credential, an invitation link, a key) to that principal alone. A claim without its maker (a
 * batch item's, or from before makers were kept) goes to whoever asks, as it always did.
 */
function mayReplay(maker: repo.KeyMaker | null, asking: Principal | undefined, secret: boolean): boolean {
  if (maker === null) return true;
  if (asking === undefined) return false;
  const me = makerOf(asking);
  return maker.permissions.every((p) => me.permissions.includes(p)) && (me.actor === maker.actor || !secret);
}

/** Twice the default carrier timeout; the service is given the configured one. */
export const DEFAULT_STALE_AFTER_MS = 60_000;

/** Sealed answers start with the sealer's version tag; stored JSON starts with { or [. */
const SEALED = /^v\d+:/;

export function createIdempotencyService(deps: { db: Db; clock: Clock; sealer: Sealer; staleAfterMs?: number }) {
  const { db, clock } = deps;
  const staleAfterMs = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;

  /** Whether the /ship call under this claim (made at `claimedAt`) ended without its outcome. */
  async function answerLost(tenant: string, key: string, claimedAt: string): Promise<boolean> {
    const lostAt = (await intents.find(db, tenant, key))?.answerLostAt;
    return lostAt !== undefined && lostAt >= claimedAt;
  }

  /** `principal`: who asks (none for what a signed link alone opens). */
  async function claim(tenant: string, key: string, print: string, principal?: Principal): Promise<Claim> {
    const now = clock.now();
    const maker = principal ? makerOf(principal) : null;
    const row: repo.IdempotencyRow = {
      tenant,
      key,
      fingerprint: print,
      state: 'in_progress',
      status_code: null,
      response: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
      principal: maker,
    };
    if (await repo.claim(db, row, now.toISOString())) return { kind: 'owner' };
    const existing = await repo.find(db, tenant, key);
    // Released between our insert and our read: the key is free again.
    if (!existing) return claim(tenant, key, print, principal);
    if (existing.fingerprint !== print) {
      throw new ApiError(
        'idempotency_key_reused',
        `Idempotency-Key ${key} was used with a different request; use a new key for a new request`,
        key,
      );
    }
    if (existing.state !== 'done' || existing.status_code === null || existing.response === null) {
      const staleBefore = new Date(now.getTime() - staleAfterMs).toISOString();
      // A booking call that lost its answer is over: its retry asks the carrier now, not once stale.
      const over =
        existing.state === 'in_progress' &&
        (existing.created_at < staleBefore || (await answerLost(tenant, key, existing.created_at)));
      const before = existing.created_at < staleBefore ? staleBefore : new Date(now.getTime() + 1).toISOString();
      if (over && (await repo.takeOver(db, existing, before, now.toISOString(), row.expires_at, maker))) {
        return { kind: 'owner', interruptedAt: existing.created_at };
      }
      throw new ApiError(
        'idempotency_key_in_use',
        `A request with Idempotency-Key ${key} is still being processed (since ${existing.created_at}); retry shortly`,
        key,
        { retryAfter: 1 },
      );
    }
    const secret = SEALED.test(existing.response);
    if (!mayReplay(existing.principal, principal, secret)) {
      throw new ApiError(
        'idempotency_key_reused',
        `Idempotency-Key ${key} holds the answer to another principal's request, which this one may not see; use a new key for a new request`,
        key,
      );
    }
    const body = secret ? deps.sealer.open(existing.response) : existing.response;
    return { kind: 'replay', status: existing.status_code, body };
  }

  /**
   * The booking recovery's claim of a key whose request may have booked (shipping/recovery.ts): taken
   * over once stale, as a retry would take it, without the retry's body. 'done': a retry settled it;
   * 'busy': a request holds it now; 'gone': no live record (expired, or never made: a request
   * without a key).
   */
  async function takeOverStale(
    tenant: string,
    key: string,
  ): Promise<{ kind: 'owner'; interruptedAt: string } | { kind: 'done' | 'busy' | 'gone' }> {
    const now = clock.now();
    const existing = await repo.find(db, tenant, key);
    if (!existing || existing.expires_at <= now.toISOString()) return { kind: 'gone' };
    if (existing.state === 'done') return { kind: 'done' };
    const staleBefore = new Date(now.getTime() - staleAfterMs).toISOString();
    const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString();
    // Taken over for the request's maker, who keeps the right to its answer.
    if (
      existing.created_at < staleBefore &&
      (await repo.takeOver(db, existing, staleBefore, now.toISOString(), expiresAt, existing.principal))
    )
      return { kind: 'owner', interruptedAt: existing.created_at };
    return { kind: 'busy' };
  }

  /**
   * The rest of a claimed key's life, from the claim (a request's, or the recovery's take-over) to
   * its one outcome. `interruptedAt`: taken over from a request whose instance died then.
   */
  function held(tenant: string, key: string, interruptedAt?: string): KeyClaim {
    // open: nothing settled yet; kept: left in progress; completed: the answer with this status stored.
    let state: 'open' | 'kept' | 'settled' | { completed: number } = 'open';
    return {
      tenant,
      key,
      ...(interruptedAt !== undefined ? { interruptedAt } : {}),
      async completeIn(trx, status, body) {
        await repo.complete(trx, tenant, key, status, body);
        state = { completed: status };
      },
      keep() {
        state = 'kept';
      },
      async reopen() {
        state = 'kept';
        if (interruptedAt !== undefined) await repo.reopen(db, tenant, key, interruptedAt);
      },
      async finish(status, body, opts = {}) {
        // Completed in a transaction that then committed: the use case returned that answer. Had
        // the transaction rolled back, the use case failed and another status goes out.
        if (state === 'kept' || state === 'settled' || (typeof state === 'object' && state.completed === status))
          return;
        state = 'settled';
        if (status >= 400 && status < 500) await repo.release(db, tenant, key);
        else await repo.complete(db, tenant, key, status, opts.seal ? deps.sealer.seal(body) : body);
      },
    };
  }

  return { claim, held, takeOverStale };
}

/**
 * One claimed Idempotency-Key, the only writer of its record after the claim. Its outcome is
 * settled once: completed inside a use case's transaction with what it stored (a booking), kept in
 * progress for a retry or the recovery to settle (the carrier may have booked), or, for every other
 * request, by the answer that went out (`finish`, called by the HTTP layer for each answer).
 */
export interface KeyClaim {
  readonly tenant: string;
  readonly key: string;
  /** Taken over from a request whose instance died; that request's claim time. */
  readonly interruptedAt?: string;
  /**
   * Completes the claim inside the caller's transaction, so that what was stored and the answer a
   * retry gets are committed together. `body`: the answer's bytes as they will be sent.
   */
  completeIn(trx: Db, status: number, body: string): Promise<void>;
  /** Leaves the claim in progress whatever the answer is: a retry (or the recovery) settles it. */
  keep(): void;
  /** Hands a taken-over claim back as it was (claimed at `interruptedAt`, so stale again), and keeps it so. */
  reopen(): Promise<void>;
  /**
   * The answer that went out, unless already settled: a 4xx changed nothing, so the key is released;
   * a 2xx or 5xx is kept. `seal`: the answer carries a secret and is stored sealed like every other.
   */
  finish(status: number, body: string, opts?: { seal?: boolean }): Promise<void>;
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
