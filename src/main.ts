/**
 * config → database → app → listen, and the reverse on shutdown: stop accepting, drain requests in
 * flight, close carrier pools and the database.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { declarations } from './carriers/declarations.js';
import { createCarrierRuntime } from './carriers/runtime.js';
import { systemClock, type Clock } from './foundations/clock.js';
import { ConfigError, type Config } from './foundations/config.js';
import type { App } from './http/types.js';
import { createLogger } from './foundations/logger.js';
import { createMetrics } from './foundations/metrics.js';
import { startMemoryReturn } from './foundations/memory-return.js';
import { startBackground } from './services/background.js';
import { createServices } from './services/index.js';
import { emulatorMasterAccounts, parseMasterAccounts } from './services/accounts/index.js';
import { ApiError } from './domain/errors.js';
import { createDatabase, type Database } from './storage/database.js';
import { isStorageUnreachable } from './storage/faults.js';
import { migrate } from './storage/migrations/index.js';
import { countPending } from './storage/repositories/events.js';
import { verifySealingKey } from './storage/key-check.js';
import { createSealer, loadSealingKey, type Sealer } from './storage/sealing.js';
import { createTokenStore, tokenLeaseMs } from './storage/token-store.js';
import { releaseAllLeases } from './storage/repositories/oauth-tokens.js';
import { loadTracing } from './foundations/tracing.js';
import { holdServer, type HeldServer } from './foundations/held-server.js';
import type { Emulator } from './emulator/server.js';

export interface RunningServer {
  app: App;
  url: string;
  database: Database;
  close(): Promise<void>;
}

/**
 * The database, migrated. One that cannot be reached yet (a container or cluster often starts it
 * after the service) is tried again, one log line per attempt, for WAYBILL_DATABASE_WAIT; then the
 * start fails with one line naming the setting.
 */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  const deadline = Date.now() + config.databaseWaitMs;
  for (let attempt = 1; ; attempt++) {
    const database = createDatabase(config.databaseUrl);
    try {
      const applied = await migrate(database);
      if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
      return database;
    } catch (err) {
      await database.close().catch(() => {});
      if (!isStorageUnreachable(err)) throw err;
      const reason = reasonOf(err);
      const left = deadline - Date.now();
      if (left <= 0) {
        const waited =
          config.databaseWaitMs > 0
            ? ` after trying for ${Math.round(config.databaseWaitMs / 1000)} s (WAYBILL_DATABASE_WAIT)`
            : '';
        throw new ConfigError(
          `cannot reach the database of WAYBILL_DATABASE_URL (${shownUrl(config.databaseUrl)}): ${reason}${waited}; start it, or set WAYBILL_DATABASE_URL to one that runs`,
        );
      }
      const delayMs = Math.min(DATABASE_RETRY_MS * attempt, DATABASE_RETRY_MAX_MS, left);
      log.warn(
        { attempt, retryInMs: delayMs },
        `database unreachable (${reason}); trying again in ${(delayMs / 1000).toFixed(1)} s, for up to ${Math.ceil(left / 1000)} s more (WAYBILL_DATABASE_WAIT)`,
      );
      await sleep(delayMs);
    }
  }
}

const DATABASE_RETRY_MS = 1_000;
const DATABASE_RETRY_MAX_MS = 5_000;

/** The driver's own words (connect ECONNREFUSED 127.0.0.1:5432), not the wrapper's. */
function reasonOf(err: unknown): string {
  const cause = err instanceof ApiError && err.cause instanceof Error ? err.cause : err;
  // Node's AggregateError of a refused localhost (::1 and 127.0.0.1) has a code and no message.
  return cause instanceof Error
    ? cause.message || String((cause as NodeJS.ErrnoException).code ?? cause.name)
    : String(cause);
}

/** The database's address without its password. */
function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** The sealer of this instance's key, checked against the database's key check (refuses a wrong key). */
export async function openSealer(config: Config, database: Database, now: Date): Promise<Sealer> {
  const sealer = createSealer(loadSealingKey(config.secretKey, config.dataDir));
  const keySource = config.secretKey
    ? 'WAYBILL_SECRET_KEY'
    : `key file ${join(config.dataDir, 'secret.key')}, as WAYBILL_SECRET_KEY is not set`;
  await verifySealingKey(database.db, sealer, keySource, now);
  return sealer;
}

/** A port another process holds, as the one setting to change (the CLI prints it in one line); other errors as they are. */
function portTaken(err: unknown, port: number, setting: string, what: string): unknown {
  if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') return err;
  return new ConfigError(`port ${port} is in use, so ${what} cannot listen there: set ${setting} to a free port`);
}

