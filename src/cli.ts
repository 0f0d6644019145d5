/**
 * waybill serve | migrate | keys create/list/revoke | emulator, and the shipping commands
 * (shipping-cli/, loaded only when one runs). The service's commands read the same environment as
 * the service (README "Configuration"); the shipping ones call a service (README "Client and CLI").
 */
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { systemClock } from './clock.js';
import { carrierNames } from './carriers/declarations.js';
import { ConfigError, loadConfig as loadConfigOf, type Config } from './config.js';
import { createLogger } from './logger.js';
import { openDatabase, openSealer, startServer } from './main.js';
import { SealingKeyMismatch } from './storage/key-check.js';
import { createKey, listKeys, revokeKey } from './storage/repositories/keys.js';
import { isTenantName } from './domain/tenants.js';
import { KEY_SCOPES } from './domain/permissions.js';

const USAGE = `usage: waybill <command>
  serve                                   start the HTTP service
  migrate                                 bring the database schema up to date
  keys create --tenant NAME [--expires-in 30d] [--scope read|ship|admin] [--name TEXT]
                                          issue an API key (printed once, last line)
  keys list [--tenant NAME]               list keys (never the keys themselves)
  keys revoke <id>                        revoke a key
  emulator                                run the carrier emulator alone
shipping, against a running service:
  rate, ship, track, cancel, labels, batch, accounts, webhooks   (waybill help shipping)`;

// The shipping commands' names (shipping-cli/index.ts's SHIPPING_COMMANDS), here so that no other command loads that module.
const SHIPPING = new Set(['rate', 'ship', 'track', 'cancel', 'labels', 'batch', 'accounts', 'webhooks']);

const DURATION = /^(\d+)([smhdw])$/;
const UNIT_MS: Record<string, number> = { s: 1e3, m: 60e3, h: 3600e3, d: 86400e3, w: 7 * 86400e3 };

export function parseDuration(text: string): number {
  const m = DURATION.exec(text.trim());
  if (!m || Number(m[1]) <= 0) throw new UsageError(`--expires-in takes a positive number with a unit s, m, h, d or w, e.g. 30d; got "${text}"`);
  return Number(m[1]) * UNIT_MS[m[2]!]!;
}

class UsageError extends Error {}

/** The process environment as configuration, with the carriers the registry lists. */
const loadConfig = (): Config => loadConfigOf(process.env, carrierNames);

async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(config, createLogger('warn'));
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function keys(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({ args: rest, options: { tenant: { type: 'string' }, 'expires-in': { type: 'string' }, scope: { type: 'string' }, name: { type: 'string' } }, allowPositionals: true });
  if (sub === 'create') {
    const tenant = values.tenant?.trim();
    if (!isTenantName(tenant)) throw new UsageError('keys create needs --tenant NAME (letters, digits, . _ -)');
    const now = systemClock.now();
    const expiresAt = values['expires-in'] ? new Date(now.getTime() + parseDuration(values['expires-in'])) : undefined;
    // Without --scope the key may do everything, as keys always could.
    const scope = values.scope;
    if (scope !== undefined && !(KEY_SCOPES as readonly string[]).includes(scope)) throw new UsageError(`--scope is one of ${KEY_SCOPES.join(', ')}; got "${scope}"`);
    const name = values.name?.trim();
    const { record, key } = await withDatabase((d) => createKey(d.db, { tenant, now, ...(expiresAt ? { expiresAt } : {}), ...(scope ? { scope } : {}), ...(name ? { name } : {}) }));
    console.log(`created key ${record.id} for tenant ${tenant}${scope ? ` with scope ${scope}` : ''}${expiresAt ? `, expires ${expiresAt.toISOString()}` : ''}; it is shown only once:`);
    console.log(key);
    return;
  }
  if (sub === 'list') {
    const rows = await withDatabase((d) => listKeys(d.db, values.tenant));
    for (const r of rows) {
      const state = r.revoked_at ? `revoked ${r.revoked_at}` : r.expires_at && r.expires_at <= new Date().toISOString() ? `expired ${r.expires_at}` : r.expires_at ? `expires ${r.expires_at}` : 'active';
      console.log(`${r.id}\t${r.tenant}\t${r.key_prefix}…\t${r.scope ?? 'full'}\tcreated ${r.created_at}\t${state}${r.name ? `\t${r.name}` : ''}`);
    }
    if (rows.length === 0) console.log('no keys');
    return;
  }
  if (sub === 'revoke') {
    const id = positionals[0];
    if (!id) throw new UsageError('keys revoke needs the key id (see keys list)');
    const done = await withDatabase((d) => revokeKey(d.db, id, systemClock.now()));
    if (!done) throw new UsageError(`no active key ${id}`);
    console.log(`revoked ${id}`);
    return;
  }
  throw new UsageError(USAGE);
}

/**
 * V8 lets the old generation grow to several times its live data before collecting it; a service
 * that allocates fast (a batch being booked, cached /track under load) then carries tens of MB of
 * garbage. Capping each step of growth at 30 % kept a 10,000-item batch within +40 MB instead of
 * +64 to +104 MB, and 200 connections of cached /track at about 150 MB instead of 170 to 200, with
 * no measurable cost in throughput (bench/README.md). An operator's own setting wins.
 */
function limitHeapGrowth(): void {
  // Node refuses this flag in NODE_OPTIONS: an operator gives it on node's command line.
  if (!process.execArgv.some((a) => a.startsWith('--heap-growing-percent'))) v8.setFlagsFromString('--heap-growing-percent=30');
}

async function serve(): Promise<void> {
  limitHeapGrowth();
  const server = await startServer(loadConfig());
  const stop = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (command && SHIPPING.has(command)) {
    const shipping = await import('./shipping-cli/index.js');
    process.exitCode = await shipping.runShippingCommand(command as (typeof shipping.SHIPPING_COMMANDS)[number], args);
    return;
  }
  if (command === 'help' && args[0] === 'shipping') {
    console.log(`usage: waybill <command>\n${(await import('./shipping-cli/index.js')).SHIPPING_USAGE}`);
    return;
  }
  switch (command) {
    case 'serve':
      return serve();
    case 'migrate':
      // A wrong sealing key is refused here too, before any instance is started with it.
      await withDatabase((d) => openSealer(loadConfig(), d, systemClock.now()));
      console.log('database is up to date');
      return;
    case 'keys':
      return keys(args);
    case 'emulator': {
      const { runEmulatorCli } = await import('./emulator/cli.js');
      return runEmulatorCli(loadConfig());
    }
    default:
      throw new UsageError(USAGE);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError || err instanceof ConfigError || err instanceof SealingKeyMismatch) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
