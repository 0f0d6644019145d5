/**
 * Environment → typed Config. Every default is the embedded setup: SQLite in ./data, the built-in
 * carrier emulator on loopback. Invalid values stop start-up with a message naming the variable.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bool, ConfigError, duration, int, num, seconds, type Env } from './config-values.js';

/** Where carrier calls go: the built-in emulator or the carriers' own hosts. */
export type CarrierMode = 'emulator' | 'live';

/**
 * What is read per carrier: its slug (WAYBILL_<SLUG>_URL, WAYBILL_<SLUG>_TEST_URL) and the operator
 * settings it declares (WAYBILL_<SLUG>_<SETTING>). The carrier declarations are handed in where the
 * process is assembled (carriers/declarations.ts `carrierNames`), so that this foundation imports
 * no layer.
 */
export interface CarrierNames {
  slugs: readonly string[];
  operatorSettings(slug: string): readonly string[];
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** A file path, `sqlite:<path>`, `:memory:` or `postgres://…`; and how long a start waits for it to answer (0: tries once). */
  databaseUrl: string;
  databaseWaitMs: number;
  /** 32-byte key for credentials at rest; undefined → a key file in dataDir. */
  secretKey?: Buffer;
  jwtSecret?: string;
  /** PEM public key (EdDSA or ES256) for operator-minted JWTs. */
  jwtPublicKey?: string;
  /** The longest a JWT may still be valid, in seconds: a later `exp` is refused. */
  jwtMaxLifetimeSec: number;
  /** When set, a JWT's `aud` / `iss` must match. */
  jwtAudience?: string;
  jwtIssuer?: string;
  logLevel: string;
  /** GET /metrics in Prometheus text format (WAYBILL_METRICS, default true). */
  metrics: boolean;
  bodyLimit: number;
  /** A body whose read waits `idleMs` for its next bytes, or a request not whole `timeoutMs` after it began, is refused. */
  bodyRead: { idleMs: number; timeoutMs: number };
  /** Requests per second per API key (bursts of twice that), per instance; 0: off. Refused keys are throttled per client address while on. */
  rateLimit: number;
  /**
   * Absolute base URL of links handed out (labels, tracking pages, returns portals); unset → the
   * address the service listens on (never the request's Host header, which a caller chooses).
   */
  publicUrl?: string;
  /** How long signed links stay valid. */
  links: { labelTtlMs: number; trackingTtlMs: number };
  /** Console sessions: ended after this long unused, and this long after sign-in whatever happens. */
  sessions: { idleMs: number; lifetimeMs: number };
  /** How long an invitation link works. */
  invitationTtlMs: number;
  /** Audit entries older than this are deleted by the hourly sweep (WAYBILL_AUDIT_RETENTION_DAYS). */
  auditRetentionMs: number;
  /** Single sign-on by OpenID Connect, when an issuer is configured. */
  oidc?: OidcConfig;
  /** The built web pages (console, public pages): `npm run build` writes them to dist/web. */
  webRoot: string;
  carriers: {
    mode: CarrierMode;
    timeoutMs: number;
    /** Per-carrier base URL overrides by slug: WAYBILL_<SLUG>_URL / WAYBILL_<SLUG>_TEST_URL. */
    urls: Partial<Record<string, { live?: string; test?: string }>>;
    emulatorPort: number;
    /**
     * How long a booking whose answer was lost is searched for at the carrier before it counts as
     * never made (WAYBILL_CARRIER_LOOKUP_DELAY_MS); unset, each carrier's own `lookupDelayMs`, and 0
     * with the built-in emulator.
     */
    lookupDelayMs?: number;
  };
  /** Track batch: parallel carrier calls per carrier. */
  trackConcurrency: number;
  /** Rate shopping: how long one account's rating may take before it is left out as carrier_timeout. */
  rateShopTimeoutMs: number;
  /** Raw JSON of the operator's master test credentials (carrier → country → auth). */
  masterTestAccountsJson?: string;
  /** Operator settings carriers need besides account credentials: slug → setting → value. */
  operator: Partial<Record<string, Readonly<Record<string, string>>>>;
  webhooks: {
    /** First retry delay; later ones double (webhook-worker.ts). */
    retryBaseMs: number;
    /** One delivery attempt may take this long. */
    timeoutMs: number;
    /** Endpoints on loopback, link-local and private addresses are allowed (development, tests). */
    allowPrivate: boolean;
    /** An endpoint failing for this long is disabled. */
    disableAfterMs: number;
    /** How often an idle worker looks for due deliveries and tracking polls. */
    pollMs: number;
    /** Deliveries in flight per process. */
    concurrency: number;
    /** Endpoints one tenant may register. */
    maxEndpoints: number;
  };
  batches: {
    /** Carrier calls in flight per carrier and process for batch items (WAYBILL_BATCH_CONCURRENCY). */
    concurrency: number;
    /** A claimed item's lease; renewed while its call runs, so it only runs out when a process dies. */
    leaseMs: number;
    /** Body limit of POST /batches (JSON or CSV), larger than other requests': 10,000 shipments. */
    bodyLimit: number;
  };
  tracking: {
    /** Background poll interval for every carrier; unset → each carrier's own (tracking-poller.ts). */
    pollIntervalMs?: number;
    /** Background carrier calls in flight per carrier and process. */
    pollConcurrency: number;
  };
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** Where the provider sends the browser back; unset → <public URL>/session/sso/callback. */
  redirectUrl?: string;
}

