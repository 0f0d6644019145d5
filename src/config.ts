/**
 * Environment → typed Config. Every default is the embedded setup: SQLite in ./data, the built-in
 * carrier emulator on loopback. Invalid values stop start-up with a message naming the variable.
 */
import { resolve } from 'node:path';
import type { OperatorSettings } from './carriers/carrier.js';
import { CARRIER_SLUGS, declarations, type CarrierSlug } from './carriers/declarations.js';

export type CarrierMode = 'emulator' | 'live';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** A file path, `sqlite:<path>`, `:memory:` or `postgres://…`. */
  databaseUrl: string;
  /** 32-byte key for credentials at rest; undefined → a key file in dataDir. */
  secretKey?: Buffer;
  jwtSecret?: string;
  /** PEM public key (EdDSA or ES256) for operator-minted JWTs. */
  jwtPublicKey?: string;
  logLevel: string;
  bodyLimit: number;
  /** Absolute base URL used in label links; derived from the request when unset. */
  publicUrl?: string;
  carriers: {
    mode: CarrierMode;
    timeoutMs: number;
    emulatorPort: number;
    /** Per-carrier base URL overrides: WAYBILL_<SLUG>_URL / WAYBILL_<SLUG>_TEST_URL. */
    urls: Partial<Record<CarrierSlug, { live?: string; test?: string }>>;
  };
  /** Track batch: parallel carrier calls per carrier. */
  trackConcurrency: number;
  /** Rate shopping: how long one account's rating may take before it is left out as carrier_timeout. */
  rateShopTimeoutMs: number;
  /** Raw JSON of the operator's master test credentials (carrier → country → auth). */
  masterTestAccountsJson?: string;
  /** Operator settings carriers need besides account credentials: slug → setting → value. */
  operator: OperatorSettings;
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
  };
  tracking: {
    /** Background poll interval for every carrier; unset → each carrier's own (tracking-poller.ts). */
    pollIntervalMs?: number;
    /** Background carrier calls in flight per carrier and process. */
    pollConcurrency: number;
  };
}

type Env = Record<string, string | undefined>;

class ConfigError extends Error {}

function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

function bool(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new ConfigError(`${name} must be "true" or "false", got "${raw}"`);
}

function secretKey(raw: string | undefined): Buffer | undefined {
  if (!raw) return undefined;
  // 64 hex characters or base64 of 32 bytes; anything else is hashed down to 32 bytes so a
  // passphrase works too, but that is weaker and the README says so.
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  const b64 = Buffer.from(raw, 'base64');
  if (b64.length === 32 && /^[A-Za-z0-9+/=_-]+$/.test(raw)) return b64;
  throw new ConfigError('WAYBILL_SECRET_KEY must be 32 bytes as 64 hex characters or base64 (generate one with: openssl rand -hex 32)');
}

/** Each setting a carrier declares, from WAYBILL_<SLUG>_<SETTING> (upper case); unset ones are absent. */
function operatorSettings(env: Env): OperatorSettings {
  const out: OperatorSettings = {};
  for (const slug of CARRIER_SLUGS) {
    const values: Record<string, string> = {};
    for (const name of declarations[slug].operatorSettings ?? []) {
      const value = env[`WAYBILL_${slug.toUpperCase()}_${name.toUpperCase()}`];
      if (value) values[name] = value;
    }
    if (Object.keys(values).length > 0) out[slug] = values;
  }
  return out;
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.WAYBILL_DATA_DIR || './data');
  const urls: Config['carriers']['urls'] = {};
  for (const slug of CARRIER_SLUGS) {
    const live = env[`WAYBILL_${slug.toUpperCase()}_URL`];
    const test = env[`WAYBILL_${slug.toUpperCase()}_TEST_URL`];
    if (live || test) urls[slug] = { ...(live ? { live } : {}), ...(test ? { test } : {}) };
  }
  const modeRaw = env.WAYBILL_CARRIERS;
  if (modeRaw && modeRaw !== 'emulator' && modeRaw !== 'live') throw new ConfigError(`WAYBILL_CARRIERS must be "emulator" or "live", got "${modeRaw}"`);
  // The emulator is the default only when nobody configured a carrier endpoint.
  const mode: CarrierMode = (modeRaw as CarrierMode | undefined) ?? (Object.keys(urls).length > 0 ? 'live' : 'emulator');
  const logLevel = env.WAYBILL_LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) throw new ConfigError(`WAYBILL_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`);
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env, 'PORT', 8080, 0, 65535),
    dataDir,
    databaseUrl: env.WAYBILL_DATABASE_URL || resolve(dataDir, 'waybill.sqlite'),
    secretKey: secretKey(env.WAYBILL_SECRET_KEY),
    jwtSecret: env.WAYBILL_JWT_SECRET || undefined,
    jwtPublicKey: env.WAYBILL_JWT_PUBLIC_KEY || undefined,
    logLevel,
    bodyLimit: int(env, 'WAYBILL_BODY_LIMIT', 1024 * 1024, 1024),
    publicUrl: env.WAYBILL_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    carriers: {
      mode,
      timeoutMs: int(env, 'WAYBILL_CARRIER_TIMEOUT_MS', 30_000, 1),
      emulatorPort: int(env, 'WAYBILL_EMULATOR_PORT', 8081, 0, 65535),
      urls,
    },
    trackConcurrency: int(env, 'WAYBILL_TRACK_CONCURRENCY', 16, 1, 1000),
    rateShopTimeoutMs: int(env, 'WAYBILL_RATE_SHOP_TIMEOUT_MS', 5_000, 1, 600_000),
    masterTestAccountsJson: env.WAYBILL_MASTER_TEST_ACCOUNTS || undefined,
    // Unset: test accounts use the reseller's sandbox RequesterID, live accounts are refused.
    operator: operatorSettings(env),
    webhooks: {
      retryBaseMs: int(env, 'WAYBILL_WEBHOOK_RETRY_BASE_MS', 60_000, 1),
      timeoutMs: int(env, 'WAYBILL_WEBHOOK_TIMEOUT_MS', 10_000, 1, 600_000),
      allowPrivate: bool(env, 'WAYBILL_WEBHOOK_ALLOW_PRIVATE'),
      disableAfterMs: int(env, 'WAYBILL_WEBHOOK_DISABLE_AFTER_MS', 3 * 86_400_000, 1),
      pollMs: int(env, 'WAYBILL_WEBHOOK_POLL_MS', 100, 1, 3_600_000),
      concurrency: int(env, 'WAYBILL_WEBHOOK_CONCURRENCY', 32, 1, 1000),
    },
    tracking: {
      pollIntervalMs: env.WAYBILL_TRACKING_POLL_INTERVAL_MS ? int(env, 'WAYBILL_TRACKING_POLL_INTERVAL_MS', 0, 1) : undefined,
      pollConcurrency: int(env, 'WAYBILL_TRACKING_POLL_CONCURRENCY', 4, 1, 1000),
    },
  };
}

export { ConfigError };
