/**
 * zkkey / Authorization: Bearer → the principal: the tenant, the key or token that acts for it and
 * what it may do (its scope's permissions; a key made before scopes, and a JWT, may do everything).
 * A bearer value that looks like a JWT is verified against the operator's secret (HS256) or public
 * key (EdDSA/ES256) and names the tenant in `sub`. The console's session cookie is http/session.ts's.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import type { importSPKI } from 'jose';
import type { Clock } from '../foundations/clock.js';
import type { KeyAuth } from '../services/index.js';
import { createTtlCache } from '../foundations/ttl-cache.js';
import { ApiError } from '../domain/errors.js';
import { isTenantName } from '../domain/tenants.js';
import { SCOPE_PERMISSIONS } from '../domain/permissions.js';
import type { Principal } from '../domain/principal.js';

export interface AuthOptions {
  /** API keys looked up (the identity service's). */
  keys: KeyAuth;
  clock: Clock;
  jwtSecret?: string;
  jwtPublicKey?: string;
  /** The longest a JWT may still be valid (seconds); a later `exp` is refused. Default 24 h. */
  jwtMaxLifetimeSec?: number;
  jwtAudience?: string;
  jwtIssuer?: string;
  /**
   * How long a verified key is trusted without asking the database again. Short, because a revoked
   * key stays usable for at most this long; it keeps the hot path off the database.
   */
  cacheMs?: number;
}

type Headers = Record<string, string | string[] | undefined>;

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

function header(headers: Headers, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function credentialFrom(headers: Headers): string | undefined {
  const zk = header(headers, 'zkkey')?.trim();
  if (zk) return zk;
  const authz = header(headers, 'authorization')?.trim();
  const m = authz ? /^Bearer\s+(.+)$/i.exec(authz) : null;
  return m?.[1]?.trim() || undefined;
}

/** The JWT library, loaded by the first token verified or key read, not at start: most deployments use API keys. */
const loadJose = () => import('jose');

export function createAuthenticator(opts: AuthOptions) {
  // Verified keys by the key itself, not its hash: hashing every request's key cost a cached /track
  // about 2 µs of its ~50 (bench/README.md). The keys held here are ones the process holds anyway
  // while it serves their requests; what is stored stays a hash (storage/repositories/keys.ts).
  const cache = createTtlCache<Principal>({ ttlMs: opts.cacheMs ?? 5_000 });
  let jwtKey: Promise<KeyObject | Awaited<ReturnType<typeof importSPKI>>> | undefined;
  if (opts.jwtPublicKey) {
    const pem = opts.jwtPublicKey;
    // Either algorithm the operator may use; importSPKI needs to be told which one.
    jwtKey = loadJose().then(({ importSPKI }) => importSPKI(pem, 'EdDSA').catch(() => importSPKI(pem, 'ES256')));
  } else if (opts.jwtSecret) {
    jwtKey = Promise.resolve(createSecretKey(Buffer.from(opts.jwtSecret, 'utf8')));
  }

  async function fromJwt(token: string): Promise<Principal> {
    if (!jwtKey)
      throw new ApiError(
        'wrong_api_key',
        'API key not accepted',
        'bearer token looks like a JWT but no JWT key is configured',
      );
    const { jwtVerify, errors: joseErrors } = await loadJose();
    try {
      const now = opts.clock.now();
      const { payload } = await jwtVerify(token, await jwtKey, {
        algorithms: opts.jwtPublicKey ? ['EdDSA', 'ES256'] : ['HS256'],
        requiredClaims: ['exp', 'sub'],
        currentDate: now,
        ...(opts.jwtAudience ? { audience: opts.jwtAudience } : {}),
        ...(opts.jwtIssuer ? { issuer: opts.jwtIssuer } : {}),
      });
      // A token valid for ever (exp: 1e308) is a key that can never be revoked: the lifetime is capped.
      const maxLifetime = opts.jwtMaxLifetimeSec ?? 86_400;
      if (typeof payload.exp !== 'number' || payload.exp > now.getTime() / 1000 + maxLifetime) {
        throw new ApiError(
          'wrong_api_key',
          'API key not accepted',
          `JWT exp is more than ${maxLifetime} seconds ahead (WAYBILL_JWT_MAX_LIFETIME)`,
        );
      }
      // " acme" must not reach acme's data, nor a 5,000-character name a log: sub is a tenant name.
      if (!isTenantName(payload.sub))
        throw new ApiError(
          'wrong_api_key',
          'API key not accepted',
          'JWT sub must be a tenant name (1 to 100 letters, digits, . _ -)',
        );
      return {
        tenant: payload.sub,
        actor: { kind: 'jwt', subject: payload.sub },
        grant: { scope: 'full' },
        permissions: SCOPE_PERMISSIONS.full,
      };
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const why = err instanceof joseErrors.JWTExpired ? 'JWT has expired' : 'JWT could not be verified';
      throw new ApiError('wrong_api_key', 'API key not accepted', why);
    }
  }

  /** The principal of a key verified within the cache's time, without a promise; else undefined. */
  function cached(headers: Headers): Principal | undefined {
    const credential = credentialFrom(headers);
    if (!credential || JWT_SHAPE.test(credential)) return undefined;
    return cache.get(credential, opts.clock.now().getTime());
  }

  /** Who the request acts as; throws missing_api_key / wrong_api_key. */
  async function authenticate(headers: Headers): Promise<Principal> {
    const credential = credentialFrom(headers);
    if (!credential)
      throw new ApiError(
        'missing_api_key',
        'No API key: send it in the zkkey header (or Authorization: Bearer)',
        'zkkey',
      );
    if (JWT_SHAPE.test(credential)) return fromJwt(credential);
    const now = opts.clock.now();
    const hit = cache.get(credential, now.getTime());
    if (hit !== undefined) return hit;
    const { principal, expires } = await opts.keys.principalOf(credential, now);
    cache.set(credential, principal, now.getTime(), expires - now.getTime());
    return principal;
  }

  /**
   * Forgets every key verified so far: a key revoked, or a user's rights changed, holds on this
   * instance at once (on others within the cache's time).
   */
  const forgetKeys = (): void => cache.clear();

  return { authenticate, cached, forgetKeys };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