/** WAYBILL_OIDC_*: an https issuer (http only on loopback, for development and tests) and its client. */
function oidc(env: Env): OidcConfig | undefined {
  const issuer = env.WAYBILL_OIDC_ISSUER?.trim();
  if (!issuer) return undefined;
  if (!URL.canParse(issuer)) throw new ConfigError(`WAYBILL_OIDC_ISSUER must be a URL, got "${issuer}"`);
  const url = new URL(issuer);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new ConfigError('WAYBILL_OIDC_ISSUER must be an https URL (http only on loopback)');
  const clientId = env.WAYBILL_OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new ConfigError('WAYBILL_OIDC_CLIENT_ID is required with WAYBILL_OIDC_ISSUER');
  const redirectUrl = env.WAYBILL_OIDC_REDIRECT_URL?.trim();
  return {
    issuer,
    clientId,
    ...(env.WAYBILL_OIDC_CLIENT_SECRET ? { clientSecret: env.WAYBILL_OIDC_CLIENT_SECRET } : {}),
    ...(redirectUrl ? { redirectUrl } : {}),
  };
}

function secretKey(raw: string | undefined): Buffer | undefined {
  if (!raw) return undefined;
  // 64 hex characters or base64 of 32 bytes; anything else is hashed down to 32 bytes so a
  // passphrase works too, but that is weaker and the README says so.
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  const b64 = Buffer.from(raw, 'base64');
  if (b64.length === 32 && /^[A-Za-z0-9+/=_-]+$/.test(raw)) return b64;
  throw new ConfigError(
    'WAYBILL_SECRET_KEY must be 32 bytes as 64 hex characters or base64 (generate one with: openssl rand -hex 32)',
  );
}

/** Each setting a carrier declares, from WAYBILL_<SLUG>_<SETTING> (upper case); unset ones are absent. */
function operatorSettings(env: Env, carriers: CarrierNames): Config['operator'] {
  const out: Config['operator'] = {};
  for (const slug of carriers.slugs) {
    const values: Record<string, string> = {};
    for (const name of carriers.operatorSettings(slug)) {
      const value = env[`WAYBILL_${slug.toUpperCase()}_${name.toUpperCase()}`];
      if (value) values[name] = value;
    }
    if (Object.keys(values).length > 0) out[slug] = values;
  }
  return out;
}

/**
 * dist/web, where `npm run build` puts the pages, from wherever this module runs: src/ (from
 * source), dist/ (bundled into cli.js) or dist/chunks/ (bundled into a chunk it shares with what
 * loads on first use; the bundler decides which, so both are handled).
 */
function builtWebRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return basename(here) === 'chunks' ? join(here, '..', 'web') : join(here, '..', 'dist', 'web');
}

