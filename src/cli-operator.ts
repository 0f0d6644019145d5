/**
 * The operator's commands on the service's database: keys create/list/revoke, users
 * create/reset-password/list, tenants create/set-platform (usage in cli-usage.ts); and the
 * configuration and database they, and migrate in cli.ts, open.
 */
import { systemClock } from './foundations/clock.js';
import { parseDuration } from './foundations/duration.js';
import { carrierNames } from './carriers/declarations.js';
import { loadConfig as loadConfigOf, type Config } from './foundations/config.js';
import { createLogger } from './foundations/logger.js';
import { openDatabase, openSealer } from './main.js';
import { createKey, listKeys, readKeyById, revokeKey } from './storage/repositories/keys.js';
import { insertTenant, setPlatform, tenantNameTaken } from './storage/repositories/tenants.js';
import { isTenantName } from './domain/tenants.js';
import { isRole, KEY_SCOPES } from './domain/permissions.js';
import { ApiError } from './domain/errors.js';
import { createOperatorIdentity, generatePassword, recordAudit } from './services/index.js';
import { parseOptions, usageOf, UsageError } from './cli-usage.js';

/** keys create's --expires-in: a positive number with a unit (weeks too; bare seconds are not taken). */
function expiresIn(text: string): number {
  const ms = parseDuration(text, { weeks: true, bareSeconds: false });
  if (ms === undefined)
    throw new UsageError(`--expires-in takes a positive number with a unit s, m, h, d or w, e.g. 30d; got "${text}"`);
  return ms;
}

/** The process environment as configuration, with the carriers the registry lists. */
export const loadConfig = (): Config => loadConfigOf(process.env, carrierNames);

export async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(config, createLogger('warn'));
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