export async function startServer(
  config: Config,
  opts: { logger?: Logger; clock?: Clock } = {},
): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const clock = opts.clock ?? systemClock;
  const database = await openDatabase(config, logger);
  let sealer: Sealer;
  try {
    sealer = await openSealer(config, database, clock.now());
  } catch (err) {
    await database.close();
    throw err;
  }
  if (database.dialect === 'postgres' && !config.secretKey) {
    logger.warn(
      "WAYBILL_SECRET_KEY is not set: credentials are sealed with this data directory's key file, which other instances do not share",
    );
  }
  const masterTestAccounts = config.masterTestAccountsJson
    ? parseMasterAccounts(config.masterTestAccountsJson, declarations)
    : config.carriers.mode === 'emulator'
      ? emulatorMasterAccounts(declarations)
      : {};

  // The embedded default: the carrier emulator on loopback, every carrier pointed at it. Its port
  // is bound now and its code loaded by the first request that reaches it
  // (foundations/held-server.ts); a live instance never loads the emulator (its carriers, labels, forms).
  let emulator: Promise<Emulator> | undefined;
  const emulatorServer =
    config.carriers.mode === 'emulator'
      ? await holdServer('127.0.0.1', config.carriers.emulatorPort, () => {
          emulator ??= startEmbeddedEmulator(emulatorServer!, config.dataDir, logger);
        }).catch(async (err: unknown) => {
          await database.close();
          throw portTaken(err, config.carriers.emulatorPort, 'WAYBILL_EMULATOR_PORT', 'the carrier emulator');
        })
      : undefined;
  if (emulatorServer)
    logger.info(
      { emulator: emulatorServer.url },
      `carrier emulator listening on ${emulatorServer.url}; every carrier's live and test host points at it (WAYBILL_CARRIERS=live to use the real carriers)`,
    );
  // One registry per instance (no process-wide singleton); WAYBILL_METRICS=false leaves it out.
  const metrics = config.metrics ? createMetrics({ pendingDeliveries: () => countPending(database.db) }) : undefined;
  // OpenTelemetry traces when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT); else nothing of it loads.
  const tracing = await loadTracing({ log: logger });
  const withTracing = tracing ? { tracing } : {};
  // An instance killed while refreshing a carrier token leaves its lease, which others wait out
  // (the carrier timeout plus 5 s: tokenLeaseMs) before refreshing themselves; on SQLite no other
  // process can hold one, so it is let go.
  if (database.dialect === 'sqlite') await releaseAllLeases(database.db);
  const carriers = createCarrierRuntime({
    config,
    tokens: createTokenStore({ db: database.db, sealer, clock, leaseMs: tokenLeaseMs(config.carriers.timeoutMs) }),
    clock,
    ...(emulatorServer ? { emulatorUrl: emulatorServer.url } : {}),
    ...(metrics ? { metrics } : {}),
    ...withTracing,
  });

  const deps = {
    config,
    logger,
    database,
    sealer,
    clock,
    declarations,
    adapters: carriers.adapters,
    labels: carriers.labels,
    masterTestAccounts,
    trackConcurrency: config.trackConcurrency,
    ...(metrics ? { metrics } : {}),
  };
  const services = createServices(deps);
  const app = await buildApp({ ...deps, services, ...withTracing });
  const url = await app.listen({ host: config.host, port: config.port }).catch(async (err: unknown) => {
    await app.close();
    await carriers.close();
    await emulatorServer?.close();
    await database.close();
    throw portTaken(err, config.port, 'PORT', 'Waybill');
  });
  // Webhook deliveries and background tracking run in every instance; the database shares the work.
  const background = startBackground({
    database,
    sealer,
    clock,
    config,
    services,
    log: logger.child({ component: 'background' }),
    baseUrl: url,
    ...(metrics ? { metrics } : {}),
    ...withTracing,
  });
  // What a burst of work (a 32 MiB batch body, a long PDF) grew the heap to, given back once it is over.
  const memory = startMemoryReturn({ log: logger.child({ component: 'memory' }) });
  logger.info({ url, database: database.dialect, carriers: config.carriers.mode }, `Waybill listening on ${url}`);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      memory.stop();
      await app.close();
      await background.stop();
      await carriers.close();
      const started = await emulator?.catch(() => undefined);
      await (started ? started.close() : emulatorServer?.close());
      await database.close();
      // Last, so that the spans of the requests and deliveries drained above are exported too.
      await tracing?.shutdown();
    })());
  return { app, url, database, close };
}

/**
 * The emulator on the port bound for it, loaded by the first request there. One that cannot start
 * (its state file unreadable) is logged, and what reaches its port is answered 503 with why.
 */
function startEmbeddedEmulator(server: HeldServer, stateDir: string, logger: Logger): Promise<Emulator> {
  const log = logger.child({ component: 'emulator' }, { level: 'warn' });
  const started = import('./emulator/server.js').then((m) => m.createEmulator({ server, stateDir, logger: log }));
  started.catch((err: unknown) => {
    log.error({ err }, 'the carrier emulator could not start');
    server.fail(`the carrier emulator could not start: ${err instanceof Error ? err.message : String(err)}`);
  });
  return started;
}