export function loadConfig(env: Env, carriers: CarrierNames): Config {
  const dataDir = resolve(env.WAYBILL_DATA_DIR || './data');
  const urls: Config['carriers']['urls'] = {};
  for (const slug of carriers.slugs) {
    const live = env[`WAYBILL_${slug.toUpperCase()}_URL`];
    const test = env[`WAYBILL_${slug.toUpperCase()}_TEST_URL`];
    if (live || test) urls[slug] = { ...(live ? { live } : {}), ...(test ? { test } : {}) };
  }
  const modeRaw = env.WAYBILL_CARRIERS;
  if (modeRaw && modeRaw !== 'emulator' && modeRaw !== 'live')
    throw new ConfigError(`WAYBILL_CARRIERS must be "emulator" or "live", got "${modeRaw}"`);
  // The emulator is the default only when nobody configured a carrier endpoint.
  const mode: CarrierMode =
    (modeRaw as CarrierMode | undefined) ?? (Object.keys(urls).length > 0 ? 'live' : 'emulator');
  const logLevel = env.WAYBILL_LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel))
    throw new ConfigError(
      `WAYBILL_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`,
    );
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env, 'PORT', 8080, 0, 65535),
    dataDir,
    databaseUrl: env.WAYBILL_DATABASE_URL || resolve(dataDir, 'waybill.sqlite'),
    databaseWaitMs: env.WAYBILL_DATABASE_WAIT?.trim() === '0' ? 0 : duration(env, 'WAYBILL_DATABASE_WAIT', 60_000),
    secretKey: secretKey(env.WAYBILL_SECRET_KEY),
    jwtSecret: env.WAYBILL_JWT_SECRET || undefined,
    jwtPublicKey: env.WAYBILL_JWT_PUBLIC_KEY || undefined,
    jwtMaxLifetimeSec: seconds(env, 'WAYBILL_JWT_MAX_LIFETIME', 86_400),
    jwtAudience: env.WAYBILL_JWT_AUDIENCE || undefined,
    jwtIssuer: env.WAYBILL_JWT_ISSUER || undefined,
    logLevel,
    metrics: env.WAYBILL_METRICS === undefined || env.WAYBILL_METRICS === '' ? true : bool(env, 'WAYBILL_METRICS'),
    bodyLimit: int(env, 'WAYBILL_BODY_LIMIT', 1024 * 1024, 1024),
    bodyRead: {
      idleMs: int(env, 'WAYBILL_BODY_IDLE_TIMEOUT_MS', 30_000, 1, 3_600_000),
      timeoutMs: int(env, 'WAYBILL_BODY_TIMEOUT_MS', 300_000, 1, 3_600_000),
    },
    rateLimit: num(env, 'WAYBILL_RATE_LIMIT', 100, 0, 1_000_000),
    publicUrl: env.WAYBILL_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    links: {
      labelTtlMs: duration(env, 'WAYBILL_LABEL_URL_TTL', 24 * 3_600_000),
      // A parcel may travel for weeks and the buyer keeps the e-mail: tracking links live long.
      trackingTtlMs: duration(env, 'WAYBILL_TRACKING_URL_TTL', 180 * 86_400_000),
    },
    sessions: {
      idleMs: duration(env, 'WAYBILL_SESSION_IDLE_TIMEOUT', 2 * 3_600_000),
      lifetimeMs: duration(env, 'WAYBILL_SESSION_LIFETIME', 24 * 3_600_000),
    },
    invitationTtlMs: duration(env, 'WAYBILL_INVITATION_TTL', 7 * 86_400_000),
    auditRetentionMs: int(env, 'WAYBILL_AUDIT_RETENTION_DAYS', 365, 1, 36_500) * 86_400_000,
    oidc: oidc(env),
    webRoot: env.WAYBILL_WEB_ROOT ? resolve(env.WAYBILL_WEB_ROOT) : builtWebRoot(),
    carriers: {
      mode,
      timeoutMs: int(env, 'WAYBILL_CARRIER_TIMEOUT_MS', 30_000, 1),
      emulatorPort: int(env, 'WAYBILL_EMULATOR_PORT', 8081, 0, 65535),
      urls,
      // The built-in emulator's search shows a booking the moment it is made (bar its `hidden` fault):
      // a carrier's indexing margin would only keep a crashed batch unsettled for ten minutes.
      ...(env.WAYBILL_CARRIER_LOOKUP_DELAY_MS
        ? { lookupDelayMs: int(env, 'WAYBILL_CARRIER_LOOKUP_DELAY_MS', 0, 0, 86_400_000) }
        : mode === 'emulator'
          ? { lookupDelayMs: 0 }
          : {}),
    },
    trackConcurrency: int(env, 'WAYBILL_TRACK_CONCURRENCY', 16, 1, 1000),
    rateShopTimeoutMs: int(env, 'WAYBILL_RATE_SHOP_TIMEOUT_MS', 5_000, 1, 600_000),
    masterTestAccountsJson: env.WAYBILL_MASTER_TEST_ACCOUNTS || undefined,
    // Unset: test accounts use the reseller's sandbox RequesterID, live accounts are refused.
    operator: operatorSettings(env, carriers),
    webhooks: {
      retryBaseMs: int(env, 'WAYBILL_WEBHOOK_RETRY_BASE_MS', 60_000, 1),
      timeoutMs: int(env, 'WAYBILL_WEBHOOK_TIMEOUT_MS', 10_000, 1, 600_000),
      allowPrivate: bool(env, 'WAYBILL_WEBHOOK_ALLOW_PRIVATE'),
      disableAfterMs: int(env, 'WAYBILL_WEBHOOK_DISABLE_AFTER_MS', 3 * 86_400_000, 1),
      pollMs: int(env, 'WAYBILL_WEBHOOK_POLL_MS', 100, 1, 3_600_000),
      concurrency: int(env, 'WAYBILL_WEBHOOK_CONCURRENCY', 32, 1, 1000),
      maxEndpoints: int(env, 'WAYBILL_WEBHOOK_MAX_ENDPOINTS', 20, 1, 10_000),
    },
    batches: {
      concurrency: int(env, 'WAYBILL_BATCH_CONCURRENCY', 8, 1, 1000),
      leaseMs: int(env, 'WAYBILL_BATCH_LEASE_MS', 30_000, 300, 3_600_000),
      bodyLimit: int(env, 'WAYBILL_BATCH_BODY_LIMIT', 32 * 1024 * 1024, 1024),
    },
    tracking: {
      pollIntervalMs: env.WAYBILL_TRACKING_POLL_INTERVAL_MS
        ? int(env, 'WAYBILL_TRACKING_POLL_INTERVAL_MS', 0, 1)
        : undefined,
      pollConcurrency: int(env, 'WAYBILL_TRACKING_POLL_CONCURRENCY', 4, 1, 1000),
    },
  };
}

export { ConfigError };