export async function keys(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseOptions(`keys ${sub ?? ''}`.trim(), {
    args: rest,
    options: {
      tenant: { type: 'string' },
      'expires-in': { type: 'string' },
      scope: { type: 'string' },
      name: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (sub === 'create') {
    const tenant = values.tenant?.trim();
    if (!isTenantName(tenant)) throw new UsageError('keys create needs --tenant NAME (letters, digits, . _ -)');
    const now = systemClock.now();
    const expiresAt = values['expires-in'] ? new Date(now.getTime() + expiresIn(values['expires-in'])) : undefined;
    // Without --scope the key may do everything, as keys always could.
    const scope = values.scope;
    if (scope !== undefined && !(KEY_SCOPES as readonly string[]).includes(scope))
      throw new UsageError(`--scope is one of ${KEY_SCOPES.join(', ')}; got "${scope}"`);
    const name = values.name?.trim();
    const { record, key } = await withDatabase((d) =>
      d.db.transaction().execute(async (trx) => {
        const made = await createKey(trx, {
          tenant,
          now,
          ...(expiresAt ? { expiresAt } : {}),
          ...(scope ? { scope } : {}),
          ...(name ? { name } : {}),
        });
        await recordAudit(
          trx,
          { tenant, actor: { kind: 'operator' } },
          {
            action: 'key.created',
            resource: { id: made.record.id },
            changes: { scope: scope ?? 'full', prefix: made.record.key_prefix, ...(name ? { name } : {}) },
            at: now,
          },
        );
        return made;
      }),
    );
    console.log(
      `created key ${record.id} for tenant ${tenant}${scope ? ` with scope ${scope}` : ''}${expiresAt ? `, expires ${expiresAt.toISOString()}` : ''}; it is shown only once:`,
    );
    console.log(key);
    return;
  }
  if (sub === 'list') {
    const rows = await withDatabase((d) => listKeys(d.db, values.tenant));
    for (const r of rows) {
      const state = r.revoked_at
        ? `revoked ${r.revoked_at}`
        : r.expires_at && r.expires_at <= new Date().toISOString()
          ? `expired ${r.expires_at}`
          : r.expires_at
            ? `expires ${r.expires_at}`
            : 'active';
      console.log(
        `${r.id}\t${r.tenant}\t${r.key_prefix}…\t${r.scope ?? 'full'}\tcreated ${r.created_at}\t${state}${r.name ? `\t${r.name}` : ''}`,
      );
    }
    if (rows.length === 0) console.log('no keys');
    return;
  }
  if (sub === 'revoke') {
    const id = positionals[0];
    if (!id) throw new UsageError('keys revoke needs the key id (see keys list)');
    const now = systemClock.now();
    const done = await withDatabase((d) =>
      d.db.transaction().execute(async (trx) => {
        const found = await readKeyById(trx, id);
        if (!found || !(await revokeKey(trx, id, now))) return false;
        await recordAudit(
          trx,
          { tenant: found.tenant, actor: { kind: 'operator' } },
          { action: 'key.revoked', resource: { id }, at: now },
        );
        return true;
      }),
    );
    if (!done) throw new UsageError(`no active key ${id}`);
    console.log(`revoked ${id}`);
    return;
  }
  throw new UsageError(usageOf('keys'));
}

/** The identity feature on the configured database, with the instance's sealing key (its links are the service's). */
async function withIdentity<T>(
  fn: (identity: ReturnType<typeof createOperatorIdentity>, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  return withDatabase(async (database) => {
    const sealer = await openSealer(config, database, systemClock.now());
    try {
      return await fn(createOperatorIdentity({ database, sealer, clock: systemClock, config }), config);
    } catch (err) {
      // What the service would answer 4xx (a taken address, a short password) is a usage error here.
      if (err instanceof ApiError && err.code !== 'unexpected_exception') throw new UsageError(err.message);
      throw err;
    }
  });
}

/** Where the service is reached, for the links it prints: WAYBILL_PUBLIC_URL, else the address it listens on. */
function publicBase(config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host =
    config.host === '0.0.0.0'
      ? '127.0.0.1'
      : config.host === '::'
        ? '[::1]'
        : config.host.includes(':')
          ? `[${config.host}]`
          : config.host;
  return `http://${host}:${config.port}`;
}

export async function users(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  const { values } = parseOptions(`users ${sub ?? ''}`.trim(), {
    args: rest,
    options: {
      tenant: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      'with-password': { type: 'boolean' },
    },
  });
  const email = values.email?.trim();
  if (sub === 'create') {
    const tenant = values.tenant?.trim();
    if (!isTenantName(tenant)) throw new UsageError('users create needs --tenant NAME (letters, digits, . _ -)');
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError('users create needs --email ADDRESS');
    if (!isRole(values.role)) throw new UsageError('users create needs --role owner, admin, shipper or viewer');
    const role = values.role;
    const password = values['with-password'] ? generatePassword() : undefined;
    const made = await withIdentity((identity, config) =>
      identity.users.create(
        tenant,
        { email, role, ...(values.name ? { name: values.name } : {}), ...(password ? { password } : {}) },
        null,
        publicBase(config),
      ),
    );
    if (password) {
      console.log(
        `created user ${made.user.id} (${made.user.email}, ${role} of ${tenant}); the password is shown only once:`,
      );
      console.log(password);
    } else {
      console.log(
        `created user ${made.user.id} (${made.user.email}, ${role} of ${tenant}); hand on this invitation link (it works once, until ${made.invitation!.expires}):`,
      );
      console.log(made.invitation!.url);
    }
    return;
  }
  if (sub === 'reset-password') {
    if (!email) throw new UsageError('users reset-password needs --email ADDRESS');
    const password = generatePassword();
    const user = await withIdentity((identity) => identity.users.resetPassword(email, password));
    console.log(`new password for ${user.email} (${user.id}); every session of the user ended; it is shown only once:`);
    console.log(password);
    return;
  }
  if (sub === 'list') {
    const tenant = values.tenant?.trim();
    if (!isTenantName(tenant)) throw new UsageError('users list needs --tenant NAME');
    const list = await withIdentity((identity) => identity.users.list(tenant));
    for (const u of list)
      console.log(
        `${u.id}\t${u.email}\t${u.role}\t${u.status}\tcreated ${u.created}${u.last_sign_in ? `\tlast sign-in ${u.last_sign_in}` : ''}`,
      );
    if (list.length === 0) console.log('no users');
    return;
  }
  throw new UsageError(usageOf('users'));
}

/** The operator's tenants: a platform is made here, never through the API. */
export async function tenants(args: string[]): Promise<void> {
  const [sub] = args;
  const { values, positionals } = parseOptions(`tenants ${sub ?? ''}`.trim(), {
    args: args.slice(1),
    allowPositionals: true,
    options: { platform: { type: 'boolean' } },
  });
  const name = positionals[0]?.trim();
  if ((sub !== 'create' && sub !== 'set-platform') || positionals.length !== 1)
    throw new UsageError(usageOf('tenants'));
  if (!isTenantName(name)) throw new UsageError(`tenants ${sub} needs a tenant NAME (letters, digits, . _ -)`);
  const now = systemClock.now();
  if (sub === 'create') {
    await withDatabase(async (d) => {
      if (await tenantNameTaken(d.db, name)) throw new UsageError(`the tenant name ${name} is taken`);
      await insertTenant(d.db, {
        id: name,
        parent: null,
        platform: values.platform === true,
        status: 'active',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    });
    console.log(
      `created tenant ${name}${values.platform ? ', a platform' : ''}; make its first user with waybill users create --tenant ${name}`,
    );
    return;
  }
  await withDatabase((d) => setPlatform(d.db, name, now));
  console.log(`tenant ${name} is a platform: its owners may create merchants (POST /tenants)`);
}
