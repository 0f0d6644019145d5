/** The real app in-process on a real database, with helpers to make keys and call it. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.js';
import { carrierNames, declarations } from '../../src/carriers/declarations.js';
import type { Adapters } from '../../src/carriers/adapters.js';
import { createCarrierRuntime } from '../../src/carriers/runtime.js';
import { createTokenStore } from '../../src/storage/token-store.js';
import type { Clock } from '../../src/foundations/clock.js';
import { loadConfig, type Config } from '../../src/foundations/config.js';
import type { App } from '../../src/http/types.js';
import { createLogger } from '../../src/foundations/logger.js';
import { createMetrics } from '../../src/foundations/metrics.js';
import { countPending } from '../../src/storage/repositories/events.js';
import { startBackground, type Background } from '../../src/services/background.js';
import { createServices, type Services } from '../../src/services/index.js';
import { emulatorMasterAccounts } from '../../src/services/accounts/master-accounts.js';
import type { MasterTestAccounts } from '../../src/services/accounts/accounts.js';
import { createSealer } from '../../src/storage/sealing.js';
import { createKey } from '../../src/storage/repositories/keys.js';
import type { Tracing } from '../../src/foundations/tracing.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

export interface TestApp {
  app: App;
  services: Services;
  db: TestDatabase;
  config: Config;
  /** Every log line the app wrote, as text. */
  logs: string[];
  /** A key of the tenant's; without a scope it may do everything, as keys from before scopes do. */
  key(tenant?: string, opts?: { expiresAt?: Date; scope?: 'read' | 'ship' | 'admin' }): Promise<string>;
  /** A console user of the tenant who may sign in at once (given a password, no invitation). */
  user(opts: {
    tenant?: string;
    role: 'owner' | 'admin' | 'shipper' | 'viewer';
    email?: string;
    password?: string;
  }): Promise<{ id: string; email: string; password: string }>;
  call(
    method: string,
    url: string,
    key: string | undefined,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Record<string, unknown>; raw: string }>;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: {
    dialect?: 'sqlite' | 'postgres';
    env?: Record<string, string>;
    clock?: Clock;
    masterTestAccounts?: MasterTestAccounts;
    sqliteFile?: string;
    secretKey?: Buffer;
    /** Base URL of a running emulator; every carrier call goes there. */
    emulatorUrl?: string;
    /** Run the webhook worker and the tracking poller, as `waybill serve` does. */
    background?: boolean;
    /** Adapters replacing the registry's, e.g. a declaration alone for a carrier without one. */
    adapters?: Partial<Adapters>;
    /** GET /metrics and the figures behind it, as `waybill serve` has them by default. */
    metrics?: boolean;
    /** Spans of requests, carrier calls and deliveries (src/foundations/tracing.ts); the suite flushes and shuts it down. */
    tracing?: Tracing;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase(opts.dialect ?? 'sqlite', { file: opts.sqliteFile });
  // Suites fire requests as fast as they can: the per-key limit is off unless a suite sets it.
  const config = loadConfig(
    { WAYBILL_DATA_DIR: '/nonexistent-test-data', WAYBILL_LOG_LEVEL: 'debug', WAYBILL_RATE_LIMIT: '0', ...opts.env },
    carrierNames,
  );
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const clock = opts.clock ?? { now: () => new Date() };
  const sealer = createSealer(opts.secretKey ?? randomBytes(32));
  const metrics = opts.metrics ? createMetrics({ pendingDeliveries: () => countPending(db.database.db) }) : undefined;
  const withMetrics = metrics ? { metrics } : {};
  const withTracing = opts.tracing ? { tracing: opts.tracing } : {};
  const carriers = createCarrierRuntime({
    config,
    tokens: createTokenStore({ db: db.database.db, sealer, clock }),
    clock,
    ...(opts.emulatorUrl ? { emulatorUrl: opts.emulatorUrl } : {}),
    ...withMetrics,
    ...withTracing,
  });
  const logger = createLogger('debug', sink);
  const deps = {
    config,
    logger,
    database: db.database,
    sealer,
    clock,
    declarations,
    adapters: { ...carriers.adapters, ...opts.adapters },
    labels: carriers.labels,
    masterTestAccounts: opts.masterTestAccounts ?? emulatorMasterAccounts(declarations),
    trackConcurrency: config.trackConcurrency,
    ...withMetrics,
  };
  const services = createServices(deps);
  const app = await buildApp({ ...deps, services, ...withTracing });
  await app.ready();
  const background: Background | undefined = opts.background
    ? startBackground({
        database: db.database,
        sealer,
        clock,
        config,
        services,
        log: logger,
        ...withMetrics,
        ...withTracing,
      })
    : undefined;
  return {
    app,
    services,
    db,
    config,
    logs,
    async key(tenant = 'acme', o = {}) {
      return (await createKey(db.database.db, { tenant, now: clock.now(), ...o })).key;
    },
    async user(o) {
      const email = o.email ?? `${o.role}-${randomBytes(4).toString('hex')}@example.com`;
      const password = o.password ?? `pw-${randomBytes(9).toString('base64url')}`;
      const made = await services.identity.users.create(
        o.tenant ?? 'acme',
        { email, role: o.role, password },
        null,
        'http://127.0.0.1',
      );
      return { id: made.user.id, email, password };
    },
    async call(method, url, key, body, headers = {}) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: {
          ...(key ? { zkkey: key } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      let parsed: unknown;
      try {
        parsed = JSON.parse(res.body);
      } catch {
        parsed = undefined;
      }
      return { status: res.statusCode, body: parsed, headers: res.headers, raw: res.body };
    },
    async close() {
      await app.close();
      await background?.stop();
      await carriers.close();
      await db.drop();
    },
  };
}

/** Asserts the spec's error shape and returns the error object. */
export function expectError(
  res: { status: number; body: any },
  status: number,
  code: string,
): { code: string; message: string; detail: string } {
  const err = res.body?.error;
  if (
    res.status !== status ||
    err?.code !== code ||
    typeof err?.message !== 'string' ||
    typeof err?.detail !== 'string'
  ) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  return err;
}

export interface AppSuite {
  t: TestApp;
  /** A key of tenant "acme". */
  key: string;
}

/** A test app for a whole suite: made before its first test, closed after its last. */
export function useTestApp(opts: Parameters<typeof createTestApp>[0] = {}): AppSuite {
  const suite = {} as AppSuite;
  beforeAll(async () => {
    suite.t = await createTestApp(opts);
    suite.key = await suite.t.key('acme');
  });
  afterAll(() => suite.t?.close());
  return suite;
}
