/**
 * Idempotency-Key: the first request with a key claims it; its response is stored before it is sent
 * and replayed to any retry with the same body for 24 hours, without calling the carrier again.
 * Same key, different body → idempotency_key_reused; same key while the first still runs →
 * idempotency_key_in_use. A request rejected with a 4xx changed nothing, so its key is released and
 * may be retried; a 2xx or 5xx (where a carrier may have acted) is kept.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { ApiError } from '../domain/errors.js';
import * as repo from '../storage/repositories/idempotency.js';
import type { Tables } from '../storage/tables.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

export type Claim = { kind: 'owner' } | { kind: 'replay'; status: number; body: string };

/** JSON with object keys sorted, so that key order does not make two equal bodies differ. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprint(method: string, route: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${route}\n${canonicalJson(body)}`).digest('hex');
}

export function createIdempotencyService(deps: { db: Kysely<Tables>; clock: Clock }) {
  const { db, clock } = deps;

  async function claim(tenant: string, key: string, print: string): Promise<Claim> {
    const now = clock.now();
    const row: repo.IdempotencyRow = {
      tenant,
      key,
      fingerprint: print,
      state: 'in_progress',
      status_code: null,
      response: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
    };
    if (await repo.claim(db, row, now.toISOString())) return { kind: 'owner' };
    const existing = await repo.find(db, tenant, key);
    // Released between our insert and our read: the key is free again.
    if (!existing) return claim(tenant, key, print);
    if (existing.fingerprint !== print) {
      throw new ApiError('idempotency_key_reused', `Idempotency-Key ${key} was used with a different request; use a new key for a new request`, key);
    }
    if (existing.state !== 'done' || existing.status_code === null || existing.response === null) {
      throw new ApiError('idempotency_key_in_use', `A request with Idempotency-Key ${key} is still being processed (since ${existing.created_at}); retry shortly`, key, { retryAfter: 1 });
    }
    return { kind: 'replay', status: existing.status_code, body: existing.response };
  }

  async function finish(tenant: string, key: string, status: number, body: string): Promise<void> {
    if (status >= 400 && status < 500) await repo.release(db, tenant, key);
    else await repo.complete(db, tenant, key, status, body);
  }

  return { claim, finish };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
